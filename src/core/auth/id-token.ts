import { epochSeconds } from "./clock.ts";

/**
 * The ID token checks of spec section 5, which oidc-client-ts mostly leaves to the application.
 * These are the claim checks; the signature is checked in `id-token-signature.ts`, which loads its
 * library only where tokens arrive.
 */
export type IdTokenExpectations = {
  /** The provider's issuer, exactly as it writes `iss`. */
  issuer: string;
  clientId: string;
  /** The nonce sent with the authorization request; omitted for a refresh (no nonce was sent). */
  nonce?: string | undefined;
  /** When set, `auth_time` must be present and no older than this. */
  maxAgeSeconds?: number | undefined;
  /** When set (runtime setting `auth.organization`), `org_id` must equal it. */
  organization?: string | undefined;
  /** Clock skew allowed on exp, nbf and max age; default 60 s. */
  leewaySeconds?: number;
};

/** One failed check; its message says which. */
export class IdTokenError extends Error {
  override name = "IdTokenError";
}

export type IdTokenHeader = { alg?: unknown; kid?: unknown; typ?: unknown };
export type IdTokenClaims = Record<string, unknown> & { iss: string; sub: string; exp: number; iat: number };

/** Default clock leeway of spec section 9. */
export const ID_TOKEN_LEEWAY_SECONDS = 60;

/** Decodes header and payload of a compact JWS without checking anything but its shape. */
export function decodeJwt(token: string | undefined | null): { header: IdTokenHeader; payload: Record<string, unknown> } {
  if (!token) throw new IdTokenError("ID token is required but missing");
  const parts = token.split(".");
  if (parts.length !== 3) throw new IdTokenError("ID token could not be decoded: it must have 3 parts");
  const header = parseSegment(parts[0] ?? "");
  const payload = parseSegment(parts[1] ?? "");
  if (!isObject(header) || !isObject(payload)) throw new IdTokenError("ID token could not be decoded");
  return { header, payload };
}

/** Runs every claim check against `token`; returns its claims or throws IdTokenError. */
export function checkIdToken(token: string | undefined | null, expected: IdTokenExpectations): IdTokenClaims {
  const { header, payload } = decodeJwt(token);
  const leeway = expected.leewaySeconds ?? ID_TOKEN_LEEWAY_SECONDS;
  const now = epochSeconds();

  if (header.alg !== "RS256") {
    throw new IdTokenError(`Signature algorithm of "${String(header.alg)}" is not supported. Expected the ID token to be signed with "RS256".`);
  }
  if (typeof payload["iss"] !== "string") throw new IdTokenError("Issuer (iss) claim must be a string present in the ID token");
  if (payload["iss"] !== expected.issuer) {
    throw new IdTokenError(`Issuer (iss) claim mismatch in the ID token; expected "${expected.issuer}", found "${payload["iss"]}"`);
  }
  if (typeof payload["sub"] !== "string" || payload["sub"] === "") {
    throw new IdTokenError("Subject (sub) claim must be a string present in the ID token");
  }
  checkAudience(payload, expected.clientId);
  if (expected.nonce !== undefined) {
    if (typeof payload["nonce"] !== "string") throw new IdTokenError("Nonce (nonce) claim must be a string present in the ID token");
    if (payload["nonce"] !== expected.nonce) {
      throw new IdTokenError(`Nonce (nonce) claim mismatch in the ID token; expected "${expected.nonce}", found "${payload["nonce"]}"`);
    }
  }
  if (expected.maxAgeSeconds !== undefined && typeof payload["auth_time"] !== "number") {
    throw new IdTokenError("Authentication Time (auth_time) claim must be a number present in the ID token when Max Age (max_age) is specified");
  }
  if (typeof payload["exp"] !== "number") throw new IdTokenError("Expiration Time (exp) claim must be a number present in the ID token");
  if (typeof payload["iat"] !== "number") throw new IdTokenError("Issued At (iat) claim must be a number present in the ID token");

  if (now > payload["exp"] + leeway) {
    throw new IdTokenError(`Expiration Time (exp) claim error in the ID token; current time (${now}) is after expiration time (${payload["exp"] + leeway})`);
  }
  if (typeof payload["nbf"] === "number" && now < payload["nbf"] - leeway) {
    throw new IdTokenError(`Not Before time (nbf) claim in the ID token indicates that this token can't be used just yet. Current time (${now}) is before ${payload["nbf"] - leeway}`);
  }
  if (expected.maxAgeSeconds !== undefined && typeof payload["auth_time"] === "number") {
    const latest = payload["auth_time"] + expected.maxAgeSeconds + leeway;
    if (now > latest) {
      throw new IdTokenError(`Authentication Time (auth_time) claim in the ID token indicates that too much time has passed since the last end-user authentication. Current time (${now}) is after last auth at ${latest}`);
    }
  }
  if (expected.organization) {
    if (typeof payload["org_id"] !== "string") throw new IdTokenError("Organization ID (org_id) claim must be a string present in the ID token");
    if (payload["org_id"] !== expected.organization) {
      throw new IdTokenError(`Organization ID (org_id) claim mismatch in the ID token; expected "${expected.organization}", found "${payload["org_id"]}"`);
    }
  }
  return payload as IdTokenClaims;
}

function checkAudience(payload: Record<string, unknown>, clientId: string): void {
  const aud = payload["aud"];
  const audiences = typeof aud === "string" ? [aud] : Array.isArray(aud) && aud.every((a) => typeof a === "string") ? (aud as string[]) : null;
  if (!audiences || audiences.length === 0) {
    throw new IdTokenError("Audience (aud) claim must be a string or array of strings present in the ID token");
  }
  if (!audiences.includes(clientId)) {
    throw new IdTokenError(`Audience (aud) claim mismatch in the ID token; expected "${clientId}" but was not one of "${audiences.join(", ")}"`);
  }
  if (audiences.length > 1) {
    if (typeof payload["azp"] !== "string") {
      throw new IdTokenError("Authorized Party (azp) claim must be a string present in the ID token when Audience (aud) claim has multiple values");
    }
    if (payload["azp"] !== clientId) {
      throw new IdTokenError(`Authorized Party (azp) claim mismatch in the ID token; expected "${clientId}", found "${payload["azp"]}"`);
    }
  }
}

function parseSegment(segment: string): unknown {
  try {
    const base64 = segment.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(segment.length / 4) * 4, "=");
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(bytes)) as unknown;
  } catch {
    throw new IdTokenError("ID token could not be decoded");
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
