import { memoByKey } from "../memo.ts";
import { isOnSite, resolveLikeBrowsers, sitePath } from "./site-url.ts";

/** The only schemes content may link to; anything else (javascript:, data:, vbscript:, blob:…) is no link. */
const LINK_SCHEMES = new Set(["http:", "https:", "mailto:", "tel:"]);

/**
 * Where a link from content leads. `internal`: a path on the site; otherwise `href` is the absolute
 * URL the browser would open, and `web` says whether it is a web page (http or https) rather than
 * an e-mail address or phone number.
 */
type LinkTarget = { href: string; internal: true } | { href: string; internal: false; web: boolean };

/**
 * The one link classifier of rich text and navigation. A link is internal only when the browser
 * would resolve it onto the site's own origin; `//host`, `/\host`, `/\t/host` and their kind leave
 * the site and are therefore external. Null: not a link (empty, unparsable, a scheme outside the
 * allowlist, or a site path that could not be written back without changing where it leads).
 */
export const linkTarget: (value: string, siteOrigin: string) => LinkTarget | null = memoByKey(
  10_000,
  (value, siteOrigin) => `${siteOrigin}\u0000${value}`,
  classify,
);

function classify(value: string, siteOrigin: string): LinkTarget | null {
  const url = resolveLikeBrowsers(value, siteOrigin);
  if (!url || !LINK_SCHEMES.has(url.protocol)) return null;
  if (isOnSite(url, siteOrigin)) {
    const path = sitePath(value, siteOrigin);
    return path === null ? null : { href: path, internal: true };
  }
  return { href: url.href, internal: false, web: url.protocol === "http:" || url.protocol === "https:" };
}
