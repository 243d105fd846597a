import "../shell/portal.css";
import { useStore } from "@nanostores/react";
import { useEffect } from "react";
import { $signOutOutcome, signOut } from "../../core/session/session.ts";
import { localizedPath, type Lang } from "../../core/i18n/locale.ts";
import { ErrorBoundary } from "../shell/ErrorBoundary.tsx";
import { Spinner } from "../shell/Spinner.tsx";
import { useRuntimeCheck } from "../shell/use-runtime.ts";
import { useT } from "../shell/use-t.ts";

/**
 * /uitloggen: clears the selected account, tokens and private caches (in every tab), then returns to
 * the site origin through the provider's logout. When only this browser's session could be ended
 * (the provider did not answer, or there was no session to end there), it stays and says so: the
 * next sign-in on this computer asks for the password.
 */
export default function LogoutScreen({ lang }: { lang: Lang }) {
  return (
    <ErrorBoundary lang={lang}>
      <Logout lang={lang} />
    </ErrorBoundary>
  );
}

function Logout({ lang }: { lang: Lang }) {
  const t = useT(lang);
  const runtime = useRuntimeCheck(lang);
  const outcome = useStore($signOutOutcome);
  useEffect(() => {
    if (!runtime.ok) return;
    void signOut();
  }, [lang, runtime.ok]);
  if (!runtime.ok) return runtime.message ? <p role="alert">{runtime.message}</p> : null;
  if (outcome) {
    return (
      // In the page's container: on a phone the message keeps its margins like the site's other pages.
      <div className="kp-container">
        <section className="kp-portal-message" role="status" aria-labelledby="kp-signed-out" data-sign-out={outcome}>
          <h1 id="kp-signed-out">{t("auth.signedOut")}</h1>
          <p>{t(outcome === "unreachable" ? "auth.signedOut.unreachable" : "auth.signedOut.noSession")}</p>
          <div className="kp-portal-actions">
            <a className="kp-button kp-button--primary" href={localizedPath(lang, "/")}>
              {t("auth.toHome")}
            </a>
          </div>
        </section>
      </div>
    );
  }
  return <Spinner label={t("auth.signingOut")} />;
}
