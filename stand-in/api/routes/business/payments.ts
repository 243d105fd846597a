import { createHash } from "node:crypto";
import * as v from "valibot";
import {
  PaymentInputSchema,
  type Invoice,
  type Payment,
} from "../../../../src/core/api/schemas/business.ts";
import { isPayable, paymentAmount, paymentReturnUrl } from "../../../../src/core/business/payment-rules.ts";
import { issuesToFieldErrors } from "../../../../src/core/validation/field-error.ts";
import { getInvoice } from "../../../db/business/invoices.ts";
import {
  findPayment,
  forgetPayment,
  insertPayment,
  lockingPayment,
  openPayment,
  paymentByKey,
  receiptsOf,
  toPayment,
} from "../../../db/business/payments.ts";
import { HttpError, readJsonBody, sendJson, validationError } from "../../../http.ts";
import { paymentConfig } from "../../../payments/config.ts";
import { createProviderPayment, ProviderUnavailable } from "../../../payments/provider-client.ts";
import { paymentClock, syncFromProvider } from "../../../payments/sync.ts";
import { PATHS, pattern, type Route, type RouteContext } from "../../route.ts";
import { account, idempotencyKey, langOf, notFound, today } from "./shared.ts";

const inProgress = (paymentId: string): HttpError =>
  new HttpError(409, { statusCode: 409, code: "payment_in_progress", paymentId });

/** The invoices to pay: each the account's own (404 otherwise), none paid (409 with receipts), each payable. */
function invoicesToPay(ctx: RouteContext, accountNumber: string, ids: readonly string[]): Invoice[] {
  const day = today();
  const invoices = ids.map((id) => getInvoice(ctx.db, accountNumber, id, day));
  if (invoices.some((invoice) => !invoice)) throw notFound();
  const found = invoices as Invoice[];
  if (found.some((invoice) => invoice.status === "paid")) {
    throw new HttpError(409, {
      statusCode: 409,
      code: "already_paid",
      receipts: receiptsOf(ctx.db, accountNumber, ids),
    });
  }
  const refused = found.flatMap((invoice, index) =>
    isPayable(invoice, day) ? [] : [{ field: `invoiceIds.${index}`, code: "not_payable" }],
  );
  if (refused.length > 0) throw validationError(refused);
  return found;
}

/**
 * Another open payment holds one of the invoices: unless it has passed its expiry (then the provider
 * is asked, which expires it and frees the invoices), this attempt is refused with that payment's id.
 */
async function refuseWhileLocked(ctx: RouteContext, ids: readonly string[]): Promise<void> {
  const holder = lockingPayment(ctx.db, ids);
  if (!holder) return;
  if (Date.parse(holder.expires_at) <= paymentClock.now()) {
    await syncFromProvider(ctx.db, paymentConfig(ctx.config), holder).catch(() => false);
    if (!lockingPayment(ctx.db, ids)) return;
  }
  throw inProgress(holder.id);
}

const describe = (invoices: readonly Invoice[], lang: "nl" | "en"): string =>
  `${lang === "en" ? (invoices.length === 1 ? "Invoice" : "Invoices") : invoices.length === 1 ? "Factuur" : "Facturen"} ${invoices.map((invoice) => invoice.number).join(", ")}`.slice(
    0,
    255,
  );

async function createPayment(ctx: RouteContext): Promise<undefined> {
  const accountNumber = account(ctx);
  const key = idempotencyKey(ctx);
  const parsed = v.safeParse(PaymentInputSchema, await readJsonBody(ctx.req, 16_000));
  if (!parsed.success) throw validationError(issuesToFieldErrors(parsed.issues));
  const ids = parsed.output.invoiceIds;
  const hash = createHash("sha256")
    .update([...ids].sort().join("\n"))
    .digest("hex");

  // The same attempt again (a lost answer, a double click): the same payment, never a second one.
  const earlier = paymentByKey(ctx.db, accountNumber, key);
  if (earlier) {
    if (earlier.request_hash !== hash)
      throw new HttpError(409, { statusCode: 409, code: "idempotency_key_reused" });
    if (earlier.status === "creating") throw inProgress(earlier.id);
    sendJson(ctx.res, 200, toPayment(ctx.db, earlier));
    return undefined;
  }

  const invoices = invoicesToPay(ctx, accountNumber, ids);
  await refuseWhileLocked(ctx, ids);
  const now = paymentClock.now();
  const created = insertPayment(
    ctx.db,
    {
      accountNumber,
      amount: paymentAmount(invoices),
      createdAt: new Date(now).toISOString(),
      expiresAt: new Date(now + 15 * 60_000).toISOString(),
      key,
      hash,
    },
    invoices,
  );
  // The lock was taken between our check and the insert (two tabs at the same instant).
  if (!created) throw inProgress(lockingPayment(ctx.db, ids)?.id ?? "");

  const config = paymentConfig(ctx.config);
  const lang = langOf(ctx.url);
  try {
    const remote = await createProviderPayment(
      config,
      {
        amountCents: created.amount,
        description: describe(invoices, lang),
        redirectUrl: paymentReturnUrl(config.portalUrl, lang, created.id),
        locale: lang === "en" ? "en_US" : "nl_NL",
      },
      created.id,
    );
    const checkoutUrl = remote._links.checkout?.href;
    if (!checkoutUrl) throw new ProviderUnavailable("no checkout link");
    openPayment(ctx.db, created.id, {
      id: remote.id,
      checkoutUrl,
      expiresAt: remote.expiresAt ?? created.expires_at,
    });
  } catch (error) {
    // Nothing half-made: the payment and its lock go, the invoices stay open as they were.
    forgetPayment(ctx.db, created.id);
    if (ctx.config.mode !== "test")
      console.warn("[payments] provider unavailable:", error instanceof Error ? error.message : error);
    throw new HttpError(502, { statusCode: 502, code: "provider_unavailable" });
  }
  sendJson(ctx.res, 201, toPayment(ctx.db, findPayment(ctx.db, accountNumber, created.id) ?? created));
  return undefined;
}

export const paymentRoutes: Route[] = [
  {
    method: "POST",
    path: PATHS.invoicePayments,
    access: "user",
    permissions: ["FACTUREN"],
    handle: createPayment,
  },
  {
    method: "GET",
    path: pattern(PATHS.invoicePayment, "id"),
    access: "user",
    permissions: ["FACTUREN"],
    handle: async (ctx): Promise<Payment> => {
      const accountNumber = account(ctx);
      const row = findPayment(ctx.db, accountNumber, ctx.params["id"] ?? "");
      if (!row) throw notFound();
      // Past its expiry without a word from the provider: ask it, so the page never shows a dead payment as open.
      if (row.status === "open" && Date.parse(row.expires_at) <= paymentClock.now()) {
        await syncFromProvider(ctx.db, paymentConfig(ctx.config), row).catch(() => false);
      }
      return toPayment(ctx.db, findPayment(ctx.db, accountNumber, row.id) ?? row);
    },
  },
];
