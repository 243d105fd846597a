import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Headers of a provider webhook: when it was signed, a random id of this delivery attempt (so the
 * same webhook sent twice is told from a copy of one delivery replayed), and the signature over those
 * and the body.
 */
export const TIMESTAMP_HEADER = "x-provider-timestamp";
export const DELIVERY_HEADER = "x-provider-delivery";
export const SIGNATURE_HEADER = "x-provider-signature";

/** How far a webhook's timestamp may be from the receiver's clock (either way) before it is refused. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** `sha256=<hex>` of HMAC-SHA256(secret, "<timestamp>.<delivery>.<raw body>"), as the provider sends it. */
export const signWebhook = (secret: string, timestamp: number, delivery: string, body: string): string =>
  `sha256=${createHmac("sha256", secret).update(`${timestamp}.${delivery}.${body}`).digest("hex")}`;

/**
 * Checks a webhook's signature (in constant time) and that its timestamp is within the tolerance of
 * `nowSeconds`; the reason when not.
 */
export function verifyWebhook(
  secret: string,
  headers: { timestamp: string | undefined; delivery: string | undefined; signature: string | undefined },
  body: string,
  nowSeconds: number,
): { ok: true } | { ok: false; reason: "missing_signature" | "bad_signature" | "stale_timestamp" } {
  const { timestamp, delivery, signature } = headers;
  if (
    !timestamp ||
    !signature ||
    !delivery ||
    !/^\d{1,12}$/.test(timestamp) ||
    !/^[A-Za-z0-9_-]{8,64}$/.test(delivery)
  ) {
    return { ok: false, reason: "missing_signature" };
  }
  const expected = Buffer.from(signWebhook(secret, Number(timestamp), delivery, body));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: "bad_signature" };
  if (Math.abs(nowSeconds - Number(timestamp)) > WEBHOOK_TOLERANCE_SECONDS)
    return { ok: false, reason: "stale_timestamp" };
  return { ok: true };
}

/** The header of Mollie's next-generation webhooks. */
export const MOLLIE_SIGNATURE_HEADER = "x-mollie-signature";

/**
 * A Mollie next-generation webhook's signature: the hex HMAC-SHA256 of the raw body with the
 * webhook's signing secret (docs.mollie.com, "Webhooks: Best practices"), compared in constant time;
 * a `sha256=` before the hex is allowed.
 */
export function verifyMollieSignature(secret: string, signature: string | undefined, body: string): { ok: true } | { ok: false; reason: "missing_signature" | "bad_signature" } {
  if (!signature) return { ok: false, reason: "missing_signature" };
  const given = Buffer.from(signature.replace(/^sha256=/, ""));
  const expected = Buffer.from(createHmac("sha256", secret).update(body).digest("hex"));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: "bad_signature" };
  return { ok: true };
}
