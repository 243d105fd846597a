import { compactVerify, createRemoteJWKSet, type JWTVerifyGetKey } from "jose";
import { IdTokenError } from "./id-token.ts";

/**
 * Signature check of an ID token against the provider's published keys. Kept apart from the claim
 * checks and imported dynamically where tokens arrive, so jose is not part of the first page's script.
 */
const keySets = new Map<string, JWTVerifyGetKey>();

/** Verifies the RS256 signature with the key set at `jwksUri` (fetched once, refreshed on an unknown kid). */
export async function verifyIdTokenSignature(token: string, jwksUri: string): Promise<void> {
  let keys = keySets.get(jwksUri);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(jwksUri), { timeoutDuration: 10_000 });
    keySets.set(jwksUri, keys);
  }
  try {
    // Claims are checked by checkIdToken with our clock and leeway; here only the signature and alg.
    await compactVerify(token, keys, { algorithms: ["RS256"] });
  } catch (error) {
    throw new IdTokenError(`Invalid ID token signature: ${error instanceof Error ? error.message : String(error)}`);
  }
}
