import * as v from "valibot";
import { PaymentStatusSchema } from "../../src/core/api/schemas/business.ts";
import type { PaymentConfig } from "./config.ts";

/**
 * The backend's client of the payment provider's API (Mollie's payments API shape). Only the fields
 * the backend uses are checked; anything else a real provider sends is ignored.
 */
export const ProviderPaymentSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^tr_[A-Za-z0-9]+$/)),
  status: PaymentStatusSchema,
  expiresAt: v.optional(v.nullable(v.string())),
  paidAt: v.optional(v.nullable(v.string())),
  _links: v.object({ checkout: v.optional(v.object({ href: v.pipe(v.string(), v.url()) })) }),
});
export type ProviderPayment = v.InferOutput<typeof ProviderPaymentSchema>;

/** The provider did not answer, or answered something the backend cannot use: nothing was done on our side. */
export class ProviderUnavailable extends Error {
  override name = "ProviderUnavailable";
}

const TIMEOUT_MS = 10_000;

async function call(config: PaymentConfig, path: string, init: RequestInit): Promise<ProviderPayment> {
  let response: Response;
  try {
    response = await fetch(`${config.providerUrl.replace(/\/$/, "")}${path}`, {
      ...init,
      headers: { ...init.headers, authorization: `Bearer ${config.apiKey}`, accept: "application/json" },
      // The API key goes to the configured provider only: a redirect elsewhere is a failure, not followed.
      redirect: "manual",
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new ProviderUnavailable(`provider not reachable: ${String(error)}`);
  }
  if (!response.ok) throw new ProviderUnavailable(`provider answered ${response.status}`);
  const parsed = v.safeParse(ProviderPaymentSchema, await response.json().catch(() => null));
  if (!parsed.success) throw new ProviderUnavailable("provider answer does not match");
  return parsed.output;
}

/** POST /v2/payments with our Idempotency-Key: the same key never makes a second payment at the provider. */
export const createProviderPayment = (
  config: PaymentConfig,
  input: { amountCents: number; description: string; redirectUrl: string; locale: "nl_NL" | "en_US" },
  idempotencyKey: string,
): Promise<ProviderPayment> =>
  call(config, "/v2/payments", {
    method: "POST",
    headers: { "content-type": "application/json", "idempotency-key": idempotencyKey },
    body: JSON.stringify({
      amount: { currency: "EUR", value: (input.amountCents / 100).toFixed(2) },
      description: input.description,
      redirectUrl: input.redirectUrl,
      webhookUrl: config.webhookUrl,
      locale: input.locale,
    }),
  });

/** GET /v2/payments/{id}: the status as the provider has it, the only thing a webhook makes us act on. */
export const fetchProviderPayment = (config: PaymentConfig, id: string): Promise<ProviderPayment> =>
  call(config, `/v2/payments/${encodeURIComponent(id)}`, { method: "GET" });
