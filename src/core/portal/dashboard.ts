import type { ApiClient } from "../api/client.ts";
import type { Permission } from "../api/schemas/common.ts";
// The schema files themselves, not the business barrel: the first portal page loads no bonus or tht schemas.
import { InvoiceListSchema, type InvoiceList } from "../api/schemas/business/invoices.ts";
import { SalesContractResponseSchema, type SalesContract } from "../api/schemas/business/sales-contract.ts";
import type { MessageKey } from "../i18n/index.ts";
import { contentLocale, type Lang } from "../i18n/locale.ts";
import { isAllowed } from "../permissions/index.ts";
import { PATHS } from "../api/paths.ts";
import { SCREENS, menuScreens, type ScreenId } from "./screens.ts";

/** How many invoices the dashboard lists (the invoices page has the rest). */
export const DASHBOARD_INVOICES = 5;

/** The dashboard's blocks that summarise another screen: shown to whoever may open that screen. */
export type DashboardBlocks = { invoices: boolean; contract: boolean };

export const dashboardBlocks = (held: readonly Permission[]): DashboardBlocks => ({
  invoices: isAllowed(SCREENS.invoices.permissions, held),
  contract: isAllowed(SCREENS.contract.permissions, held),
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

/** Which greeting fits the hour (local time of the visitor). */
export function greetingKey(hour: number): MessageKey {
  if (hour < 6) return "portal.dashboard.greeting.evening";
  if (hour < 12) return "portal.dashboard.greeting.morning";
  if (hour < 18) return "portal.dashboard.greeting.afternoon";
  return "portal.dashboard.greeting.evening";
}
