import type http from "node:http";
import type { DatabaseSync } from "node:sqlite";
import type { StackConfig } from "../../dev/lib/stack-config.ts";
import { decodeComponent, HttpError, sendJson } from "../http.ts";
import { resolveCaller } from "./guard.ts";
import { CONTACT_V2, V1, type Caller, type Route, type RouteContext } from "./route.ts";
import { contentRoutes } from "./routes/content.ts";
import { peopleRoutes } from "./routes/people.ts";
import { businessRoutes } from "./routes/business.ts";

const routes: Route[] = [...contentRoutes, ...peopleRoutes, ...businessRoutes];

/** Every API route by method and path pattern: the table the dispatcher matches against (tests walk it). */
export const API_ROUTES: readonly Pick<Route, "method" | "path" | "permissions">[] = routes;

const compiled = routes.map((route) => ({ route, ...compile(route.path) }));

function compile(pattern: string): { regex: RegExp; names: string[] } {
  const names: string[] = [];
  // A trailing slash is optional on every route (the contract writes `/contacts/` with one).
  const source = pattern
    .replace(/\/$/, "")
    .split("/")
    .map((segment) => {
      if (!segment.startsWith(":")) return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      names.push(segment.slice(1));
      return "([^/]+)";
    })
    .join("/");
  return { regex: new RegExp(`^${source}/?$`), names };
}

/** True when this path belongs to the API (and so needs the subscription key). */
export const isApiPath = (pathname: string): boolean =>
  [V1, CONTACT_V2].some((prefix) => pathname.startsWith(`${prefix.split("/", 2).join("/")}/`));

/** Dispatches one API request: subscription key, route match, caller, consent, account and permission. */
export async function handleApi(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  url: URL,
  db: DatabaseSync,
  config: StackConfig,
): Promise<void> {
  try {
    if (req.headers["ocp-apim-subscription-key"] !== config.subscriptionKey) {
      throw new HttpError(401, { statusCode: 401, message: "Missing or invalid subscription key" });
    }
    const matches = compiled.filter((entry) => entry.regex.test(url.pathname));
    if (matches.length === 0) throw new HttpError(404, { statusCode: 404 });
    const found = matches.find((entry) => entry.route.method === req.method);
    if (!found) throw new HttpError(405, { statusCode: 405 });
    const values = found.regex.exec(url.pathname)?.slice(1) ?? [];
    const params = Object.fromEntries(found.names.map((name, i) => [name, decodeComponent(name, values[i] ?? "")]));

    const { route } = found;
    const caller = await resolveCaller(req, db, config);
    if (route.access !== "key" && !caller) throw new HttpError(401, { statusCode: 401 });
    if (route.access === "user" && caller && !caller.consented) throw new HttpError(403, { statusCode: 1 });

    const accountNumber = url.searchParams.get("accountNumber") ?? undefined;
    if (route.permissions || route.accountScoped) checkAccount(caller, accountNumber, route);

    const ctx: RouteContext = { req, res, url, params, db, config, caller, accountNumber };
    const body = await route.handle(ctx);
    if (!res.headersSent && !res.writableEnded) sendJson(res, 200, body ?? null);
  } catch (error) {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (error instanceof HttpError) sendJson(res, error.status, error.body);
    else {
      console.error("[backend] unexpected error", error);
      sendJson(res, 500, { statusCode: 500 });
    }
  }
}

function checkAccount(caller: Caller | undefined, accountNumber: string | undefined, route: Route): void {
  if (!caller) throw new HttpError(401, { statusCode: 401 });
  if (!accountNumber) throw new HttpError(400, { statusCode: 400, errors: [{ field: "accountNumber", code: "required" }] });
  const held = caller.permissions.get(accountNumber);
  if (!held) throw new HttpError(403, { statusCode: 2 });
  if (!route.permissions || held.includes("ADMINISTRATOR")) return;
  if (!route.permissions.some((permission) => held.includes(permission))) throw new HttpError(403, { statusCode: 2 });
}
