import { useEffect, useState, type FormEvent } from "react";
import * as v from "valibot";
import { MonthlyBundleInputSchema, type MonthlyBundle } from "../../../core/api/schemas/business.ts";
import { ApiError } from "../../../core/api/errors.ts";
import type { BusinessApi } from "../../../core/business/api.ts";
import type { Lang } from "../../../core/i18n/locale.ts";
import { issuesToFieldErrors } from "../../../core/validation/field-error.ts";
import { useT } from "../../shell/use-t.ts";
import { TextField } from "../../shared/TextField.tsx";

type Saved = { status: "idle" } | { status: "saving" } | { status: "saved"; bundle: MonthlyBundle } | { status: "failed" };

/**
 * The main user's switch for the monthly bundle to the bookkeeper. Shown only to the main user: for
 * anyone else the API answers 403 and there is nothing to show. Checked here by the same schema as
 * the API; what was typed stays when saving fails.
 */
export function MonthlyBundleForm({ lang, calls }: { lang: Lang; calls: BusinessApi }) {
  const t = useT(lang);
  const [loaded, setLoaded] = useState<MonthlyBundle | null>(null);
  const [enabled, setEnabled] = useState(false);
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [saved, setSaved] = useState<Saved>({ status: "idle" });

  useEffect(() => {
    let current = true;
    calls
      .monthlyBundle()
      .then((bundle) => {
        if (!current || !bundle) return;
        setLoaded(bundle);
        setEnabled(bundle.enabled);
        setEmail(bundle.email ?? "");
      })
      // Not the main user's, or not reachable now: the switch is simply not offered.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [calls]);

  if (!loaded) return null;

  async function save(event: FormEvent) {
    event.preventDefault();
    const input = { enabled, email: email.trim() === "" ? null : email };
    const checked = v.safeParse(MonthlyBundleInputSchema, input);
    if (!checked.success) {
      setError(issuesToFieldErrors(checked.issues)[0]?.code);
      return;
    }
    setError(undefined);
    setSaved({ status: "saving" });
    try {
      const bundle = await calls.saveMonthlyBundle(checked.output);
      setSaved(bundle ? { status: "saved", bundle } : { status: "failed" });
    } catch (failure) {
      const code = failure instanceof ApiError ? (failure.body as { errors?: { code?: string }[] } | null)?.errors?.[0]?.code : undefined;
      if (code === "email" || code === "required") setError(code);
      setSaved({ status: code ? "idle" : "failed" });
    }
  }

  return (
    <section className="kp-monthly-bundle" aria-labelledby="kp-monthly-bundle-title" data-section="monthly-bundle">
      <h2 id="kp-monthly-bundle-title">{t("biz.monthly.title")}</h2>
      <p className="kp-intro">{t("biz.monthly.intro")}</p>
      <form onSubmit={(event) => void save(event)} noValidate>
        <div className="kp-check">
          <input id="kp-monthly-bundle-enabled" type="checkbox" checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />
          <label htmlFor="kp-monthly-bundle-enabled">{t("biz.monthly.enabled")}</label>
        </div>
        <TextField
          id="kp-monthly-bundle-email"
          name="email"
          type="email"
          autoComplete="email"
          label={t("biz.monthly.email")}
          value={email}
          onChange={setEmail}
          error={error === "email" ? t("biz.monthly.error.email") : error === "required" ? t("biz.monthly.error.required") : undefined}
        />
        <button type="submit" className="kp-button" disabled={saved.status === "saving"}>
          {t("biz.monthly.save")}
        </button>
        {saved.status === "saved" && (
          <p className="kp-alert kp-alert--success" role="status">
            {saved.bundle.enabled && saved.bundle.email ? t("biz.monthly.savedOn", { email: saved.bundle.email }) : t("biz.monthly.saved")}
          </p>
        )}
        {saved.status === "failed" && (
          <p className="kp-alert kp-alert--error" role="alert">
            {t("biz.monthly.failed")}
          </p>
        )}
      </form>
    </section>
  );
}
