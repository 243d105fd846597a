import type { StackConfig } from "../../dev/lib/stack-config.ts";
import { backendUrl, siteUrl } from "../../dev/lib/stack-config.ts";

/** Where the stand-in's own payment provider lives on the backend's host. */
export const PROVIDER_PREFIX = "/payment-provider";
/** The backend's webhook address (outside the API paths: the provider has no subscription key). */
export const WEBHOOK_PATH = "/payment-webhooks/provider";

/**
 * How the backend reaches its payment provider: the only settings that change when a real provider
 * (Mollie) replaces the stand-in one (docs/api-business.md, "Paying invoices online"):
 * - `KP_PAYMENT_PROVIDER_URL`: the provider's API base (Mollie: `https://api.mollie.com`); payments
 *   are created at `{url}/v2/payments`;
 * - `KP_PAYMENT_PROVIDER_API_KEY`: the bearer key of that API (Mollie: `live_…` or `test_…`);
 * - `KP_PAYMENT_WEBHOOK_SCHEME`: how the provider's webhooks prove where they come from (`WebhookScheme`):
 *   `standin` (the stand-in provider's signed deliveries) or `mollie`;
 * - `KP_PAYMENT_WEBHOOK_SECRET`: the secret the provider signs its webhooks with (with `mollie`, the
 *   signing secret of a next-generation webhook; left out for Mollie's classic, unsigned ones);
 * - `KP_PAYMENT_WEBHOOK_URL`: where the provider posts them (this backend's public address + WEBHOOK_PATH);
 * - `KP_PORTAL_URL`: the portal's public address, where the customer returns to the status page.
 * Without them the backend uses the stand-in provider on its own host with fixed development secrets.
 */
/**
 * `standin`: HMAC-SHA256 over timestamp, delivery id and body in the `x-provider-*` headers, with a
 * tolerance on the time and each delivery taken once (signature.ts). `mollie`: as Mollie sends them:
 * with a signing secret, `X-Mollie-Signature` (HMAC-SHA256 of the raw body); without, the classic
 * webhook that carries only the payment's id. Either way the status itself is always fetched from the
 * provider with the API key (webhook-receiver.ts), never read from the webhook.
 */
export const WEBHOOK_SCHEMES = ["standin", "mollie"] as const;
export type WebhookScheme = (typeof WEBHOOK_SCHEMES)[number];

export type PaymentConfig = {
  providerUrl: string;
  apiKey: string;
  webhookScheme: WebhookScheme;
  /** Empty with `mollie`: classic webhooks, unsigned. */
  webhookSecret: string;
  webhookUrl: string;
  portalUrl: string;
};

export function paymentConfig(config: StackConfig, env: NodeJS.ProcessEnv = process.env): PaymentConfig {
  const host = backendUrl(config);
  const scheme = env["KP_PAYMENT_WEBHOOK_SCHEME"] ?? "standin";
  if (!(WEBHOOK_SCHEMES as readonly string[]).includes(scheme))
    throw new Error(`KP_PAYMENT_WEBHOOK_SCHEME must be one of ${WEBHOOK_SCHEMES.join(", ")}; got ${scheme}`);
  const webhookScheme = scheme as WebhookScheme;
  return {
    providerUrl: env["KP_PAYMENT_PROVIDER_URL"] ?? `${host}${PROVIDER_PREFIX}`,
    apiKey: env["KP_PAYMENT_PROVIDER_API_KEY"] ?? "test_standin_provider_key",
    webhookScheme,
    // The stand-in provider always signs; Mollie's classic webhooks do not.
    webhookSecret: env["KP_PAYMENT_WEBHOOK_SECRET"] ?? (webhookScheme === "standin" ? "standin-webhook-secret-not-for-production" : ""),
    webhookUrl: env["KP_PAYMENT_WEBHOOK_URL"] ?? `${host}${WEBHOOK_PATH}`,
    portalUrl: env["KP_PORTAL_URL"] ?? siteUrl(config),
  };
}
