import type { ApiClient } from "../api/client.ts";
import type { Permission } from "../api/schemas/common.ts";
// The schema files themselves, not the business barrel: the first portal page loads no bonus or tht schemas.
import { InvoiceListSchema, type InvoiceList } from "../api/schemas/business/invoices.ts";
import { SalesContractResponseSchema, type SalesContract } from "../api/schemas/business/sales-contract.ts";
import { BonusOverviewSchema, type BonusOverview } from "../api/schemas/business/bonus.ts";
import type { MessageKey } from "../i18n/index.ts";
import { contentLocale, type Lang } from "../i18n/locale.ts";
import { isAllowed } from "../permissions/index.ts";
import { PATHS } from "../api/paths.ts";
import { SCREENS, menuScreens, type ScreenId } from "./screens.ts";

/** How many invoices the dashboard lists (the invoices page has the rest). */
export const DASHBOARD_INVOICES = 5;

/** The dashboard's blocks that summarise another screen: shown to whoever may open that screen. */
// No entry for the daily block (next delivery, empties, open service requests): the service requests need no
// permission, so it shows to everyone; each of its lines checks the permission of its own screen.
export type DashboardBlocks = { invoices: boolean; contract: boolean; bonus: boolean };

export const dashboardBlocks = (held: readonly Permission[]): DashboardBlocks => ({
  invoices: isAllowed(SCREENS.invoices.permissions, held),
  contract: isAllowed(SCREENS.contract.permissions, held),
  // Whether to look for a quarter with no bonus claimed yet: only for who may claim one.
  bonus: isAllowed(SCREENS.bonusTool.permissions, held),
});

/** The dashboard's quick links: the menu's screens the holder may open, except the dashboard itself. */
export const quickLinks = (held: readonly Permission[], accounts = 1): ScreenId[] => menuScreens(held, accounts).filter((id) => id !== "dashboard");

/** The latest invoices with the account's open and overdue totals. */
export const loadLatestInvoices = (api: ApiClient, accountNumber: string): Promise<InvoiceList | null> =>
  api.request(PATHS.invoices, InvoiceListSchema, {
    searchParams: { accountNumber, sort: "invoiceDate", order: "desc", page: 1, pageSize: DASHBOARD_INVOICES },
  });

/**
 * The sales contract; `contract` is null when the account has none. Wrapped, because the API's own
 * null ("no contract") must not be read as the resource's null ("refused").
 */
export async function loadContract(api: ApiClient, accountNumber: string, lang: Lang): Promise<{ contract: SalesContract | null }> {
  const response = await api.request(PATHS.salesContract, SalesContractResponseSchema, {
    searchParams: { accountNumber, locale: contentLocale(lang) },
    // A 403 must not look like "no contract"; failOnError makes it an error the block shows.
    failOnError: true,
  });
  return { contract: response };
}

/** The account's claims and tiers: the attention area's open quarters and the pacing block read the one answer. */
export const loadBonusOverview = (api: ApiClient, accountNumber: string): Promise<BonusOverview | null> =>
  api.request(PATHS.claims, BonusOverviewSchema, { searchParams: { accountNumber } });

/** The periods that have a bonus claim: an ended quarter without one can still be claimed. */
export const claimedPeriods = (overview: BonusOverview): ReadonlySet<string> => new Set(overview.items.map((claim) => claim.period));

/** Which greeting fits the hour (local time of the visitor). */
export function greetingKey(hour: number): MessageKey {
  if (hour < 6) return "portal.dashboard.greeting.evening";
  if (hour < 12) return "portal.dashboard.greeting.morning";
  if (hour < 18) return "portal.dashboard.greeting.afternoon";
  return "portal.dashboard.greeting.evening";
}
