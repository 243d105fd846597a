import * as v from "valibot";
import { IsoDateSchema, IsoDateTimeSchema } from "../common.ts";
import { CentsSchema } from "./money.ts";

/**
 * Where a payment of open invoices stands, in the words of Mollie's payments API: `open` until the
 * customer finishes the hosted checkout (and while the backend has not yet heard the outcome),
 * `pending` while the bank confirms, then one final status. Only `paid` settles the invoices; the
 * other final ones leave them open, to be tried again.
 */
export const PAYMENT_STATUSES = ["open", "pending", "paid", "failed", "canceled", "expired"] as const;
export const PaymentStatusSchema = v.picklist(PAYMENT_STATUSES);
export type PaymentStatus = v.InferOutput<typeof PaymentStatusSchema>;

/** At most this many invoices in one payment ("pay selected"): one bank transfer, one description. */
export const MAX_INVOICES_PER_PAYMENT = 50;

/** `Idempotency-Key` of `POST /invoices/payments`: what the browser generates once per attempt (a UUID fits). */
export const IDEMPOTENCY_KEY_HEADER = "idempotency-key";
export const IdempotencyKeySchema = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{16,64}$/));

/** Body of `POST /invoices/payments`: the account's open invoices to pay in one go. */
export const PaymentInputSchema = v.object({
  invoiceIds: v.pipe(
    v.array(v.pipe(v.string(), v.minLength(1), v.maxLength(64))),
    v.minLength(1, "required"),
    v.maxLength(MAX_INVOICES_PER_PAYMENT, "too_many"),
    v.check((ids) => new Set(ids).size === ids.length, "duplicate"),
  ),
});
export type PaymentInput = v.InferOutput<typeof PaymentInputSchema>;

/** One invoice a payment settles, as it was when the payment was created. */
export const PaymentInvoiceSchema = v.object({
  id: v.string(),
  number: v.string(),
  amountInclVat: CentsSchema,
});

/** A payment of invoices as the supplier's backend keeps it (`GET /invoices/payments/{id}`). */
export const PaymentSchema = v.object({
  /** The backend's own id (`pay_…`); the provider's id never reaches the browser. */
  id: v.string(),
  status: PaymentStatusSchema,
  amount: CentsSchema,
  invoices: v.array(PaymentInvoiceSchema),
  /**
   * The provider's hosted checkout, while the payment is open; null once it is final. The browser is
   * sent there (the pay buttons, the status page's "continue"): a web page only, never another scheme
   * (javascript:, data:) an answer could carry; checked here, where every reader gets it.
   */
  checkoutUrl: v.nullable(v.pipe(v.string(), v.url(), v.check((value) => /^https?:$/.test(new URL(value).protocol), "invalid"))),
  createdAt: IsoDateTimeSchema,
  /** After this the provider refuses to complete it (iDEAL: 15 minutes) and it becomes `expired`. */
  expiresAt: IsoDateTimeSchema,
  paidAt: v.nullable(IsoDateTimeSchema),
});
export type Payment = v.InferOutput<typeof PaymentSchema>;

/** What a paid invoice's receipt says, sent when someone tries to pay it again. */
export const ReceiptSchema = v.object({
  invoiceId: v.string(),
  number: v.string(),
  amountInclVat: CentsSchema,
  paidDate: IsoDateSchema,
  /** The payment that settled it, or null when it was paid another way (a bank transfer). */
  paymentId: v.nullable(v.string()),
});
export type Receipt = v.InferOutput<typeof ReceiptSchema>;

/** 409 of `POST /invoices/payments`: an invoice is paid already; nothing was created. */
export const AlreadyPaidSchema = v.object({
  statusCode: v.literal(409),
  code: v.literal("already_paid"),
  receipts: v.array(ReceiptSchema),
});

/**
 * 409 of `POST /invoices/payments`: another payment of one of these invoices is still open (another
 * tab, or a checkout left unfinished): the lock that keeps an invoice from being paid twice.
 */
export const PaymentInProgressSchema = v.object({
  statusCode: v.literal(409),
  code: v.literal("payment_in_progress"),
  paymentId: v.string(),
});

/** 409: the same Idempotency-Key was used before for other invoices. */
export const IdempotencyKeyReusedSchema = v.object({
  statusCode: v.literal(409),
  code: v.literal("idempotency_key_reused"),
});

/** 502 of `POST /invoices/payments`: the payment provider could not be reached; nothing was created. */
export const ProviderUnavailableSchema = v.object({
  statusCode: v.literal(502),
  code: v.literal("provider_unavailable"),
});

/** Every refusal of a payment that is not a field error, one union the portal reads. */
export const PaymentRefusalSchema = v.variant("code", [
  AlreadyPaidSchema,
  PaymentInProgressSchema,
  IdempotencyKeyReusedSchema,
  ProviderUnavailableSchema,
]);
export type PaymentRefusal = v.InferOutput<typeof PaymentRefusalSchema>;
