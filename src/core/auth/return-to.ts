import { sitePath, UNKNOWN_SITE_ORIGIN } from "../urls/site-url.ts";

/** Where a signed-in user lands when there is no (acceptable) target URL. */
export const DASHBOARD_PATH = "/mijn-account/dashboard";

/**
 * The one way a screen turns a path that came from a URL or from storage (sign-in, callback,
 * consent, logout, popup, back links) into somewhere to go: the site path the browser would reach,
 * or `fallback` when it would leave the site. Resolved as the browser resolves it (after stripping
 * tabs, newlines and leading controls), accepted only on the site's own origin, and what is returned
 * is the resolved path that was checked, never the raw value.
 */
export function sanitizeReturnTo(
  raw: string | null | undefined,
  fallback = DASHBOARD_PATH,
  siteOrigin: string = globalThis.location?.origin ?? UNKNOWN_SITE_ORIGIN,
): string {
  if (!raw) return fallback;
  return sitePath(raw, siteOrigin) ?? fallback;
}

/** The current location as a returnTo value: path, query and hash. */
export const currentTarget = (location: Pick<Location, "pathname" | "search" | "hash">): string =>
  `${location.pathname}${location.search}${location.hash}`;
