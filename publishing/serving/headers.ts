/**
 * The one source of the site's response headers (docs/publishing.md). The static server asks
 * `headersForPath` on every response; the build writes the same rules as `_headers` (Cloudflare Pages /
 * Netlify) and as an nginx include, so a CDN deployment sends exactly what the local server sends.
 */
import { createHash } from "node:crypto";
import type { RuntimeSettings } from "../../src/core/settings.ts";
import { renderNginxRedirects, type Redirect } from "./redirects.ts";

/** The origins and inline-script hashes the policy is made of; computed per build, stored in the release. */
export type HeaderContext = {
  apiOrigin: string;
  identityOrigin: string;
  imageOrigin: string;
  /** `'sha256-…'` sources for every inline script found in the built HTML (ideally none). */
  scriptHashes: string[];
  /** The preview site: never indexed. */
  preview: boolean;
};

/** How a path is treated; each kind has one complete header set. */
export type PathKind = "asset" | "page" | "silent-renew" | "callback";

/** The hidden-frame renewal page: the only page another page of ours may frame. */
const SILENT_RENEW_PATHS = ["/silent-renew", "/en/silent-renew"];
/** The sign-in callback carries the authorization code in its URL: it never sends a referrer. */
const CALLBACK_PATHS = ["/callback", "/en/callback"];
/** Astro's content-hashed build output: safe to cache for a year. */
const ASSET_PREFIX = "/_astro/";

const ONE_YEAR_S = 31_536_000;

/** Builds the context from the settings a deployment writes into settings.js. */
export function headerContextFor(
  settings: RuntimeSettings,
  options: { imageOrigin?: string | undefined; scriptHashes?: string[]; preview?: boolean } = {},
): HeaderContext {
  const apiOrigin = new URL(settings.apiUrl).origin;
  return {
    apiOrigin,
    identityOrigin: new URL(settings.auth.domain).origin,
    // The stand-in serves CMS images from the API host (/images/); a real CMS sets its image CDN.
    imageOrigin: options.imageOrigin ? new URL(options.imageOrigin).origin : apiOrigin,
    scriptHashes: [...(options.scriptHashes ?? [])].sort(),
    preview: options.preview ?? false,
  };
}

/** The kind of a request path (without query). `.html` spellings count as their slash-less route. */
export function pathKind(pathname: string): PathKind {
  if (pathname.startsWith(ASSET_PREFIX)) return "asset";
  // Compared without case: a case-insensitive file system opens /Callback as callback.html.
  const route = pathname.replace(/\.html$/i, "").toLowerCase();
  if (SILENT_RENEW_PATHS.includes(route)) return "silent-renew";
  if (CALLBACK_PATHS.includes(route)) return "callback";
  return "page";
}

/** Space-joined distinct sources, `'self'` first as written. */
const sources = (...list: string[]): string => [...new Set(list.filter(Boolean))].join(" ");

/** The Content-Security-Policy for one kind of path. */
export function contentSecurityPolicy(context: HeaderContext, kind: PathKind): string {
  const { apiOrigin, identityOrigin, imageOrigin, scriptHashes } = context;
  return [
    `default-src 'self'`,
    // 'wasm-unsafe-eval' lets the search index's WebAssembly run; no 'unsafe-inline' for scripts.
    `script-src ${sources("'self'", "'wasm-unsafe-eval'", ...scriptHashes)}`,
    // Astro inlines small stylesheets; styles cannot run script, so inline styles are allowed.
    `style-src 'self' 'unsafe-inline'`,
    `connect-src ${sources("'self'", apiOrigin, identityOrigin)}`,
    `img-src ${sources("'self'", "data:", imageOrigin)}`,
    `font-src 'self'`,
    // The silent sign-in frame starts at the provider and lands on our own /silent-renew.
    `frame-src ${sources("'self'", identityOrigin)}`,
    `object-src 'none'`,
    `base-uri 'none'`,
    `form-action ${sources("'self'", identityOrigin)}`,
    `frame-ancestors ${kind === "silent-renew" ? "'self'" : "'none'"}`,
  ].join("; ");
}

/** Every header for a path kind, in a stable order. Names are lower-case. */
export function headersForKind(context: HeaderContext, kind: PathKind): Record<string, string> {
  const headers: Record<string, string> = {
    "content-security-policy": contentSecurityPolicy(context, kind),
    "strict-transport-security": "max-age=63072000; includeSubDomains",
    "x-content-type-options": "nosniff",
    "referrer-policy": kind === "callback" ? "no-referrer" : "strict-origin-when-cross-origin",
    // No page of another origin keeps a handle on ours (window.opener, named targets): a page opened
    // from a link or popup elsewhere cannot be navigated or probed by it. The sign-in popup finishes
    // over a BroadcastChannel (src/core/auth/oidc-flows.ts), which needs no opener.
    "cross-origin-opener-policy": "same-origin",
    "permissions-policy":
      "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()",
    // Hashed assets never change under their name; everything else is revalidated so a swap shows at once.
    "cache-control": kind === "asset" ? `public, max-age=${ONE_YEAR_S}, immutable` : "no-cache",
  };
  if (context.preview) headers["x-robots-tag"] = "noindex, nofollow";
  return headers;
}

/** The headers the static server sends for a request path. */
export function headersForPath(context: HeaderContext, pathname: string): Record<string, string> {
  return headersForKind(context, pathKind(pathname));
}

/** `'sha256-…'` of an inline script's exact text, as browsers compute it. */
export function scriptHash(text: string): string {
  return `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

/** Title case for header files meant for people and CDNs (`Content-Security-Policy`). */
const displayName = (name: string): string => name.replace(/(^|-)([a-z])/g, (_m, dash: string, c: string) => dash + c.toUpperCase());

/** Path patterns of each kind in the deploy header files, most specific first. */
const KIND_PATTERNS: [PathKind, string[]][] = [
  ["asset", [`${ASSET_PREFIX}*`]],
  ["silent-renew", SILENT_RENEW_PATHS.flatMap((p) => [p, `${p}.html`])],
  ["callback", CALLBACK_PATHS.flatMap((p) => [p, `${p}.html`])],
];

/**
 * The `_headers` file (Cloudflare Pages syntax; Netlify reads the same file). `/*` carries the page
 * set; the specific rules first detach (`! Name`) the headers they change, then set their own.
 */
export function renderHeadersFile(context: HeaderContext): string {
  const base = headersForKind(context, "page");
  const block = (pattern: string, lines: string[]): string => `${pattern}\n${lines.map((l) => `  ${l}`).join("\n")}\n`;
  const out = [
    "# Generated by publishing/serving/headers.ts at build time; edit that file, not this one.\n",
    block("/*", Object.entries(base).map(([name, value]) => `${displayName(name)}: ${value}`)),
  ];
  for (const [kind, patterns] of KIND_PATTERNS) {
    const own = headersForKind(context, kind);
    const changed = Object.entries(own).filter(([name, value]) => base[name] !== value);
    for (const pattern of patterns) {
      out.push(
        block(pattern, [
          ...changed.map(([name]) => `! ${displayName(name)}`),
          ...changed.map(([name, value]) => `${displayName(name)}: ${value}`),
        ]),
      );
    }
  }
  return out.join("\n");
}

/** nginx `add_header` lines; `always` so error pages (404, 500) carry them too. */
const nginxHeaders = (headers: Record<string, string>, indent: string): string =>
  Object.entries(headers)
    .map(([name, value]) => `${indent}add_header ${displayName(name)} "${value.replace(/"/g, '\\"')}" always;`)
    .join("\n");

/**
 * An nginx include for the `server {}` block. nginx drops inherited `add_header`s in a location that
 * sets its own, so every location repeats the complete set.
 */
export function renderNginxInclude(context: HeaderContext, redirects: readonly Redirect[] = []): string {
  const locations: string[] = [`location ^~ ${ASSET_PREFIX} {\n${nginxHeaders(headersForKind(context, "asset"), "    ")}\n}`];
  for (const kind of ["silent-renew", "callback"] as const) {
    const routes = kind === "silent-renew" ? SILENT_RENEW_PATHS : CALLBACK_PATHS;
    for (const route of routes) {
      locations.push(
        `location ~ ^${route.replace(/\//g, "\\/")}(\\.html)?$ {\n    try_files $uri.html $uri =404;\n${nginxHeaders(headersForKind(context, kind), "    ")}\n}`,
      );
    }
  }
  return [
    "# Generated by publishing/serving/headers.ts at build time; include inside the site's server {} block.",
    nginxHeaders(headersForKind(context, "page"), ""),
    ...locations,
    // The release's redirects (publishing/serving/redirects.ts): old addresses, 301 or 410.
    ...renderNginxRedirects(redirects),
    "",
  ].join("\n");
}
