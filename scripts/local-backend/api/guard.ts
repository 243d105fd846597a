import type http from "node:http";
import type { DatabaseSync } from "node:sqlite";
import type { StackConfig } from "../../lib/stack-config.ts";
import type { Caller } from "./route.ts";

/**
 * The caller behind the request's bearer token, or undefined without one.
 * An invalid token (signature, issuer, audience, expiry, an ID token as bearer) is a 401.
 * TODO(foundation): verify against the identity provider's keys.
 */
export async function resolveCaller(
  _req: http.IncomingMessage,
  _db: DatabaseSync,
  _config: StackConfig,
): Promise<Caller | undefined> {
  return undefined;
}
