import type { Invoice, InvoiceQuery } from "../api/schemas/business.ts";
import type { BundleRequest } from "./invoice-bundle.ts";

/**
 * Which invoices the invoices screen has selected for the actions bar (the period's ZIP; paying
 * several): ticked ones, kept across pages and sorting, or everything the filter finds (the "whole
 * period", which the server resolves, so it need not be loaded page by page).
 */
export type InvoiceSelection = { mode: "picked"; picked: ReadonlyMap<string, Invoice> } | { mode: "filter" };

export const NO_SELECTION: InvoiceSelection = { mode: "picked", picked: new Map() };

export const isSelected = (selection: InvoiceSelection, id: string): boolean =>
  selection.mode === "filter" || selection.picked.has(id);

/** Ticks or unticks one invoice (in "everything" mode the boxes are locked: clear the selection first). */
export function toggleInvoice(selection: InvoiceSelection, invoice: Invoice): InvoiceSelection {
  if (selection.mode === "filter") return selection;
  const picked = new Map(selection.picked);
  if (picked.has(invoice.id)) picked.delete(invoice.id);
  else picked.set(invoice.id, invoice);
  return { mode: "picked", picked };
}

/** Whether a page's invoices are all, some or none selected (the "this page" box, mixed when some). */
export function pageState(selection: InvoiceSelection, page: readonly Invoice[]): "all" | "some" | "none" {
  const count = page.filter((invoice) => isSelected(selection, invoice.id)).length;
  return count === 0 ? "none" : count === page.length ? "all" : "some";
}

/** The "this page" box: ticks the whole page, or unticks it when it was all ticked. */
export function togglePage(selection: InvoiceSelection, page: readonly Invoice[]): InvoiceSelection {
  if (selection.mode === "filter") return selection;
  const picked = new Map(selection.picked);
  if (pageState(selection, page) === "all") for (const invoice of page) picked.delete(invoice.id);
  else for (const invoice of page) picked.set(invoice.id, invoice);
  return { mode: "picked", picked };
}

/** How many invoices are selected; `filterTotal` is what the filter finds (the list's total). */
export const selectionCount = (selection: InvoiceSelection, filterTotal: number): number =>
  selection.mode === "filter" ? filterTotal : selection.picked.size;

/** The filter part of a query: a new filter is a new period, so the selection starts again. */
export const filterKey = (query: InvoiceQuery): string => JSON.stringify([query.status ?? "", query.from ?? "", query.to ?? "", query.q ?? ""]);

/** What to ask the API for: the ticked ids, or the filter (the server finds the same invoices the list does). */
export function bundleRequestOf(selection: InvoiceSelection, query: InvoiceQuery): BundleRequest {
  if (selection.mode === "picked") return { ids: [...selection.picked.keys()] };
  const { status, from, to, q } = query;
  return { filter: { ...(status ? { status } : {}), ...(from ? { from } : {}), ...(to ? { to } : {}), ...(q ? { q } : {}) } };
}
