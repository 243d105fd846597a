import { routeOf } from "../offline/routes.ts";
import { sitePath, UNKNOWN_SITE_ORIGIN } from "../urls/site-url.ts";

/** Where a signed-in user lands when there is no (acceptable) target URL. */
export const DASHBOARD_PATH = "/mijn-account/dashboard";

/**
 * Pages that do something when opened (sign out, start or finish a sign-in, renew in a frame), as
 * Dutch routes: a return path leads to a screen, never to one of these, in either language and
 * however spelled. Else a crafted sign-in link (`/inloggen?returnTo=/uitloggen`) signs the person
 * out right after they signed in, or replays a callback.
 */
export const ACTION_ROUTES = ["/uitloggen", "/inloggen", "/callback", "/silent-renew"] as const;

/** Whether a site path (path, query, hash) opens an action page; judged as the server opens the path. */
export function isActionPath(path: string): boolean {
  const route = routeOf(path.split(/[?#]/)[0] ?? "/");
  return ACTION_ROUTES.some((action) => route === action || route.startsWith(`${action}/`));
}

/**
 * The one way a screen turns a path that came from a URL or from storage (sign-in, callback,
 * consent, logout, popup, back links) into somewhere to go: the site path the browser would reach,
 * or `fallback` when it would leave the site or open an action page (`ACTION_ROUTES`). Resolved as the browser resolves it (after stripping
 * tabs, newlines and leading controls), accepted only on the site's own origin, and what is returned
 * is the resolved path that was checked, never the raw value.
 */
export function sanitizeReturnTo(
  raw: string | null | undefined,
  fallback = DASHBOARD_PATH,
  siteOrigin: string = globalThis.location?.origin ?? UNKNOWN_SITE_ORIGIN,
): string {
  if (!raw) return fallback;
  const path = sitePath(raw, siteOrigin);
  return path && !isActionPath(path) ? path : fallback;
}

/** The current location as a returnTo value: path, query and hash. */
export const currentTarget = (location: Pick<Location, "pathname" | "search" | "hash">): string =>
  `${location.pathname}${location.search}${location.hash}`;
