import "../shell/portal.css";
import { useEffect, useState } from "react";
import { preselectAccount } from "../../core/auth/account-hint.ts";
import { toAuthError, type AuthError } from "../../core/auth/errors.ts";
import { DASHBOARD_PATH, sanitizeReturnTo } from "../../core/auth/return-to.ts";
import { oidcSession } from "../../core/session/session.ts";
import { localizedPath, type Lang } from "../../core/i18n/locale.ts";
import { AuthErrorMessage } from "../shell/AuthErrorMessage.tsx";
import { ErrorBoundary } from "../shell/ErrorBoundary.tsx";
import { Spinner } from "../shell/Spinner.tsx";
import { useRuntimeCheck } from "../shell/use-runtime.ts";
import { useT } from "../shell/use-t.ts";

/**
 * /inloggen: sends the browser to the provider, carrying the (sanitised) target URL as returnTo; an
 * `account` hint becomes the stored account choice first.
 */
export default function LoginRedirect({ lang }: { lang: Lang }) {
  return (
    <ErrorBoundary lang={lang}>
      <Redirecting lang={lang} />
    </ErrorBoundary>
  );
}

function Redirecting({ lang }: { lang: Lang }) {
  const t = useT(lang);
  const runtime = useRuntimeCheck(lang);
  const [error, setError] = useState<AuthError | undefined>();

  useEffect(() => {
    if (!runtime.ok) return;
    preselectAccount(window.location.search, window.localStorage);
    const raw = new URLSearchParams(window.location.search).get("returnTo");
    const returnTo = sanitizeReturnTo(raw, localizedPath(lang, DASHBOARD_PATH));
    oidcSession()
      .loginWithRedirect(returnTo, lang)
      .catch((cause: unknown) => setError(toAuthError(cause, "login_failed")));
  }, [lang, runtime.ok]);

  if (!runtime.ok) return runtime.message ? <p role="alert">{runtime.message}</p> : null;
  if (error) return <AuthErrorMessage lang={lang} error={error} />;
  return <Spinner label={t("auth.signingIn")} />;
}
