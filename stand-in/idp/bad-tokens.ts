import { generateKeyPair, decodeJwt, decodeProtectedHeader, importJWK, SignJWT, type JWK } from "jose";
import type { BadIdTokenKind } from "./test-switches.ts";

/**
 * Re-signs an ID token with one thing wrong, for tests of the site's own ID token checks
 * (`src/core/auth/id-token.ts`). Only reachable through the test hooks.
 */
export async function spoilIdToken(idToken: string, kind: BadIdTokenKind, signingJwk: JWK): Promise<string> {
  const header = decodeProtectedHeader(idToken);
  const claims = { ...decodeJwt(idToken) };
  const now = Math.floor(Date.now() / 1000);
  let key = await importJWK(signingJwk, "RS256");
  switch (kind) {
    case "audience":
      claims.aud = "another-client";
      break;
    case "azp":
      // Several audiences without an authorized party: the site must refuse it.
      claims.aud = [String(claims.aud), "another-client"];
      delete claims["azp"];
      break;
    case "org_id":
      claims["org_id"] = "org_someone_else";
      break;
    case "issuer":
      claims.iss = "http://issuer.invalid/";
      break;
    case "nonce":
      claims["nonce"] = "not-the-nonce-that-was-sent";
      break;
    case "no_nonce":
      delete claims["nonce"];
      break;
    case "azp_foreign":
      // One audience (ours), but issued to another party.
      claims["azp"] = "another-client";
      break;
    case "iat_future":
      claims.iat = now + 600;
      break;
    case "sub":
      // Another person's token in the middle of this session.
      claims.sub = `${String(claims.sub)}-someone-else`;
      break;
    case "expired":
      claims.iat = now - 7200;
      claims.exp = now - 3600;
      break;
    case "signature":
      key = (await generateKeyPair("RS256")).privateKey;
      break;
  }
  return new SignJWT(claims).setProtectedHeader({ alg: "RS256", typ: "JWT", ...(header.kid ? { kid: header.kid } : {}) }).sign(key);
}
