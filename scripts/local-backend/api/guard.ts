import type http from "node:http";
import type { DatabaseSync } from "node:sqlite";
import { createLocalJWKSet, jwtVerify, type JWTVerifyGetKey } from "jose";
import type { StackConfig } from "../../lib/stack-config.ts";
import { findUserById, linksOf } from "../db/people.ts";
import { HttpError } from "../http.ts";
import { issuerFor } from "../idp/client.ts";
import { providerKeys } from "../idp/keys.ts";
import type { Permission } from "../../../src/core/api/schemas/common.ts";
import type { Caller } from "./route.ts";

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

const unauthorized = (): HttpError => new HttpError(401, { statusCode: 401 });

/**
 * The caller behind the request's bearer token, or undefined without one.
 * The token must be an access token (JWT `typ` at+jwt, as RFC 9068 and the provider issue them; an
 * ID token has `typ` JWT and the client as audience) signed RS256 by the provider's key, for the
 * API audience, from this issuer and not expired. Anything else is a 401. Permissions and consent
 * come fresh from the database, never from the token's claims.
 */
export async function resolveCaller(
  req: http.IncomingMessage,
  db: DatabaseSync,
  config: StackConfig,
): Promise<Caller | undefined> {
  const header = req.headers.authorization;
  if (header === undefined) return undefined;
  const token = /^Bearer ([\w-]+\.[\w-]+\.[\w-]+)$/i.exec(header.trim())?.[1];
  if (!token) throw unauthorized();

  let sub: string | undefined;
  try {
    const { payload } = await jwtVerify(token, keySet(config), {
      issuer: issuerFor(config),
      audience: config.audience,
      algorithms: ["RS256"],
      typ: "at+jwt",
      requiredClaims: ["sub", "exp", "iat"],
    });
    sub = payload.sub;
  } catch {
    throw unauthorized();
  }
  const user = sub ? findUserById(db, sub) : undefined;
  if (!user) throw unauthorized();

  const permissions = new Map<string, Permission[]>();
  for (const link of linksOf(db, user.id)) permissions.set(link.accountNumber, link.permissions);
  return { userId: user.id, email: user.email, permissions, consented: user.consentedAt !== null };
}
