import type http from "node:http";
import type { DatabaseSync } from "node:sqlite";
import type { Permission } from "../../src/core/api/schemas/common.ts";
import type { StackConfig } from "../../dev/lib/stack-config.ts";

/**
 * Who may call a route (docs/api-people.md, api-content.md and api-business.md list each call's access):
 * - "key": the subscription key only (content, contact form; a bearer is optional and then verified);
 * - "user-no-consent": signed in, exempt from the consent check (the consent call itself);
 * - "user": signed in and consented.
 */
export type Access = "key" | "user-no-consent" | "user";

/** The signed-in caller, from a verified access token and the database. */
export type Caller = {
  userId: string;
  email: string;
  /** Permissions per account number, as in the sitePermissions claim (read fresh from the database). */
  permissions: Map<string, Permission[]>;
  consented: boolean;
  /** When the person last typed their password (the token's `auth_time`, epoch seconds on the stand-in's clock). */
  authTime: number | undefined;
};

export type RouteContext = {
  req: http.IncomingMessage;
  res: http.ServerResponse;
  url: URL;
  /** Path parameters from `:name` segments of the route pattern. */
  params: Record<string, string>;
  db: DatabaseSync;
  config: StackConfig;
  /** Present when the request carried a valid bearer token. */
  caller: Caller | undefined;
  /** The `accountNumber` query parameter, checked against the caller's accounts when the route is account-scoped. */
  accountNumber: string | undefined;
};

export type Route = {
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** Full path with `:name` parameters, e.g. `/contentfulservice/api/v1/articles/:slug`. */
  path: string;
  access: Access;
  /**
   * Permissions of which the caller needs at least one on `accountNumber` (ADMINISTRATOR always passes).
   * Implies an account-scoped call: `accountNumber` is required and must be one of the caller's.
   */
  permissions?: Permission[];
  /** Requires `accountNumber` to be one of the caller's accounts without needing a permission. */
  accountScoped?: boolean;
  /** Returns the JSON body to send with 200, or writes the response itself and returns undefined. */
  handle: (ctx: RouteContext) => unknown;
};

/** The contract's paths (src/core/api/paths.ts): the stand-in serves what the client calls, never a copy. */
export { CONTACT_V2, PATHS, V1 } from "../../src/core/api/paths.ts";
export { SERVICE_PATHS } from "../../src/core/api/service-paths.ts";

/**
 * A route pattern from one of the contract's path functions: `pattern(PATHS.invoicePdf, "id")` is
 * `/contentfulservice/api/v1/invoices/:id/pdf`. Each argument becomes a `:name` parameter, in order.
 */
export function pattern<Args extends string[]>(path: (...args: Args) => string, ...names: Args): string {
  // Marks the path function leaves as they are (letters and digits survive its URL encoding).
  const marks = names.map((_, index) => `kpParam${index}x`);
  return names.reduce((result, name, index) => result.replace(marks[index] ?? "", `:${name}`), path(...(marks as Args)));
}
