import * as v from "valibot";
import { ApiError } from "../api/errors.ts";
import { PaymentRefusalSchema, type Payment, type Receipt } from "../api/schemas/business/payments.ts";

/** What asking the backend for a payment came to, in the terms the pay buttons show. */
export type PayOutcome =
  /** Created (or the same attempt answered again): off to the provider's checkout. */
  | { kind: "checkout"; payment: Payment; url: string }
  /** Another payment of one of these invoices is still open: its status page tells where it stands. */
  | { kind: "in_progress"; paymentId: string }
  /** Already paid: nothing to do, here is the receipt. */
  | { kind: "already_paid"; receipts: Receipt[] }
  /** The provider could not be reached: nothing was created, the invoice stays open. */
  | { kind: "unavailable" }
  /** The backend refused it in a way the customer cannot fix (403, 404, 400) or could not be reached. */
  | { kind: "failed" };

/** The one call behind "Pay" and "Pay selected", as the pay buttons need it (BusinessApi's `createPayment`). */
export type CreatePayment = (invoiceIds: string[], idempotencyKey: string) => Promise<Payment | null>;

/**
 * Asks the backend to create the payment (the browser never talks to the provider) and reads the
 * answer. The caller keeps `idempotencyKey` for as long as the attempt lasts: a repeat after a lost
 * answer then gets the same payment instead of a second one.
 */
export async function startPayment(
  create: CreatePayment,
  invoiceIds: string[],
  idempotencyKey: string,
): Promise<PayOutcome> {
  try {
    const payment = await create(invoiceIds, idempotencyKey);
    if (!payment) return { kind: "failed" };
    if (payment.status === "paid") return { kind: "already_paid", receipts: [] };
    if (!payment.checkoutUrl) return { kind: "in_progress", paymentId: payment.id };
    return { kind: "checkout", payment, url: payment.checkoutUrl };
  } catch (error) {
    if (!(error instanceof ApiError)) return { kind: "failed" };
    const refusal = v.safeParse(PaymentRefusalSchema, error.body);
    if (!refusal.success) return { kind: "failed" };
    switch (refusal.output.code) {
      case "already_paid":
        return { kind: "already_paid", receipts: refusal.output.receipts };
      case "payment_in_progress":
        return { kind: "in_progress", paymentId: refusal.output.paymentId };
      case "provider_unavailable":
        return { kind: "unavailable" };
      default:
        return { kind: "failed" };
    }
  }
}

/** A fresh key for one attempt to pay (Mollie-style idempotency keys: unique per intended payment). */
export const newIdempotencyKey = (): string => crypto.randomUUID();
