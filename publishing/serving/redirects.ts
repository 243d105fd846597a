/**
 * The site's redirects as each server reads them. The build renders `redirects.json` (src/pages/
 * redirects.json.ts: old address to new, or gone) into the release like any page, so a rollback
 * takes the redirects back with the pages; from it come the static server's answers, the CDN's
 * `_redirects` file and the redirect locations in the nginx include. Every one answers alike: 301
 * with the new address (the query kept), or 410 with the gone page of the address's language.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

export const REDIRECTS_FILE = "redirects.json";
export const CDN_REDIRECTS_FILE = "_redirects";

export type Redirect = { from: string; to: string | null };

/** The redirects of a release folder; none when it has no (readable) file, as an older release. */
export function readRedirects(dir: string): Redirect[] {
  try {
    const parsed = JSON.parse(readFileSync(path.join(dir, REDIRECTS_FILE), "utf8")) as { redirects?: unknown };
    return Array.isArray(parsed.redirects) ? parsed.redirects.filter(isRedirect) : [];
  } catch {
    return [];
  }
}

const isRedirect = (value: unknown): value is Redirect => {
  const rule = value as Partial<Redirect> | null;
  return typeof rule?.from === "string" && rule.from.startsWith("/") && (rule.to === null || (typeof rule.to === "string" && rule.to.startsWith("/")));
};

/** The gone page of a path's language. */
export const gonePage = (pathname: string): string => (pathname === "/en" || pathname.startsWith("/en/") ? "/en/410" : "/410");

/** Netlify's `_redirects` (Cloudflare Pages reads the 301 lines; it has no 410, which its 404 then answers). */
export function renderCdnRedirects(redirects: readonly Redirect[]): string {
  return [
    "# Generated from redirects.json at build time (publishing/serving/redirects.ts).",
    ...redirects.filter(plain).map((rule) => (rule.to === null ? `${rule.from} ${gonePage(rule.from)} 410` : `${rule.from} ${rule.to} 301`)),
    "",
  ].join("\n");
}

/**
 * Paths every format can carry as written: no spaces (the `_redirects` separator), quotes, `$`
 * (an nginx variable) or escapes (nginx matches the decoded path). The CMS's slugs never have one;
 * the static server answers every rule all the same.
 */
const PLAIN_PATH = /^\/[A-Za-z0-9/._~-]*$/;
const plain = (rule: Redirect): boolean => PLAIN_PATH.test(rule.from) && (rule.to === null || PLAIN_PATH.test(rule.to));

/**
 * nginx locations for the include: an exact match per old address and its `.html` spelling.
 * `return` keeps the include's server-level headers (`add_header … always`).
 */
export function renderNginxRedirects(redirects: readonly Redirect[]): string[] {
  return redirects
    .filter(plain)
    .flatMap((rule) => {
      const answer = rule.to === null ? `error_page 410 ${gonePage(rule.from)}.html;\n    return 410;` : `return 301 ${rule.to}$is_args$args;`;
      return [rule.from, `${rule.from}.html`].map((from) => `location = ${from} {\n    ${answer}\n}`);
    });
}
