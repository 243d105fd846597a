import { lazy, Suspense, useRef, useState, type SubmitEvent } from "react";
import { api } from "../../core/session/browser-client.ts";
import type { UserProfile } from "../../core/api/schemas/people.ts";
import type { Lang } from "../../core/i18n/locale.ts";
import { apiFieldErrors, fieldMessages } from "../../core/portal/form-errors.ts";
import { recheckShown } from "../../core/validation/recheck-shown.ts";
import type { FieldError, ValidationCode } from "../../core/validation/field-error.ts";
import { loadProfile, profileFormValues, saveProfile, validateProfileForm, type ProfileFormValues } from "../../core/portal/profile.ts";
import { Block } from "../shared/Block.tsx";
import { focusFirstInvalid } from "../shared/first-invalid.ts";
import { Notice } from "../shared/Notice.tsx";
import { TextField } from "../shared/TextField.tsx";
import { useResource } from "../shared/use-resource.ts";
import { EmailAddress } from "../shell/EmailAddress.tsx";
import { PortalGuard } from "../shell/PortalGuard.tsx";
import { useT } from "../shell/use-t.ts";
import { loadScreenStrings } from "../../core/portal/screen-strings.ts";
import { hasAnswered } from "../../core/stores/resource.ts";

// The strings part its registry entry names, loaded before the first render.
await loadScreenStrings("profile");

// The notification preferences come as a chunk of their own, after the profile form.
const NotificationPreferencesBlock = lazy(() => import("./NotificationPreferencesBlock.tsx"));

/** The signed-in user's own profile: name and phone editable, the e-mail address (sign-in name) shown. */
export default function ProfileIsland({ lang }: { lang: Lang }) {
  return (
    <PortalGuard lang={lang} screen="profile">
      <ProfileScreen lang={lang} />
    </PortalGuard>
  );
}

function ProfileScreen({ lang }: { lang: Lang }) {
  const t = useT(lang);
  const profile = useResource((_account, client) => loadProfile(client));
  return (
    <div className="kp-container kp-portal">
      <h1>{t("portal.profile.title")}</h1>
      <p className="kp-lead">{t("portal.profile.intro")}</p>
      <Block lang={lang} name="profile" title={t("portal.profile.title")} state={profile.state} onRetry={profile.reload}>
        {(data) => <ProfileForm lang={lang} profile={data} onSaved={profile.set} />}
      </Block>
      {hasAnswered(profile.state) && (
        <Suspense fallback={null}>
          <NotificationPreferencesBlock lang={lang} />
        </Suspense>
      )}
    </div>
  );
}

type FormProps = { lang: Lang; profile: UserProfile; onSaved: (profile: UserProfile) => void };

function ProfileForm({ lang, profile, onSaved }: FormProps) {
  const t = useT(lang);
  const form = useRef<HTMLFormElement>(null);
  const notice = useRef<HTMLDivElement>(null);
  const [values, setValues] = useState<ProfileFormValues>(() => profileFormValues(profile));
  const [refusals, setRefusals] = useState<FieldError<ValidationCode>[]>([]);
  const errors = fieldMessages(refusals);
  const [outcome, setOutcome] = useState<"saved" | "invalid" | "failed" | undefined>();
  const [saving, setSaving] = useState(false);
  const set = (name: keyof ProfileFormValues, value: string): void => {
    const next = { ...values, [name]: value };
    setValues(next);
    setRefusals((shown) => recheckShown(shown, validateProfileForm(next), name));
  };

  async function submit(event: SubmitEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const refused = validateProfileForm(values);
    setRefusals(refused);
    if (refused.length > 0) {
      setOutcome("invalid");
      focusFirstInvalid(form.current);
      return;
    }
    setSaving(true);
    try {
      const saved = await saveProfile(api(), values);
      setOutcome("saved");
      setValues(profileFormValues(saved));
      onSaved(saved);
    } catch (error) {
      const fields = apiFieldErrors(error);
      setRefusals(fields ?? []);
      setOutcome(fields ? "invalid" : "failed");
    } finally {
      setSaving(false);
      requestAnimationFrame(() => notice.current?.focus());
    }
  }

  const message = (name: keyof ProfileFormValues): string | undefined => {
    const key = errors[name];
    return key ? t(key) : undefined;
  };

  return (
    <form ref={form} className="kp-form" noValidate onSubmit={(event) => void submit(event)} aria-busy={saving}>
      {outcome === "saved" && <Notice ref={notice} tone="success" message={t("portal.profile.saved")} />}
      {outcome === "invalid" && <Notice ref={notice} tone="error" title={t("portal.users.error.title")} message={t("portal.form.invalid")} />}
      {outcome === "failed" && <Notice ref={notice} tone="error" title={t("common.error.title")} message={t("portal.form.saveFailed")} />}
      <dl className="kp-facts">
        <div>
          <dt>{t("portal.profile.email")}</dt>
          <dd data-profile-email><EmailAddress address={profile.email} /></dd>
        </div>
      </dl>
      <TextField id="profile-firstName" name="firstName" label={t("portal.users.firstName")} value={values.firstName} onChange={(v) => set("firstName", v)} error={message("firstName")} required requiredLabel={t("portal.form.required")} autoComplete="given-name" />
      <TextField id="profile-lastName" name="lastName" label={t("portal.users.lastName")} value={values.lastName} onChange={(v) => set("lastName", v)} error={message("lastName")} required requiredLabel={t("portal.form.required")} autoComplete="family-name" />
      <TextField id="profile-phonenumber" name="phonenumber" type="tel" label={t("portal.users.phone")} value={values.phonenumber} onChange={(v) => set("phonenumber", v)} error={message("phonenumber")} required requiredLabel={t("portal.form.required")} autoComplete="tel" />
      <div className="kp-portal-actions">
        <button type="submit" className="kp-button kp-button--primary" disabled={saving}>
          {saving ? t("portal.form.saving") : t("portal.form.save")}
        </button>
      </div>
    </form>
  );
}
