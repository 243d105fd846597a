/**
 * How a browser reads a URL written on one of the site's pages, as one set of rules that the
 * return path after sign-in and the link classifier both use. Checks made on anything else than
 * what the browser will do are the classic way past them: `/\t/evil.example` is `//evil.example`
 * to a browser, and `/.//evil.example` resolves on the site to the path `//evil.example`, which,
 * written as a target again, is another host.
 */

/** Stand-in origin for code that has no real one (build-time tests): only relative references resolve onto it. */
export const UNKNOWN_SITE_ORIGIN = "https://site.invalid";

/**
 * What the URL parser removes before it reads a URL: leading and trailing C0 controls and spaces,
 * then every tab and newline wherever it is.
 */
export function stripLikeBrowsers(value: string): string {
  return value.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, "").replace(/[\t\n\r]/g, "");
}

/** The URL a browser goes to for `value` on a page of the site, or null when it does not parse (or is empty). */
export function resolveLikeBrowsers(value: string, siteOrigin: string): URL | null {
  const stripped = stripLikeBrowsers(value);
  if (stripped === "") return null;
  try {
    return new URL(stripped, siteOrigin);
  } catch {
    return null;
  }
}

/** True when a resolved URL is on the site: same scheme, host and port. */
export function isOnSite(url: URL, siteOrigin: string): boolean {
  const site = new URL(siteOrigin);
  return url.protocol === site.protocol && url.origin === site.origin;
}

/**
 * The site path (pathname, query and hash) `value` leads to, or null when it leads anywhere else.
 * The path is only returned when it, used as a target itself, leads to the very URL that was
 * checked: the value checked is the value used.
 */
export function sitePath(value: string, siteOrigin: string): string | null {
  const url = resolveLikeBrowsers(value, siteOrigin);
  if (!url || !isOnSite(url, siteOrigin)) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return resolveLikeBrowsers(path, siteOrigin)?.href === url.href ? path : null;
}

/** True when `value` (a referrer, a link) leads to a page of the site; the back links go back in history only then. */
export function leadsToSite(value: string, siteOrigin: string): boolean {
  const url = resolveLikeBrowsers(value, siteOrigin);
  return url !== null && isOnSite(url, siteOrigin);
}
