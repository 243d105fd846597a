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
 * - `KP_PAYMENT_WEBHOOK_SECRET`: the secret the provider signs its webhooks with;
 * - `KP_PAYMENT_WEBHOOK_URL`: where the provider posts them (this backend's public address + WEBHOOK_PATH);
 * - `KP_PORTAL_URL`: the portal's public address, where the customer returns to the status page.
 * Without them the backend uses the stand-in provider on its own host with fixed development secrets.
 */
export type PaymentConfig = {
  providerUrl: string;
  apiKey: string;
  webhookSecret: string;
  webhookUrl: string;
  portalUrl: string;
};

export function paymentConfig(config: StackConfig, env: NodeJS.ProcessEnv = process.env): PaymentConfig {
  const host = backendUrl(config);
  return {
    providerUrl: env["KP_PAYMENT_PROVIDER_URL"] ?? `${host}${PROVIDER_PREFIX}`,
    apiKey: env["KP_PAYMENT_PROVIDER_API_KEY"] ?? "test_standin_provider_key",
    webhookSecret: env["KP_PAYMENT_WEBHOOK_SECRET"] ?? "standin-webhook-secret-not-for-production",
    webhookUrl: env["KP_PAYMENT_WEBHOOK_URL"] ?? `${host}${WEBHOOK_PATH}`,
    portalUrl: env["KP_PORTAL_URL"] ?? siteUrl(config),
  };
}
