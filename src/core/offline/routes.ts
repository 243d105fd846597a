/**
 * How the service worker treats a same-origin path. Pure functions over the path only, shared by
 * the worker, the registration script and the tests, so "private" means the same thing everywhere.
 */
import { langFromPath, localizedPath, unlocalizedPath, type Lang } from "../i18n/locale.ts";

/**
 * The news section's first path segment. The content configuration names it (`categoryParentSlug`),
 * but the worker needs it before any page loads, so it is fixed here and the content must use `nieuws`.
 */
const NEWS_SEGMENT = "nieuws";

/**
 * Routes that show or lead to signed-in data, as Dutch paths: the worker never
 * caches them and answers them offline with the "needs a connection" page. A trailing `*` matches the
 * path itself, `/…` below it and any suffix (`/bonus-tool`): erring towards private costs an offline
 * page, erring the other way could leave a customer's data in the cache.
 */
const PRIVATE_ROUTES = [
  "/mijn-account*",
  "/tht",
  "/bonus*",
  "/consent",
  "/callback",
  "/silent-renew",
  "/inloggen",
  "/uitloggen",
] as const;

/** What the worker does with a navigation or page request. */
export type PathKind = "private" | "news-list" | "article" | "search" | "offline" | "other";

/**
 * The route part of a request path as the static server opens it (docs/security.md, "One path, judged
 * once"): decoded, doubled slashes merged, no `.html`, no trailing slash, lower case, in the Dutch
 * form. `/%6Dijn-account//dashboard/` is the dashboard, and private, like `/mijn-account/dashboard`.
 */
export function routeOf(pathname: string): string {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // A malformed escape: judged as written, as the server reads it.
  }
  const clean = decoded.replace(/\/{2,}/g, "/").replace(/(\.html)+$/i, "").replace(/\/+$/, "").toLowerCase() || "/";
  return unlocalizedPath(clean);
}

/** True for a route that must never be cached, in either language. */
export function isPrivatePath(pathname: string): boolean {
  const route = routeOf(pathname);
  return PRIVATE_ROUTES.some((pattern) =>
    pattern.endsWith("*")
      ? route.startsWith(pattern.slice(0, -1))
      : route === pattern || route.startsWith(`${pattern}/`),
  );
}

/** Segments of a news route after `/nieuws`, or null when the path is not in the news section. */
function newsSegments(route: string): string[] | null {
  const parts = route.split("/").filter(Boolean);
  if (parts[0] !== NEWS_SEGMENT) return null;
  return parts.slice(1);
}

/**
 * The kind of a same-origin path. News lists are the archive, a category and their further pages
 * (`/nieuws/pagina/{slug}`, `/nieuws/bier/pagina/{slug}`); an article is `/nieuws/{category}/{slug}`.
 */
export function pathKind(pathname: string): PathKind {
  if (isPrivatePath(pathname)) return "private";
  const route = routeOf(pathname);
  if (route === "/offline") return "offline";
  if (route === "/zoeken") return "search";
  const news = newsSegments(route);
  if (!news) return "other";
  if (news.length === 2 && news[0] !== "pagina") return "article";
  return "news-list";
}

/** The language a request path belongs to. */
export const langOf = (pathname: string): Lang =>
  langFromPath(pathname.replace(/\.html$/, "").replace(/\/+$/, "") || "/");

/** The built file of the offline page in a path's language (`/offline.html`, `/en/offline.html`). */
export const offlinePageFor = (pathname: string): string =>
  `${localizedPath(langOf(pathname), "/offline")}.html`;
