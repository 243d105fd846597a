import {
  DEFAULT_INVOICE_QUERY,
  INVOICE_SORT_KEYS,
  INVOICE_STATUSES,
  MAX_INVOICE_PAGE_SIZE,
  SORT_ORDERS,
  type InvoiceQuery,
} from "../api/schemas/business.ts";
import type { FieldError } from "../validation/field-error.ts";
import { isIsoDate } from "../validation/iso-date.ts";

/** A query read from parameters, or the refusals of its parameters (`code` maps to a dictionary key). */
export type Parsed<T> = { ok: true; value: T } | { ok: false; errors: FieldError[] };

const includes = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

/** Longest invoice-number search accepted. */
export const MAX_INVOICE_SEARCH_LENGTH = 30;

/**
 * Refusals of an invoice-date range as typed (empty ends are open): a date that is no date, or an end
 * before the start, named on the end (`to` `before_from`). The API and the filter beside its fields
 * check with this one rule.
 */
export function dateRangeErrors(from: string | undefined, to: string | undefined): FieldError[] {
  const errors: FieldError[] = [];
  if (from && !isIsoDate(from)) errors.push({ field: "from", code: "invalid_date" });
  if (to && !isIsoDate(to)) errors.push({ field: "to", code: "invalid_date" });
  if (errors.length === 0 && from && to && from > to) errors.push({ field: "to", code: "before_from" });
  return errors;
}

/**
 * Reads an invoice query from query parameters (the API's and the page URL's are the same); absent
 * or empty parameters take the defaults. Unknown parameters are ignored.
 */
export function parseInvoiceQuery(params: URLSearchParams): Parsed<InvoiceQuery> {
  const errors: FieldError[] = [];
  const get = (name: string): string | undefined => {
    const value = params.get(name)?.trim();
    return value ? value : undefined;
  };
  const query: InvoiceQuery = { ...DEFAULT_INVOICE_QUERY };

  const status = get("status");
  if (status !== undefined) {
    if (includes(INVOICE_STATUSES, status)) query.status = status;
    else errors.push({ field: "status", code: "invalid" });
  }
  const range = dateRangeErrors(get("from"), get("to"));
  errors.push(...range);
  for (const name of ["from", "to"] as const) {
    const value = get(name);
    if (value !== undefined && !range.some((error) => error.field === name && error.code === "invalid_date")) query[name] = value;
  }
  const q = get("q");
  if (q !== undefined) {
    if (q.length > MAX_INVOICE_SEARCH_LENGTH) errors.push({ field: "q", code: "too_long" });
    else query.q = q;
  }
  const sort = get("sort");
  if (sort !== undefined) {
    if (includes(INVOICE_SORT_KEYS, sort)) query.sort = sort;
    else errors.push({ field: "sort", code: "invalid" });
  }
  const order = get("order");
  if (order !== undefined) {
    if (includes(SORT_ORDERS, order)) query.order = order;
    else errors.push({ field: "order", code: "invalid" });
  }
  const page = readInteger(get("page"), 1, Number.MAX_SAFE_INTEGER);
  if (page === null) errors.push({ field: "page", code: "invalid" });
  else if (page !== undefined) query.page = page;
  const pageSize = readInteger(get("pageSize"), 1, MAX_INVOICE_PAGE_SIZE);
  if (pageSize === null) errors.push({ field: "pageSize", code: "invalid" });
  else if (pageSize !== undefined) query.pageSize = pageSize;

  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: query };
}

/** undefined when absent, null when not a whole number within bounds. */
function readInteger(raw: string | undefined, min: number, max: number): number | undefined | null {
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw)) return null;
  const value = Number(raw);
  return value >= min && value <= max ? value : null;
}

/**
 * The query parameters of an invoice query, leaving out defaults so shared URLs stay short.
 * `parseInvoiceQuery(invoiceQueryToParams(q))` gives `q` back.
 */
export function invoiceQueryToParams(query: InvoiceQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.status) params.set("status", query.status);
  if (query.from) params.set("from", query.from);
  if (query.to) params.set("to", query.to);
  if (query.q) params.set("q", query.q);
  if (query.sort !== DEFAULT_INVOICE_QUERY.sort) params.set("sort", query.sort);
  if (query.order !== DEFAULT_INVOICE_QUERY.order) params.set("order", query.order);
  if (query.page !== DEFAULT_INVOICE_QUERY.page) params.set("page", String(query.page));
  if (query.pageSize !== DEFAULT_INVOICE_QUERY.pageSize) params.set("pageSize", String(query.pageSize));
  return params;
}
