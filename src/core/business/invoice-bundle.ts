import type { InvoiceQuery } from "../api/schemas/business.ts";
import type { FieldError } from "../validation/field-error.ts";
import { invoiceQueryToParams, parseInvoiceQuery, type Parsed } from "./invoice-query.ts";

/**
 * The period's download (GET /invoices/export.zip): the chosen invoices, or everything the screen's
 * filter finds, as one ZIP of each invoice's PDF and UBL with the period's VAT summary. The site and
 * the API check a request by the same rules here.
 */

/** Most invoices in one ZIP: a quarter of a busy outlet; more is asked for by month. */
export const MAX_BUNDLE_INVOICES = 500;

/** The invoices of a download: picked by id, or everything the filter finds. */
export type BundleRequest = { ids: string[] } | { filter: Pick<InvoiceQuery, "status" | "from" | "to" | "q"> };

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** How many invoices a download may hold: none gives nothing to download, too many must be split. */
export function bundleSizeError(count: number): FieldError | null {
  if (count === 0) return { field: "invoices", code: "bundle_empty" };
  if (count > MAX_BUNDLE_INVOICES) return { field: "invoices", code: "bundle_too_many" };
  return null;
}

/** Reads a download request: `ids` (comma-separated) or the invoice filter (status, from, to, q). */
export function parseBundleRequest(params: URLSearchParams): Parsed<BundleRequest> {
  const ids = params.get("ids");
  if (ids !== null) {
    const list = [...new Set(ids.split(",").filter(Boolean))];
    if (list.some((id) => !ID.test(id))) return { ok: false, errors: [{ field: "ids", code: "invalid" }] };
    const size = bundleSizeError(list.length);
    return size ? { ok: false, errors: [size] } : { ok: true, value: { ids: list } };
  }
  const parsed = parseInvoiceQuery(params);
  if (!parsed.ok) return parsed;
  const { status, from, to, q } = parsed.value;
  return { ok: true, value: { filter: { ...(status ? { status } : {}), ...(from ? { from } : {}), ...(to ? { to } : {}), ...(q ? { q } : {}) } } };
}

/** The query parameters of a request (the inverse of `parseBundleRequest`). */
export function bundleParams(request: BundleRequest): URLSearchParams {
  if ("ids" in request) return new URLSearchParams({ ids: request.ids.join(",") });
  const params = invoiceQueryToParams({ ...request.filter, sort: "invoiceDate", order: "desc", page: 1, pageSize: 25 });
  return params;
}
