import type { Invoice } from "../api/schemas/business/invoices.ts";
import {
  MAX_INVOICES_PER_PAYMENT,
  type Payment,
  type PaymentStatus,
} from "../api/schemas/business/payments.ts";
import { localizedPath, type Lang } from "../i18n/locale.ts";
import { SCREENS } from "../portal/screens.ts";
import { isCredit, invoiceStatus } from "./invoice-status.ts";

/**
 * Whether an invoice can be paid online on `today`: unpaid (open or overdue by the one invoice status
 * rule) and money the customer owes. A credit note is money owed to them, never paid. The backend
 * refuses what this refuses, and the invoices screen offers "Pay" only where it says yes.
 */
export const isPayable = (
  invoice: Pick<Invoice, "type" | "dueDate" | "paidDate" | "amountInclVat" | "status">,
  today: string,
): boolean => invoiceStatus(invoice, today) !== "paid" && !isCredit(invoice) && invoice.amountInclVat > 0;

/** A status after which the provider changes nothing any more. */
export const isFinalStatus = (status: PaymentStatus): boolean => status !== "open" && status !== "pending";

/** Final statuses that left the invoices open: the customer may try again with a new payment. */
export const canRetry = (status: PaymentStatus): boolean =>
  status === "failed" || status === "canceled" || status === "expired";

/** The status page's path (the provider sends the customer back here), from the screen registry. */
export const PAYMENT_STATUS_PATH = SCREENS.payment.path;

/** Query parameter the backend's redirectUrl carries: the customer came back from the checkout. */
export const RETURNED_PARAM = "terug";

/** The status page of a payment in the portal (relative); `returned` when coming back from the checkout. */
export const paymentStatusHref = (lang: Lang, paymentId: string, returned = false): string =>
  `${localizedPath(lang, PAYMENT_STATUS_PATH)}?id=${encodeURIComponent(paymentId)}${returned ? `&${RETURNED_PARAM}=1` : ""}`;

/** Where the provider sends the customer back to, on the portal at `portalUrl`. */
export const paymentReturnUrl = (portalUrl: string, lang: Lang, paymentId: string): string =>
  `${portalUrl.replace(/\/$/, "")}${paymentStatusHref(lang, paymentId, true)}`;

/**
 * What the status page tells, from what the backend knows and whether the customer just came back
 * from the checkout:
 * - `paid`: the webhook came and the invoices are paid;
 * - `confirming`: they came back but the provider's webhook has not reached the backend yet (it may
 *   come seconds later): the page says so and keeps asking, never guessing "paid";
 * - `unfinished`: they did not come back from the checkout (closed its tab, came here another way):
 *   the payment is still open, to be continued until it expires;
 * - `failed`, `canceled`, `expired`: nothing was paid; try again.
 */
export type PaymentView = "paid" | "confirming" | "unfinished" | "failed" | "canceled" | "expired";

export function paymentView(payment: Pick<Payment, "status">, returned: boolean): PaymentView {
  switch (payment.status) {
    case "open":
      return returned ? "confirming" : "unfinished";
    case "pending":
      return "confirming";
    default:
      return payment.status;
  }
}

/**
 * Waits between the status page's checks while a payment is not final: quick at first (the webhook
 * mostly lands within seconds), then slower; after the last the page stops and offers a button.
 */
export const STATUS_POLL_DELAYS_MS = [1_000, 2_000, 3_000, 5_000, 8_000, 13_000, 21_000, 30_000] as const;

/** The wait before check number `attempt` (from 0), or undefined when the page should stop asking. */
export const pollDelay = (attempt: number): number | undefined => STATUS_POLL_DELAYS_MS[attempt];

/** The sum of the invoices' amounts incl. VAT, what one payment of them asks. */
export const paymentAmount = (invoices: readonly Pick<Invoice, "amountInclVat">[]): number =>
  invoices.reduce((sum, invoice) => sum + invoice.amountInclVat, 0);

/**
 * What "Pay selected" can do with a selection: pay its open or overdue invoices in one payment
 * (paid ones and credit notes are left out), or why not: none of them is open, more than one
 * payment takes, or the selection is "everything in this period" (which is meant for downloads: the
 * customer ticks what they pay).
 */
export type PaySelection =
  | { kind: "ready"; ids: string[]; count: number; amount: number }
  | { kind: "none_payable" }
  | { kind: "too_many"; count: number }
  | { kind: "pick" };

export function paySelection(
  invoices: readonly Pick<Invoice, "id" | "type" | "dueDate" | "paidDate" | "amountInclVat" | "status">[],
  today: string,
  everything = false,
): PaySelection {
  if (everything || invoices.length === 0) return { kind: "pick" };
  const payable = invoices.filter((invoice) => isPayable(invoice, today));
  if (payable.length === 0) return { kind: "none_payable" };
  if (payable.length > MAX_INVOICES_PER_PAYMENT) return { kind: "too_many", count: payable.length };
  return {
    kind: "ready",
    ids: payable.map((invoice) => invoice.id),
    count: payable.length,
    amount: paymentAmount(payable),
  };
}
