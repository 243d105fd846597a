import type http from "node:http";
import type { DatabaseSync } from "node:sqlite";
import {
  firstSighting,
  logWebhook,
  paymentByProviderId,
  type WebhookLogEntry,
} from "../db/business/payments.ts";
import { HttpError, readRawBody, sendJson } from "../http.ts";
import type { PaymentConfig } from "./config.ts";
import { ProviderUnavailable } from "./provider-client.ts";
import { DELIVERY_HEADER, MOLLIE_SIGNATURE_HEADER, SIGNATURE_HEADER, TIMESTAMP_HEADER, verifyMollieSignature, verifyWebhook } from "./signature.ts";
import { paymentClock, syncFromProvider } from "./sync.ts";

const header = (req: http.IncomingMessage, name: string): string | undefined => {
  const value = req.headers[name];
  return typeof value === "string" ? value : undefined;
};

/**
 * The backend's webhook of the payment provider. Like Mollie's, the body carries only `id=tr_…`: the
 * status is always fetched from the provider, so a forged call can at most make us look. On top of
 * that the webhook proves its origin as its scheme says (config.ts): the stand-in provider signs each
 * delivery (HMAC-SHA256 over timestamp and body); Mollie signs its next-generation webhooks and not
 * its classic ones. A bad or old signature, a replayed delivery or an id that is none of our payments
 * is refused, logged, and changes nothing.
 * A payment already final is left as it is (the same webhook twice answers 200 and changes nothing).
 */
export async function handlePaymentWebhook(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  db: DatabaseSync,
  config: PaymentConfig,
  quiet: boolean,
): Promise<void> {
  const at = new Date(paymentClock.now()).toISOString();
  const log = (entry: Omit<WebhookLogEntry, "at">, status: number): void => {
    logWebhook(db, { at, ...entry });
    if (entry.outcome === "refused" && !quiet)
      console.warn(`[payments] webhook refused: ${entry.reason} (${entry.providerId ?? "no id"})`);
    sendJson(res, status, {
      statusCode: status,
      ...(entry.outcome === "refused" ? { code: entry.reason } : {}),
    });
  };
  if (req.method !== "POST") return log({ outcome: "refused", reason: "method", providerId: null }, 405);
  let body: string;
  try {
    body = (await readRawBody(req, 2_000)).toString("utf8");
  } catch (error) {
    return log(
      { outcome: "refused", reason: "body", providerId: null },
      error instanceof HttpError ? error.status : 400,
    );
  }
  const providerId = new URLSearchParams(body).get("id");
  if (config.webhookScheme === "mollie") {
    // Mollie's classic webhooks are unsigned and carry no delivery id: the status fetched below is the
    // proof, and a repeat only makes us look again. Its next-generation ones are signed.
    const checked = config.webhookSecret ? verifyMollieSignature(config.webhookSecret, header(req, MOLLIE_SIGNATURE_HEADER), body) : { ok: true as const };
    if (!checked.ok) return log({ outcome: "refused", reason: checked.reason, providerId }, 401);
  } else {
    const delivery = header(req, DELIVERY_HEADER);
    const checked = verifyWebhook(
      config.webhookSecret,
      { timestamp: header(req, TIMESTAMP_HEADER), delivery, signature: header(req, SIGNATURE_HEADER) },
      body,
      Math.floor(paymentClock.now() / 1000),
    );
    if (!checked.ok) return log({ outcome: "refused", reason: checked.reason, providerId }, 401);
    // A delivery seen before is a copy, whoever sends it (the provider's own retries are new deliveries).
    if (!firstSighting(db, delivery ?? "", at))
      return log({ outcome: "refused", reason: "replay", providerId }, 409);
  }
  const payment = providerId ? paymentByProviderId(db, providerId) : undefined;
  if (!payment) return log({ outcome: "refused", reason: "unknown_payment", providerId }, 404);
  try {
    const changed = await syncFromProvider(db, config, payment);
    return log({ outcome: changed ? "applied" : "unchanged", reason: "ok", providerId }, 200);
  } catch (error) {
    // The provider could not be asked: answer so it tries again later; nothing changed here.
    if (error instanceof ProviderUnavailable)
      return log({ outcome: "refused", reason: "provider_unavailable", providerId }, 503);
    throw error;
  }
}
