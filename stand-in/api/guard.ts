import type http from "node:http";
import type { DatabaseSync } from "node:sqlite";
import type { Permission } from "../../src/core/api/schemas/common.ts";
import type { StackConfig } from "../../dev/lib/stack-config.ts";
import { linksOf } from "../db/people/links.ts";
import { findUserById } from "../db/people/users.ts";
import { HttpError } from "../http.ts";
import { bearerToken, verifiedAccessToken } from "../idp/access-token.ts";
import type { Caller } from "./route.ts";

const unauthorized = (): HttpError => new HttpError(401, { statusCode: 401 });

/**
 * The caller behind the request's bearer token, or undefined without one.
 * Anything but a valid access token of the stand-in's provider (signature, issuer, audience, expiry,
 * an ID token as bearer: see verifyAccessToken) is a 401, as is the token of a user who no longer
 * exists. Permissions and consent come fresh from the database, never from the token's claims.
 */
export async function resolveCaller(
  req: http.IncomingMessage,
  db: DatabaseSync,
  config: StackConfig,
): Promise<Caller | undefined> {
  const token = bearerToken(req.headers.authorization);
  if (token === undefined) return undefined;
  const verified = token ? await verifiedAccessToken(token, config) : undefined;
  const user = verified ? findUserById(db, verified.sub) : undefined;
  if (!user) throw unauthorized();

  const permissions = new Map<string, Permission[]>();
  for (const link of linksOf(db, user.id)) permissions.set(link.accountNumber, link.permissions);
  return {
    userId: user.id,
    email: user.email,
    permissions,
    consented: user.consentedAt !== null,
    authTime: verified?.authTime,
  };
}
