import {
  DEFAULT_INVOICE_QUERY,
  type InvoiceQuery,
  type InvoiceSortKey,
  type InvoiceStatus,
} from "../api/schemas/business.ts";
import { invoiceQueryToParams, parseInvoiceQuery } from "./invoice-query.ts";

/**
 * The invoice page keeps its filter, sort and page in the URL query (the same parameters as
 * GET /invoices), so a filtered view can be shared and survives a reload.
 */

/**
 * The query of a page URL. A hand-edited or stale parameter that does not parse is dropped (its
 * default applies) rather than breaking the page: each refused field is removed and the rest kept.
 */
export function queryFromSearch(search: string): InvoiceQuery {
  const params = new URLSearchParams(search);
  for (let attempt = 0; attempt < 10; attempt++) {
    const parsed = parseInvoiceQuery(params);
    if (parsed.ok) return parsed.value;
    for (const error of parsed.errors) {
      params.delete(error.field);
      // A range that ends before it starts: drop both ends.
      if (error.code === "before_from") params.delete("from");
    }
  }
  return { ...DEFAULT_INVOICE_QUERY };
}

/** The URL query (`?status=open&page=2`, or "" for the defaults) of a query. */
export function searchFromQuery(query: InvoiceQuery): string {
  const params = invoiceQueryToParams(query).toString();
  return params ? `?${params}` : "";
}

/** Filter changes, each of which goes back to page 1 (page 7 of another filter means nothing). */
type FilterChange = { status?: InvoiceStatus | undefined; from?: string | undefined; to?: string | undefined; q?: string | undefined };

export function withFilter(query: InvoiceQuery, change: FilterChange): InvoiceQuery {
  const next: InvoiceQuery = { ...query, page: 1 };
  for (const key of ["status", "from", "to", "q"] as const) {
    if (!(key in change)) continue;
    const value = change[key];
    if (value) (next as Record<string, unknown>)[key] = value;
    else delete next[key];
  }
  return next;
}

/**
 * Clicking a column header: a new column sorts ascending (dates and amounts descending, newest and
 * largest first, as people expect); the same column flips the order. Back to page 1.
 */
export function withSort(query: InvoiceQuery, sort: InvoiceSortKey): InvoiceQuery {
  if (query.sort === sort) return { ...query, order: query.order === "asc" ? "desc" : "asc", page: 1 };
  const descending = sort === "invoiceDate" || sort === "dueDate" || sort === "amountExclVat" || sort === "amountInclVat";
  return { ...query, sort, order: descending ? "desc" : "asc", page: 1 };
}

export const withPage = (query: InvoiceQuery, page: number): InvoiceQuery => ({ ...query, page });

export const withPageSize = (query: InvoiceQuery, pageSize: number): InvoiceQuery => ({ ...query, pageSize, page: 1 });

/** The number of pages for `total` items (at least 1, so "page 1 of 1" for an empty list). */
export const pageCount = (total: number, pageSize: number): number => Math.max(1, Math.ceil(total / pageSize));

/** True when any filter (not sort or paging) is set: the empty state then offers to clear them. */
export const hasFilter = (query: InvoiceQuery): boolean => !!(query.status || query.from || query.to || query.q);
