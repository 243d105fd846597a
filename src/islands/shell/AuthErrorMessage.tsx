import type { AuthError } from "../../core/auth/errors.ts";
import { localizedPath, type Lang } from "../../core/i18n/locale.ts";
import { useT } from "./use-t.ts";
import { loadMessages } from "../../core/i18n/index.ts";

// Its strings (sign-in trouble, session expiry) load with it, before it renders: no page needs them otherwise.
await loadMessages("session");

/** A sign-in failure as a translated message with the way forward: sign in again, or go home. */
export function AuthErrorMessage({ lang, error, returnTo }: { lang: Lang; error: AuthError; returnTo?: string }) {
  const t = useT(lang);
  const signIn = `${localizedPath(lang, "/inloggen")}${returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : ""}`;
  return (
    <section className="kp-portal-message kp-portal-message--error" role="alert" aria-labelledby="kp-auth-error" data-auth-error={error.kind}>
      <h1 id="kp-auth-error">{t("auth.error.title")}</h1>
      <p>{t(`auth.error.${error.kind}`)}</p>
      <div className="kp-portal-actions">
        <a className="kp-button kp-button--primary" href={signIn}>
          {t("auth.tryAgain")}
        </a>
        <a className="kp-button" href={localizedPath(lang, "/")}>
          {t("auth.toHome")}
        </a>
      </div>
    </section>
  );
}
