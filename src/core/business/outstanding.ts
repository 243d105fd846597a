import type { InvoiceList } from "../api/schemas/business/invoices.ts";

/**
 * What the account still has to pay, in cents incl. VAT, over all its invoices whatever a list's
 * filter: the part not yet due, the overdue part and their sum. The one calculation behind every
 * screen that shows an outstanding amount, so the dashboard and the invoices page always agree.
 */
export type Outstanding = { total: number; overdue: number; notYetDue: number };

export const outstanding = (totals: InvoiceList["totals"]): Outstanding => ({
  total: totals.open + totals.overdue,
  overdue: totals.overdue,
  notYetDue: totals.open,
});
