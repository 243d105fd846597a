import type http from "node:http";
import type { DatabaseSync } from "node:sqlite";
import type { StackConfig } from "../../dev/lib/stack-config.ts";
import { sendJson } from "../http.ts";
import { bearerToken, verifyAccessToken } from "./access-token.ts";
import { userClaims } from "./claims.ts";

/**
 * /userinfo as the hosted provider answers it: the API access token (audience = the API) is
 * accepted, and the user's claims come back fresh from the database. oidc-provider's own userinfo
 * only takes tokens issued for itself, which the site never holds (its access token is for the API).
 */
export async function handleUserinfo(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  db: DatabaseSync,
  config: StackConfig,
  siteOrigins: ReadonlySet<string>,
): Promise<void> {
  const origin = req.headers.origin;
  if (origin && siteOrigins.has(origin)) {
    res.setHeader("access-control-allow-origin", origin);
    res.setHeader("vary", "Origin");
  }
  if (req.method === "OPTIONS") {
    res.setHeader("access-control-allow-methods", "GET, POST");
    res.setHeader("access-control-allow-headers", "authorization");
    res.statusCode = 204;
    res.end();
    return;
  }
  const token = bearerToken(req.headers.authorization);
  const sub = token ? await verifyAccessToken(token, config) : undefined;
  const claims = sub ? userClaims(db, sub, config.claimNamespace) : undefined;
  res.setHeader("cache-control", "no-store");
  if (!claims) {
    res.setHeader("www-authenticate", `Bearer realm="${config.audience}", error="invalid_token"`);
    sendJson(res, 401, { error: "invalid_token", error_description: "invalid token provided" });
    return;
  }
  sendJson(res, 200, claims);
}
