import "./portal.css";
import { useStore } from "@nanostores/react";
import { lazy, Suspense, useDeferredValue, useEffect, type ReactNode } from "react";
import { api } from "../../core/session/browser-client.ts";
import { currentTarget } from "../../core/auth/return-to.ts";
import { $sessionExpired, $signingOut, startAuth } from "../../core/session/session.ts";
import { localizedPath, type Lang } from "../../core/i18n/locale.ts";
import { guardView } from "../../core/permissions/guard.ts";
import { SCREENS, type ScreenId } from "../../core/portal/screens.ts";
import { $accounts, ensureAccounts, loadAccounts } from "../../core/stores/accounts.ts";
import { $auth } from "../../core/stores/auth.ts";
import { $permissions, rememberInitialChoice } from "../../core/stores/selected-account.ts";
import { ErrorBoundary } from "./ErrorBoundary.tsx";
import { showPortalNav } from "./portal-nav.ts";
import { Spinner } from "./Spinner.tsx";
import { useRuntimeCheck } from "./use-runtime.ts";
import { useT } from "./use-t.ts";

// Shown only when something went wrong or is not allowed, so they load then and not with every portal page.
const AuthErrorMessage = lazy(async () => ({
  default: (await import("./AuthErrorMessage.tsx")).AuthErrorMessage,
}));
const NoPermission = lazy(async () => ({
  default: (await import("./NoPermission.tsx")).NoPermission,
}));
const SessionExpiredDialog = lazy(async () => ({
  default: (await import("./SessionExpiredDialog.tsx")).SessionExpiredDialog,
}));

export type PortalGuardProps = {
  lang: Lang;
  /** The screen this island is: its entry in the screen registry says what opens it. */
  screen: ScreenId;
  /**
   * Shown while signing in and loading the accounts instead of the spinner: a placeholder in the
   * shape of the page (the same the static HTML shows), so the page does not move when it is allowed.
   */
  loading?: ReactNode;
  /**
   * Mount the screen as a transition, in slices that give the browser its thread back between them,
   * instead of in one long task. For a screen whose every part keeps its place as it fills in (the
   * dashboard, with its skeletons); a screen whose blocks grow when their data arrives keeps the
   * plain mount, where the data and the mount are more often painted together.
   */
  mountInSlices?: boolean;
  children: ReactNode;
};

/**
 * The shell of every private island: runtime settings, sign-in (anonymous visitors go to /inloggen
 * with their path and query as returnTo), the accounts and the selected account, the route's
 * permission, an error boundary and the session-expired dialog. Children render only when allowed.
 */
export function PortalGuard({ lang, screen, loading, mountInSlices, children }: PortalGuardProps) {
  const runtime = useRuntimeCheck(lang);
  return (
    <ErrorBoundary lang={lang}>
      {runtime.ok ? (
        <Guarded lang={lang} screen={screen} loading={loading} mountInSlices={mountInSlices === true}>
          {children}
        </Guarded>
      ) : (
        <SettingsProblem lang={lang} message={runtime.message} />
      )}
    </ErrorBoundary>
  );
}

function Guarded({ lang, screen, loading, mountInSlices, children }: PortalGuardProps) {
  const t = useT(lang);
  const { permissions, needsAccount } = SCREENS[screen];
  const auth = useStore($auth);
  const accounts = useStore($accounts);
  const held = useStore($permissions);
  const sessionExpired = useStore($sessionExpired);
  const signingOut = useStore($signingOut);
  const view = guardView({
    auth,
    sessionExpired,
    signingOut,
    accounts,
    needsAccount,
    required: permissions,
    held,
  });

  useEffect(() => {
    void startAuth();
  }, []);
  useEffect(() => {
    if (auth.isAuthenticated && needsAccount) ensureAccounts(api());
  }, [auth.isAuthenticated, needsAccount]);
  useEffect(() => {
    if (accounts.status === "ready") rememberInitialChoice();
  }, [accounts.status]);
  useEffect(() => {
    if (accounts.status === "ready") showPortalNav(held, accounts.list.length);
  }, [accounts.status, accounts.list.length, held]);
  useEffect(() => {
    if (view.kind !== "sign-in") return;
    const returnTo = encodeURIComponent(currentTarget(window.location));
    window.location.replace(`${localizedPath(lang, "/inloggen")}?returnTo=${returnTo}`);
  }, [view.kind, lang]);

  // With `mountInSlices` the screen follows the view as a transition: the sign-in and account updates
  // render at once and change only this value; the screen itself then mounts in slices. Without it
  // the deferred value never changes, so no extra render is scheduled.
  const deferred = useDeferredValue(mountInSlices ? view.kind : undefined);
  const shown = deferred ?? view.kind;

  switch (shown) {
    case "loading":
    case "sign-in":
      return loading ?? <Spinner label={t("common.loading")} />;
    case "auth-error":
      return auth.error ? (
        <Suspense fallback={<Spinner label={t("common.loading")} />}>
          <AuthErrorMessage lang={lang} error={auth.error} returnTo={currentTarget(window.location)} />
        </Suspense>
      ) : null;
    case "accounts-error":
      return (
        <section className="kp-portal-message kp-portal-message--error" role="alert">
          <p>{t("auth.account.error")}</p>
          <button
            type="button"
            className="kp-button kp-button--primary"
            onClick={() => void loadAccounts(api())}
          >
            {t("common.retry")}
          </button>
        </section>
      );
    case "no-accounts":
      return (
        <section className="kp-portal-message" role="status">
          <p>{t("auth.account.none")}</p>
        </section>
      );
    case "forbidden":
      return (
        <Suspense fallback={<Spinner label={t("common.loading")} />}>
          <NoPermission lang={lang} />
        </Suspense>
      );
    case "allowed":
      return (
        <>
          {children}
          {sessionExpired && (
            <Suspense fallback={null}>
              <SessionExpiredDialog lang={lang} />
            </Suspense>
          )}
        </>
      );
  }
}

function SettingsProblem({ lang, message }: { lang: Lang; message: string | undefined }) {
  const t = useT(lang);
  if (message === undefined) return <Spinner label={t("common.loading")} />;
  return (
    <section className="kp-portal-message kp-portal-message--error" role="alert" data-settings-error>
      <h1>{t("auth.settings.invalid")}</h1>
      <p>{message}</p>
    </section>
  );
}
