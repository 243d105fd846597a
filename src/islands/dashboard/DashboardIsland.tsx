import { useStore } from "@nanostores/react";
import { api } from "../../core/session/browser-client.ts";
import { localizedPath, type Lang } from "../../core/i18n/locale.ts";
import { loadAccountDetails } from "../../core/portal/account-api.ts";
import { dashboardBlocks, greetingKey, loadContract, loadLatestInvoices } from "../../core/portal/dashboard.ts";
import { $auth } from "../../core/stores/auth.ts";
import { $permissions, $selectedAccount, $selectedAccountRecord } from "../../core/stores/selected-account.ts";
import { Block } from "../shared/Block.tsx";
import { useResource } from "../shared/use-resource.ts";
import { InboxList } from "../notifications/InboxList.tsx";
import { useInbox } from "../notifications/use-inbox.ts";
import { PortalGuard } from "../shell/PortalGuard.tsx";
import { useT } from "../shell/use-t.ts";
import { ContactCards } from "./ContactCards.tsx";
import { ContractSummary } from "./ContractSummary.tsx";
import { DashboardSkeleton } from "./DashboardSkeleton.tsx";
import { LatestInvoices } from "./LatestInvoices.tsx";
import { QuickLinks } from "./QuickLinks.tsx";
import { loadScreenStrings } from "../../core/portal/screen-strings.ts";

// The strings part its registry entry names, loaded before the first render.
await loadScreenStrings("dashboard");

/** How many notifications the dashboard shows; the notifications page lists them all. */
const DASHBOARD_NOTIFICATIONS = 3;

/**
 * The dashboard: greeting and current account, contact people, notifications, latest invoices
 * (FACTUREN), the sales contract (SAMENWERKINGSOVEREENKOMST) and quick links. Every block loads on
 * its own, with its own skeleton, error and retry; until the guard lets the page through, and in the
 * static HTML, the whole page is a skeleton of the same shape (DashboardSkeleton).
 */
export default function DashboardIsland({ lang }: { lang: Lang }) {
  return (
    <PortalGuard lang={lang} screen="dashboard" loading={<DashboardSkeleton lang={lang} />}>
      <Dashboard lang={lang} />
    </PortalGuard>
  );
}

function Dashboard({ lang }: { lang: Lang }) {
  const t = useT(lang);
  const { user } = useStore($auth);
  const account = useStore($selectedAccountRecord);
  const accountNumber = useStore($selectedAccount) ?? "";
  const held = useStore($permissions);
  const blocks = dashboardBlocks(held);
  const details = useResource((account) => loadAccountDetails(api(), account));
  const inbox = useInbox(accountNumber, lang);
  const inboxPath = localizedPath(lang, "/mijn-account/meldingen");

  return (
    <div className="kp-container kp-portal kp-dashboard">
      <h1 data-welcome>{t(greetingKey(new Date().getHours()), { name: user?.firstName || user?.name || "" })}</h1>
      {account && (
        <p className="kp-lead" data-current-account={account.accountnumber}>
          {t("portal.dashboard.account", { name: account.name, number: account.accountnumber })}
        </p>
      )}
      <div className="kp-dashboard__grid">
        <Block lang={lang} name="contacts" title={t("portal.dashboard.contacts")} state={details.state} onRetry={details.reload}>
          {(data) => <ContactCards lang={lang} accountManager={data.accountmanager} salesSupport={data.salesSupport} />}
        </Block>
        <Block
          lang={lang}
          name="notifications"
          title={t("portal.inbox.title")}
          state={inbox.state}
          onRetry={inbox.reload}
          actions={
            inbox.state.status === "ready" && inbox.state.data.unread > 0 ? (
              <p className="kp-count" data-unread-count={inbox.state.data.unread}>
                {t("portal.inbox.unread", { count: inbox.state.data.unread })}
              </p>
            ) : undefined
          }
        >
          {(data) => (
            <>
              <InboxList lang={lang} items={data.items.slice(0, DASHBOARD_NOTIFICATIONS)} hrefOf={(item) => `${inboxPath}?id=${encodeURIComponent(item.guid)}`} />
              <p>
                <a href={inboxPath}>{t("portal.inbox.all")}</a>
              </p>
            </>
          )}
        </Block>
        {blocks.invoices && <InvoicesBlock lang={lang} />}
        {blocks.contract && <ContractBlock lang={lang} />}
        <QuickLinks lang={lang} held={held} />
      </div>
    </div>
  );
}

function InvoicesBlock({ lang }: { lang: Lang }) {
  const t = useT(lang);
  const invoices = useResource((account) => loadLatestInvoices(api(), account));
  return (
    <Block lang={lang} name="invoices" title={t("portal.dashboard.invoices")} state={invoices.state} onRetry={invoices.reload} lines={6}>
      {(list) => <LatestInvoices lang={lang} list={list} />}
    </Block>
  );
}

function ContractBlock({ lang }: { lang: Lang }) {
  const t = useT(lang);
  const contract = useResource((account) => loadContract(api(), account, lang), lang);
  return (
    <Block lang={lang} name="contract" title={t("portal.dashboard.contract")} state={contract.state} onRetry={contract.reload}>
      {(data) => <ContractSummary lang={lang} contract={data.contract} />}
    </Block>
  );
}
