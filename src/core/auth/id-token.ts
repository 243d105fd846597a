import { createRemoteJWKSet, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from "jose";
import { now } from "./clock.ts";

/**
 * The checks every ID token gets as it arrives (code exchange, refresh, hidden frame); oidc-client-ts
 * leaves most of them to the application. jose's `jwtVerify` does the standard part (signature with
 * the provider's published keys, RS256 only, issuer, audience, exp, nbf and iat with the leeway on our
 * clock); this file adds only what the standard leaves to the client: azp, nonce, the subject staying
 * the same, auth_time against a max age, the organization. Loaded where tokens arrive only, so jose
 * is not part of the first page's script. The rules and their reasons: docs/security-tokens.md.
 */
export type IdTokenExpectations = {
  /** The provider's issuer, exactly as it writes `iss`. */
  issuer: string;
  clientId: string;
  /** The nonce sent with the authorization request; omitted for a refresh (no nonce was sent). */
  nonce?: string | undefined;
  /** On a renewal: the subject of the session being renewed, which must not change. */
  subject?: string | undefined;
  /** When set, `auth_time` must be present and no older than this. */
  maxAgeSeconds?: number | undefined;
  /** When set (runtime setting `auth.organization`), `org_id` must equal it. */
  organization?: string | undefined;
  /** Clock skew allowed on exp, nbf, iat and max age; default 60 s. */
  leewaySeconds?: number;
};

/** One failed check; its message says which. */
export class IdTokenError extends Error {
  override name = "IdTokenError";
}

export type IdTokenClaims = JWTPayload & { iss: string; sub: string; exp: number; iat: number };

/** Default clock leeway: a provider's clock a minute off is still believed. */
export const ID_TOKEN_LEEWAY_SECONDS = 60;
/**
 * A token is checked the moment it arrives, so it was issued moments ago; one issued longer ago than
 * this is a replay or a provider with a broken clock. (An `iat` in the future is refused outright.)
 */
export const ID_TOKEN_MAX_AGE_SECONDS = 60 * 60;

const keySets = new Map<string, JWTVerifyGetKey>();

/** The provider's published keys at `jwksUri`: fetched once per page, again on an unknown `kid`. */
export function publishedKeys(jwksUri: string): JWTVerifyGetKey {
  let keys = keySets.get(jwksUri);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(jwksUri), { timeoutDuration: 10_000 });
    keySets.set(jwksUri, keys);
  }
  return keys;
}

/** Runs every check against `token`; resolves to its claims or rejects with IdTokenError. */
export async function verifyIdToken(
  token: string | undefined | null,
  keys: JWTVerifyGetKey,
  expected: IdTokenExpectations,
): Promise<IdTokenClaims> {
  if (!token) throw new IdTokenError("ID token is required but missing");
  const leeway = expected.leewaySeconds ?? ID_TOKEN_LEEWAY_SECONDS;
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, keys, {
      algorithms: ["RS256"],
      issuer: expected.issuer,
      audience: expected.clientId,
      requiredClaims: ["sub", "exp", "iat"],
      // maxTokenAge also makes jose refuse an iat later than now plus the tolerance.
      maxTokenAge: ID_TOKEN_MAX_AGE_SECONDS,
      clockTolerance: leeway,
      currentDate: new Date(now()),
    }));
  } catch (error) {
    throw new IdTokenError(`ID token refused: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  checkClientClaims(payload, expected, leeway);
  return payload as IdTokenClaims;
}

/** The checks OpenID Connect leaves to the client, after jose's standard ones passed. */
function checkClientClaims(payload: JWTPayload, expected: IdTokenExpectations, leeway: number): void {
  const clientId = expected.clientId;
  if (typeof payload.sub !== "string" || payload.sub === "") {
    throw new IdTokenError("Subject (sub) claim must be a non-empty string");
  }
  if (expected.subject !== undefined && payload.sub !== expected.subject) {
    throw new IdTokenError(`Subject (sub) claim changed during the session; expected "${expected.subject}", found "${payload.sub}"`);
  }
  // Whoever the token was issued to must be us: with several audiences azp is required, and when
  // present it must name this client even beside a single audience.
  const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if (audiences.length > 1 && payload["azp"] === undefined) {
    throw new IdTokenError("Authorized Party (azp) claim must be present when Audience (aud) has several values");
  }
  if (payload["azp"] !== undefined && payload["azp"] !== clientId) {
    throw new IdTokenError(`Authorized Party (azp) claim mismatch; expected "${clientId}", found "${String(payload["azp"])}"`);
  }
  if (expected.nonce !== undefined && payload["nonce"] !== expected.nonce) {
    throw new IdTokenError(`Nonce (nonce) claim mismatch; expected "${expected.nonce}", found "${String(payload["nonce"])}"`);
  }
  if (expected.maxAgeSeconds !== undefined) {
    const authTime = payload["auth_time"];
    if (typeof authTime !== "number") {
      throw new IdTokenError("Authentication Time (auth_time) claim must be a number when a max age is asked for");
    }
    if (now() / 1000 > authTime + expected.maxAgeSeconds + leeway) {
      throw new IdTokenError("Authentication Time (auth_time) claim is older than the max age allows");
    }
  }
  if (expected.organization && payload["org_id"] !== expected.organization) {
    throw new IdTokenError(`Organization ID (org_id) claim mismatch; expected "${expected.organization}", found "${String(payload["org_id"])}"`);
  }
}
