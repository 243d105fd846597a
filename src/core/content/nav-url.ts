import type { NavigationItem } from "../api/schemas/content.ts";
import { localizedPath, type Lang } from "../i18n/locale.ts";

/** Where a navigation item leads: a site path (already localised) or an external URL. */
export type NavTarget = { href: string; external: boolean };

/** The parts of the site configuration that decide content URLs. */
export type UrlContext = { lang: Lang; homepageSlug: string; categoryParentSlug: string };

/** Site path (Dutch form, unlocalised) of a content page; the homepage lives at `/`. */
export function pagePath(ctx: Pick<UrlContext, "homepageSlug">, slug: string, parentSlug?: string | null): string {
  if (parentSlug) return `/${parentSlug}/${slug}`;
  return slug === ctx.homepageSlug ? "/" : `/${slug}`;
}

/** Site path of the news archive, a category or an article under the configuration's parent slug. */
export function newsPath(ctx: Pick<UrlContext, "categoryParentSlug">, categorySlug?: string, articleSlug?: string): string {
  return ["", ctx.categoryParentSlug, categorySlug, articleSlug].filter((part) => part !== undefined).join("/");
}

/**
 * The URL of a navigation item: its `path` when set, else built from `contentType` and `slug`
 * (page, sub page, category, article), else its `externalUrl`. Null when it points nowhere
 * (a column heading, or incomplete content).
 */
export function navTarget(item: NavigationItem, ctx: UrlContext): NavTarget | null {
  if (item.path) {
    // A path is site-relative by contract; anything else is treated as external.
    if (item.path.startsWith("/") && !item.path.startsWith("//")) {
      return { href: localizedPath(ctx.lang, item.path), external: false };
    }
    return externalTarget(item.path);
  }
  const internal = contentPath(item, ctx);
  if (internal) return { href: localizedPath(ctx.lang, internal), external: false };
  return item.externalUrl ? externalTarget(item.externalUrl) : null;
}

function contentPath(item: NavigationItem, ctx: UrlContext): string | null {
  const { slug, parentSlug } = item;
  if (!slug) return null;
  switch (item.contentType) {
    case "page":
      return pagePath(ctx, slug);
    case "subPage":
      return parentSlug ? pagePath(ctx, slug, parentSlug) : null;
    case "category":
      return newsPath(ctx, slug);
    case "article":
      return parentSlug ? newsPath(ctx, parentSlug, slug) : null;
    case "link":
      return null;
  }
}

/** Only web and contact schemes leave the site; a `javascript:` URL from content points nowhere. */
function externalTarget(url: string): NavTarget | null {
  const href = safeHref(url);
  if (!href) return null;
  return { href, external: !href.startsWith("/") };
}

const SAFE_SCHEMES = new Set(["http:", "https:", "mailto:", "tel:"]);

/**
 * The link target if it is safe to render: an absolute http, https, mailto or tel URL, or a
 * same-site path. The WHATWG parser strips the tabs, newlines and leading spaces that are used to
 * smuggle `java\tscript:` past naive checks, so its verdict on the scheme is the browser's.
 */
export function safeHref(uri: string): string | null {
  const trimmed = uri.trim();
  if (trimmed.startsWith("/") && !trimmed.startsWith("//") && !trimmed.startsWith("/\\")) return trimmed;
  try {
    const url = new URL(trimmed);
    return SAFE_SCHEMES.has(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

/** The URL context of a language from its site configuration. */
export const urlContextOf = (
  lang: Lang,
  configuration: Pick<UrlContext, "homepageSlug" | "categoryParentSlug">,
): UrlContext => ({ lang, homepageSlug: configuration.homepageSlug, categoryParentSlug: configuration.categoryParentSlug });
