import type { Invoice, InvoiceStatus } from "../api/schemas/business/invoices.ts";

/** What the rule needs of an invoice: whether it was paid, when it falls due, and whether it is a credit. */
export type InvoiceFacts = Pick<Invoice, "type" | "dueDate" | "paidDate" | "amountInclVat"> & { status?: InvoiceStatus };

/** A credit note (or any negative amount) is money owed to the customer: it can never be overdue. */
export const isCredit = (invoice: Pick<Invoice, "type" | "amountInclVat">): boolean =>
  invoice.type === "credit_note" || invoice.amountInclVat < 0;

/**
 * Where an invoice stands on `today` (yyyy-mm-dd in Europe/Amsterdam, see `todayIso`): paid once a
 * payment is recorded; overdue from the day after its due date while unpaid, unless it is a credit;
 * otherwise open. The one rule behind every badge, total, filter and export: a stored status word
 * ages (an "open" invoice becomes overdue overnight without anyone writing it), so only "paid" is
 * taken from what is stored, and "open" versus "overdue" always follows from the dates.
 */
export function invoiceStatus(invoice: InvoiceFacts, today: string): InvoiceStatus {
  if (invoice.paidDate !== null || invoice.status === "paid") return "paid";
  if (isCredit(invoice)) return "open";
  return invoice.dueDate.slice(0, 10) < today ? "overdue" : "open";
}

/**
 * What the customer reads on an invoice's badge: an invoice is open, overdue or paid; a credit note
 * is money owed to them, so it reads as a credit until it is settled, never as "open".
 */
export type InvoiceBadge = InvoiceStatus | "credit" | "settled";

export function invoiceBadge(invoice: InvoiceFacts, today: string): InvoiceBadge {
  const status = invoiceStatus(invoice, today);
  if (!isCredit(invoice)) return status;
  return status === "paid" ? "settled" : "credit";
}

/** The invoice with its status as the rule says on `today`, whatever status it came with. */
export const withCurrentStatus = <T extends InvoiceFacts>(invoice: T, today: string): T => ({
  ...invoice,
  status: invoiceStatus(invoice, today),
});
