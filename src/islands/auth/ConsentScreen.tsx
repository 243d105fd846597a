// Its strings load with it, before it renders.
import "../../core/i18n/session-messages.ts";
import { useEffect, useState } from "react";
import { api } from "../../core/session/browser-client.ts";
import { PEOPLE } from "../../core/api/paths.ts";
import { ConsentStatusSchema } from "../../core/api/schemas/people.ts";
import { DASHBOARD_PATH, sanitizeReturnTo } from "../../core/auth/return-to.ts";
import { signOut } from "../../core/session/session.ts";
import { localizedPath, type Lang } from "../../core/i18n/locale.ts";
import { PortalGuard } from "../shell/PortalGuard.tsx";
import { Spinner } from "../shell/Spinner.tsx";
import { useT } from "../shell/use-t.ts";

/**
 * The consent actions under the terms and privacy text (which the page renders from content):
 * accepting records consent (POST /users) and continues to where the user was going; declining
 * signs out. A user who already consented goes on at once.
 */
export default function ConsentScreen({ lang }: { lang: Lang }) {
  return (
    <PortalGuard lang={lang} screen="consent">
      <ConsentActions lang={lang} />
    </PortalGuard>
  );
}

type Phase = "checking" | "asking" | "saving" | "failed";

function ConsentActions({ lang }: { lang: Lang }) {
  const t = useT(lang);
  const [phase, setPhase] = useState<Phase>("checking");
  const target = sanitizeReturnTo(new URLSearchParams(window.location.search).get("returnTo"), localizedPath(lang, DASHBOARD_PATH));

  useEffect(() => {
    api()
      .request(PEOPLE.users, ConsentStatusSchema)
      .then((status) => (status?.consented ? window.location.replace(target) : setPhase("asking")))
      .catch(() => setPhase("asking"));
  }, [target]);

  const accept = async (): Promise<void> => {
    setPhase("saving");
    try {
      await api().request(PEOPLE.users, ConsentStatusSchema, { method: "POST", json: { consented: true }, failOnError: true });
      window.location.replace(target);
    } catch {
      setPhase("failed");
    }
  };

  if (phase === "checking") return <Spinner label={t("common.loading")} />;
  return (
    <div className="kp-consent__actions">
      {phase === "failed" && (
        <p className="kp-field-error" role="alert">
          {t("auth.consent.failed")}
        </p>
      )}
      <button type="button" className="kp-button kp-button--primary" disabled={phase === "saving"} onClick={() => void accept()}>
        {phase === "saving" ? t("auth.consent.saving") : t("auth.consent.accept")}
      </button>
      <button type="button" className="kp-button" disabled={phase === "saving"} onClick={() => void signOut()}>
        {t("auth.consent.decline")}
      </button>
    </div>
  );
}
