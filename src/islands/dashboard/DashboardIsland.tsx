import { useStore } from "@nanostores/react";
import { lazy, memo, Suspense } from "react";
import { localizedPath, type Lang } from "../../core/i18n/locale.ts";
import { loadAccountDetails } from "../../core/portal/account-api.ts";
import { claimedPeriods, dashboardBlocks, greetingKey, loadBonusOverview, loadContract, loadLatestInvoices } from "../../core/portal/dashboard.ts";
import { outstanding } from "../../core/business/outstanding.ts";
import { todayIso } from "../../core/business/contract-term.ts";
import type { InvoiceList } from "../../core/api/schemas/business.ts";
import type { ResourceState } from "../../core/stores/resource.ts";
import { $auth } from "../../core/stores/auth.ts";
import { $permissions, $selectedAccount, $selectedAccountRecord } from "../../core/stores/selected-account.ts";
import { Block } from "../shared/Block.tsx";
import { useResource } from "../shared/use-resource.ts";
import { InboxList } from "../notifications/InboxList.tsx";
import { useInbox } from "../notifications/use-inbox.ts";
import { PortalGuard } from "../shell/PortalGuard.tsx";
import { withSoftHyphens } from "../../core/content/soft-hyphens.ts";
import { useT } from "../shell/use-t.ts";
import { Attention } from "./Attention.tsx";
import { DashboardSkeleton } from "./DashboardSkeleton.tsx";
import { LatestInvoices } from "./LatestInvoices.tsx";
import { QuickLinks } from "./QuickLinks.tsx";
import { loadScreenStrings } from "../../core/portal/screen-strings.ts";

const PacingBlock = lazy(() => import("./PacingBlock.tsx"));
// Asked for when the account details it shows have arrived, after the first paint.
const ContactCards = lazy(async () => ({ default: (await import("./ContactCards.tsx")).ContactCards }));
const DailyBlock = lazy(() => import("./DailyBlock.tsx"));
// Only holders of SAMENWERKINGSOVEREENKOMST see it, once its call has answered: its rules (contract time left) load then.
const ContractSummary = lazy(async () => ({ default: (await import("./ContractSummary.tsx")).ContractSummary }));

// The strings part its registry entry names, loaded before the first render.
await loadScreenStrings("dashboard");

/** How many notifications the dashboard shows; the notifications page lists them all. */
const DASHBOARD_NOTIFICATIONS = 3;

/**
 * The dashboard: greeting and current account, what needs the customer's attention first (overdue
 * money, a bonus to claim, unread notifications), then latest invoices (FACTUREN) and notifications,
 * the sales contract (SAMENWERKINGSOVEREENKOMST) and contact people, in two columns from 1024 px, and quick links. Every block loads on
 * its own, with its own skeleton, error and retry; until the guard lets the page through, and in the
 * static HTML, the whole page is a skeleton of the same shape (DashboardSkeleton).
 */
export default function DashboardIsland({ lang }: { lang: Lang }) {
  return (
    <PortalGuard lang={lang} screen="dashboard" loading={<DashboardSkeleton lang={lang} />} mountInSlices>
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
  // Every block keeps its place as it fills in (sized skeletons), so each answer re-renders in slices.
  const details = useResource((account, client) => loadAccountDetails(client, account, lang), lang, "in-transition");
  const inbox = useInbox(accountNumber, lang);
  const inboxPath = localizedPath(lang, "/mijn-account/meldingen");
  // Loaded here, not in their blocks: the attention area reads the overdue figure and the claims too.
  const invoices = useResource((account, client) => (blocks.invoices ? loadLatestInvoices(client, account) : Promise.resolve(null)), blocks.invoices, "in-transition");
  const bonus = useResource((account, client) => (blocks.bonus ? loadBonusOverview(client, account) : Promise.resolve(null)), blocks.bonus, "in-transition");
  const settled = (state: ResourceState<unknown>, wanted: boolean): boolean => !wanted || state.status !== "loading";

  return (
    <div className="kp-container kp-portal kp-dashboard">
      <h1 data-welcome>{t(greetingKey(new Date().getHours()), { name: user?.firstName || user?.name || "" })}</h1>
      {account && (
        <p className="kp-lead" data-current-account={account.accountnumber}>
          {t("portal.dashboard.account", { name: account.name, number: account.accountnumber })}
        </p>
      )}
      <Attention
        lang={lang}
        input={{
          overdue: invoices.state.status === "ready" ? outstanding(invoices.state.data.totals).overdue : undefined,
          claimed: bonus.state.status === "ready" ? claimedPeriods(bonus.state.data) : undefined,
          today: todayIso(),
          unread: inbox.state.status === "ready" ? inbox.state.data.unread : undefined,
        }}
        complete={settled(invoices.state, blocks.invoices) && settled(bonus.state, blocks.bonus) && inbox.state.status !== "loading"}
      />
      <div className="kp-dashboard__grid">
        {blocks.invoices && <InvoicesBlock lang={lang} state={invoices.state} onRetry={invoices.reload} />}
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
        {blocks.bonus && bonus.state.status === "ready" && (
          // After the first paint, in a chunk of its own: the forecast and its strings are not the dashboard's first need.
          <Suspense fallback={null}>
            <PacingBlock lang={lang} overview={bonus.state.data} />
          </Suspense>
        )}
        {inbox.state.status !== "loading" && (
          // After the first paint, in a chunk of its own like the pace (its calls, rules and strings are not the first
          // paint's), once the notifications have answered: every dashboard loads them, so the block waits on a real answer.
          <Suspense fallback={null}>
            <DailyBlock lang={lang} />
          </Suspense>
        )}
        {blocks.contract && <ContractBlock lang={lang} />}
        <Block lang={lang} name="contacts" title={t("portal.dashboard.contacts")} state={details.state} onRetry={details.reload}>
          {(data) => (
            <Suspense fallback={null}>
              <ContactCards lang={lang} accountManager={data.accountmanager} salesSupport={data.salesSupport} />
            </Suspense>
          )}
        </Block>
        <QuickLinks lang={lang} held={held} />
      </div>
    </div>
  );
}

// The dashboard renders again at every block's answer; a block whose props did not change is skipped.
const InvoicesBlock = memo(function InvoicesBlock({ lang, state, onRetry }: { lang: Lang; state: ResourceState<InvoiceList>; onRetry: () => void }) {
  const t = useT(lang);
  return (
    <Block lang={lang} name="invoices" title={t("portal.dashboard.invoices")} state={state} onRetry={onRetry} lines={6}>
      {(list) => <LatestInvoices lang={lang} list={list} />}
    </Block>
  );
});

const ContractBlock = memo(function ContractBlock({ lang }: { lang: Lang }) {
  const t = useT(lang);
  const contract = useResource((account, client) => loadContract(client, account, lang), lang, "in-transition");
  return (
    <Block lang={lang} name="contract" title={withSoftHyphens(t("portal.dashboard.contract"))} state={contract.state} onRetry={contract.reload}>
      {(data) => (
        <Suspense fallback={null}>
          <ContractSummary lang={lang} contract={data.contract} />
        </Suspense>
      )}
    </Block>
  );
});
