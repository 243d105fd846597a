import "../shell/portal.css";
import { useStore } from "@nanostores/react";
import { useEffect } from "react";
import { oidcSession, startAuth } from "../../core/auth/session.ts";
import { $auth } from "../../core/stores/auth.ts";
import type { Lang } from "../../core/i18n/locale.ts";
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

  useEffect(() => {
    if (!runtime.ok) return;
    if (window.opener && window.opener !== window) {
      void oidcSession().finishPopup(window.location.href);
      return;
    }
    void startAuth().then(({ returnTo }) => {
      if ($auth.get().isAuthenticated && returnTo) window.location.replace(returnTo);
    });
  }, [runtime.ok]);

  if (!runtime.ok) return runtime.message ? <p role="alert">{runtime.message}</p> : null;
  if (error) return <AuthErrorMessage lang={lang} error={error} />;
  return <Spinner label={t("auth.callback.busy")} />;
}
