import "../shell/portal.css";
import { useEffect } from "react";
import { signOut } from "../../core/session/session.ts";
import type { Lang } from "../../core/i18n/locale.ts";
import { ErrorBoundary } from "../shell/ErrorBoundary.tsx";
import { Spinner } from "../shell/Spinner.tsx";
import { useRuntimeCheck } from "../shell/use-runtime.ts";
import { useT } from "../shell/use-t.ts";

/**
 * /uitloggen: clears the selected account, tokens and private caches (in every tab), then returns to
 * the site origin through the provider's logout; without a session it goes home directly.
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
  useEffect(() => {
    if (!runtime.ok) return;
    void signOut();
  }, [lang, runtime.ok]);
  if (!runtime.ok) return runtime.message ? <p role="alert">{runtime.message}</p> : null;
  return <Spinner label={t("auth.signingOut")} />;
}
