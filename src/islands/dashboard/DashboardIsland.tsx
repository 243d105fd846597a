import { useStore } from "@nanostores/react";
import type { Lang } from "../../core/i18n/locale.ts";
import { $auth } from "../../core/stores/auth.ts";
import { $selectedAccountRecord } from "../../core/stores/selected-account.ts";
import { AccountSelection } from "../shell/AccountSelection.tsx";
import { PortalGuard } from "../shell/PortalGuard.tsx";
import { useT } from "../shell/use-t.ts";

/**
 * The dashboard: for now a welcome with the current account and the account selection; the
 * account-and-users work fills it in.
 */
export default function DashboardIsland({ lang }: { lang: Lang }) {
  return (
    <PortalGuard lang={lang}>
      <Dashboard lang={lang} />
    </PortalGuard>
  );
}

function Dashboard({ lang }: { lang: Lang }) {
  const t = useT(lang);
  const { user } = useStore($auth);
  const account = useStore($selectedAccountRecord);
  return (
    <div className="kp-container kp-dashboard">
      <h1>{t("auth.dashboard.title")}</h1>
      <p data-welcome>{t("auth.dashboard.welcome", { name: user?.name ?? "" })}</p>
      {account && <p data-current-account={account.accountnumber}>{t("auth.dashboard.account", { name: account.name, number: account.accountnumber })}</p>}
      <AccountSelection lang={lang} />
    </div>
  );
}
