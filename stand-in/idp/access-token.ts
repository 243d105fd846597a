import { createLocalJWKSet, jwtVerify, type JWTVerifyGetKey } from "jose";
import type { StackConfig } from "../../dev/lib/stack-config.ts";
import { issuerFor } from "./client.ts";
import { providerKeys } from "./keys.ts";

const keySets = new Map<string, JWTVerifyGetKey>();

/** The provider's public keys for this data folder (the provider wrote them there at start). */
function keySet(config: StackConfig): JWTVerifyGetKey {
  let set = keySets.get(config.dataDir);
  if (!set) {
    set = createLocalJWKSet(providerKeys(config.dataDir).verification);
    keySets.set(config.dataDir, set);
  }
  return set;
}

/** The JWT of an `Authorization: Bearer` header, or undefined when the header is absent; null when malformed. */
export function bearerToken(header: string | undefined): string | undefined | null {
  if (header === undefined) return undefined;
  return /^Bearer ([\w-]+\.[\w-]+\.[\w-]+)$/i.exec(header.trim())?.[1] ?? null;
}

/**
 * The subject of a valid access token, else undefined. Valid: typ at+jwt (RFC 9068, as the provider
 * issues them; an ID token has typ JWT and the client as audience), RS256 by the provider's key, this
 * issuer, the API audience, not expired.
 */
export async function verifyAccessToken(token: string, config: StackConfig): Promise<string | undefined> {
  return (await verifiedAccessToken(token, config))?.sub;
}

/**
 * The subject and `auth_time` (epoch seconds on the stand-in's clock: when the person last typed
 * their password; undefined when the token has none) of a valid access token, else undefined.
 */
export async function verifiedAccessToken(
  token: string,
  config: StackConfig,
): Promise<{ sub: string; authTime: number | undefined } | undefined> {
  try {
    const { payload } = await jwtVerify(token, keySet(config), {
      issuer: issuerFor(config),
      audience: config.audience,
      algorithms: ["RS256"],
      typ: "at+jwt",
      requiredClaims: ["sub", "exp", "iat"],
    });
    if (!payload.sub) return undefined;
    const authTime = payload["auth_time"];
    return { sub: payload.sub, authTime: typeof authTime === "number" ? authTime : undefined };
  } catch {
    return undefined;
  }
}
