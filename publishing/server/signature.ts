/**
 * Webhook request signing as the CMS (Contentful) does it: HMAC-SHA256, hex-encoded, over the
 * canonical request `METHOD \n path \n name:value;name:value \n body`, where the headers are the ones
 * named in `x-contentful-signed-headers` (lower-case, comma-separated). The timestamp header is always
 * among them, so a signature cannot be moved to another time. Written with node:crypto because the
 * verification also refuses replays and takes its clock from the caller, which the CMS toolkit does not.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export const SIGNATURE_HEADER = "x-contentful-signature";
export const TIMESTAMP_HEADER = "x-contentful-timestamp";
export const SIGNED_HEADERS_HEADER = "x-contentful-signed-headers";
/** Requests older (or further in the future) than this are refused. */
const SIGNATURE_WINDOW_MS = 30_000;

export type SignableRequest = {
  method: string;
  /** Path with query, exactly as sent. */
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string | Buffer;
};

const headerValue = (headers: SignableRequest["headers"], name: string): string | undefined => {
  const value = headers[name] ?? headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(",") : value;
};

/** The string both sides sign. */
function canonicalRequest(request: SignableRequest, signedHeaders: string[]): string {
  const headers = signedHeaders.map((name) => `${name}:${(headerValue(request.headers, name) ?? "").trim()}`).join(";");
  const body = typeof request.body === "string" ? request.body : request.body.toString("utf8");
  return [request.method.toUpperCase(), request.path, headers, body].join("\n");
}

const hmac = (secret: string, text: string): string => createHmac("sha256", secret).update(text, "utf8").digest("hex");

/**
 * The three headers that sign a request, to be sent along with it. `headers` are the request's own
 * headers that should be covered too (e.g. the topic); the timestamp is added.
 */
export function signRequest(
  secret: string,
  request: SignableRequest,
  now: number,
): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(",") : value;
  }
  headers[TIMESTAMP_HEADER] = String(now);
  const signed = Object.keys(headers).filter((name) => !name.startsWith("x-contentful-signed") && name !== SIGNATURE_HEADER);
  return {
    [TIMESTAMP_HEADER]: headers[TIMESTAMP_HEADER],
    [SIGNED_HEADERS_HEADER]: signed.join(","),
    [SIGNATURE_HEADER]: hmac(secret, canonicalRequest({ ...request, headers }, signed)),
  };
}

type VerifyFailure =
  | "missing-signature"
  | "missing-timestamp"
  | "timestamp-not-signed"
  | "required-header-not-signed"
  | "stale"
  | "bad-signature"
  | "replayed";

type VerifyResult = { ok: true } | { ok: false; reason: VerifyFailure };

export type Verifier = (request: SignableRequest) => VerifyResult;

/**
 * A verifier with its own replay memory. A signature is remembered for the length of the window:
 * after that, the timestamp check refuses the request anyway.
 */
export function createVerifier(options: {
  secret: string;
  /** Milliseconds since the epoch; the seam that makes window tests exact. */
  now: () => number;
  windowMs?: number;
  /** Headers the sender must have signed besides the timestamp (e.g. the topic that picks the site). */
  requiredSignedHeaders?: string[];
}): Verifier {
  const windowMs = options.windowMs ?? SIGNATURE_WINDOW_MS;
  const seen = new Map<string, number>();
  return (request) => {
    const signature = headerValue(request.headers, SIGNATURE_HEADER);
    const timestamp = headerValue(request.headers, TIMESTAMP_HEADER);
    const signedList = headerValue(request.headers, SIGNED_HEADERS_HEADER);
    if (!signature || !signedList) return { ok: false, reason: "missing-signature" };
    if (!timestamp) return { ok: false, reason: "missing-timestamp" };
    const signed = signedList.split(",").map((name) => name.trim().toLowerCase()).filter(Boolean);
    if (!signed.includes(TIMESTAMP_HEADER)) return { ok: false, reason: "timestamp-not-signed" };
    if ((options.requiredSignedHeaders ?? []).some((name) => !signed.includes(name))) {
      return { ok: false, reason: "required-header-not-signed" };
    }
    const now = options.now();
    const sentAt = Number(timestamp);
    if (!Number.isFinite(sentAt) || Math.abs(now - sentAt) > windowMs) return { ok: false, reason: "stale" };

    const expected = Buffer.from(hmac(options.secret, canonicalRequest(request, signed)), "hex");
    const given = /^[0-9a-f]{64}$/i.test(signature) ? Buffer.from(signature, "hex") : Buffer.alloc(0);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: "bad-signature" };

    for (const [key, expires] of seen) if (expires < now) seen.delete(key);
    const key = signature.toLowerCase();
    if (seen.has(key)) return { ok: false, reason: "replayed" };
    seen.set(key, sentAt + windowMs);
    return { ok: true };
  };
}
