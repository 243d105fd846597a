import type { ApiClient } from "../api/client.ts";
import type { Permission } from "../api/schemas/common.ts";
// The schema files themselves, not the business barrel: the first portal page loads no bonus or tht schemas.
import { InvoiceListSchema, type InvoiceList } from "../api/schemas/business/invoices.ts";
import { SalesContractResponseSchema, type SalesContract } from "../api/schemas/business/sales-contract.ts";
import type { MessageKey } from "../i18n/index.ts";
import { contentLocale, type Lang } from "../i18n/locale.ts";
import { isAllowed } from "../permissions/index.ts";
import { PORTAL_PATHS } from "./paths.ts";

/** How many invoices the dashboard lists (the invoices page has the rest). */
export const DASHBOARD_INVOICES = 5;

/** The dashboard's blocks that depend on a permission (spec: invoices with FACTUREN, contract with SWO). */
export type DashboardBlocks = { invoices: boolean; contract: boolean };

export const dashboardBlocks = (held: readonly Permission[]): DashboardBlocks => ({
  invoices: isAllowed(["FACTUREN"], held),
  contract: isAllowed(["SAMENWERKINGSOVEREENKOMST"], held),
});

export type QuickLink = { path: string; label: MessageKey; permissions: readonly Permission[] };

/** Every quick link with what it needs (DESIGN.md section 5, route -> permission). */
export const QUICK_LINKS: readonly QuickLink[] = [
  { path: "/mijn-account/facturen", label: "portal.links.invoices", permissions: ["FACTUREN"] },
  { path: "/mijn-account/documenten", label: "portal.links.documents", permissions: ["DOCUMENTEN"] },
  { path: "/mijn-account/bonus-overzicht", label: "portal.links.bonus", permissions: ["BONUS"] },
  { path: "/mijn-account/swo", label: "portal.links.contract", permissions: ["SAMENWERKINGSOVEREENKOMST"] },
  { path: "/mijn-account/gebruikers", label: "portal.links.users", permissions: ["GEBRUIKERSBEHEER"] },
  { path: "/mijn-account/account", label: "portal.links.account", permissions: [] },
  { path: "/mijn-account/profiel", label: "portal.links.profile", permissions: [] },
  { path: "/mijn-account/meldingen", label: "portal.links.notifications", permissions: [] },
  { path: "/tht", label: "portal.links.tht", permissions: [] },
];

/** The quick links the holder may follow. */
export const quickLinks = (held: readonly Permission[]): QuickLink[] => QUICK_LINKS.filter((link) => isAllowed(link.permissions, held));

/** The latest invoices with the account's open and overdue totals. */
export const loadLatestInvoices = (api: ApiClient, accountNumber: string): Promise<InvoiceList | null> =>
  api.request(PORTAL_PATHS.invoices, InvoiceListSchema, {
    searchParams: { accountNumber, sort: "invoiceDate", order: "desc", page: 1, pageSize: DASHBOARD_INVOICES },
  });

/**
 * The sales contract; `contract` is null when the account has none. Wrapped, because the API's own
 * null ("no contract") must not be read as the resource's null ("refused").
 */
export async function loadContract(api: ApiClient, accountNumber: string, lang: Lang): Promise<{ contract: SalesContract | null }> {
  const response = await api.request(PORTAL_PATHS.salesContract, SalesContractResponseSchema, {
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
