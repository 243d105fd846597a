import "../shell/portal.css";
import { useStore } from "@nanostores/react";
import { useEffect, useState } from "react";
import { AUTH_ERROR_TEXT, AuthError } from "../../core/auth/errors.ts";
import { DASHBOARD_PATH, sanitizeReturnTo } from "../../core/auth/return-to.ts";
import { oidcSession, startAuth } from "../../core/session/session.ts";
import { $auth, isCallbackUrl } from "../../core/stores/auth.ts";
import { localizedPath, type Lang } from "../../core/i18n/locale.ts";
import { AuthErrorMessage } from "../shell/AuthErrorMessage.tsx";
import { ErrorBoundary } from "../shell/ErrorBoundary.tsx";
import { Spinner } from "../shell/Spinner.tsx";
import { useRuntimeCheck } from "../shell/use-runtime.ts";
import { useT } from "../shell/use-t.ts";

/**
 * /callback: a loading indicator while code and state are exchanged and checked, then the stored
 * target URL (or the dashboard). In the sign-in popup it hands the answer to the opening page.
 */
export default function CallbackScreen({ lang }: { lang: Lang }) {
  return (
    <ErrorBoundary lang={lang}>
      <Callback lang={lang} />
    </ErrorBoundary>
  );
}

function Callback({ lang }: { lang: Lang }) {
  const t = useT(lang);
  const runtime = useRuntimeCheck(lang);
  const { error } = useStore($auth);
  // Opened without code/error and state (a bookmark, a reload after the fact): nothing to finish.
  const [noParams] = useState(() =>
    isCallbackUrl(new URL(window.location.href)) ? undefined : new AuthError("no_callback_params", AUTH_ERROR_TEXT.noQueryParams),
  );

  useEffect(() => {
    if (!runtime.ok || noParams) return;
    if ((window.opener && window.opener !== window) || oidcSession().isPopupCallback(window.location.href)) {
      void oidcSession().finishPopup(window.location.href);
      return;
    }
    void startAuth().then(({ returnTo }) => {
      // The target came back from storage: it goes through the one return-path check before use.
      if ($auth.get().isAuthenticated && returnTo) window.location.replace(sanitizeReturnTo(returnTo, localizedPath(lang, DASHBOARD_PATH)));
    });
  }, [lang, runtime.ok, noParams]);

  if (!runtime.ok) return runtime.message ? <p role="alert">{runtime.message}</p> : null;
  const failure = noParams ?? error;
  if (failure) return <AuthErrorMessage lang={lang} error={failure} />;
  return <Spinner label={t("auth.callback.busy")} />;
}
