import type { NavigationItem } from "../api/schemas/content.ts";
import { localizedPath, type Lang } from "../i18n/locale.ts";
import { linkTarget } from "../urls/link-target.ts";
import { UNKNOWN_SITE_ORIGIN } from "../urls/site-url.ts";

/** Where a navigation item leads: a site path (already localised) or an external URL. */
type NavTarget = { href: string; external: boolean };

/**
 * The parts of the site configuration that decide content URLs. `siteOrigin` is the site's public
 * origin, against which links from content are classified as internal or external.
 */
export type UrlContext = { lang: Lang; homepageSlug: string; categoryParentSlug: string; siteOrigin: string };

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
    // A path is site-relative by contract: a site path is localised, anything else is classified as any link.
    const target = linkTarget(item.path, ctx.siteOrigin);
    if (target?.internal) return { href: localizedPath(ctx.lang, target.href), external: false };
    return target && { href: target.href, external: true };
  }
  const internal = contentPath(item, ctx);
  if (internal) return { href: localizedPath(ctx.lang, internal), external: false };
  if (!item.externalUrl) return null;
  const target = linkTarget(item.externalUrl, ctx.siteOrigin);
  return target && { href: target.href, external: !target.internal };
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

/**
 * The URL context of a language from its site configuration and the site's public URL (Astro's
 * `site`); without one, only relative links count as internal.
 */
export const urlContextOf = (
  lang: Lang,
  configuration: Pick<UrlContext, "homepageSlug" | "categoryParentSlug">,
  site: string | URL | undefined,
): UrlContext => ({
  lang,
  homepageSlug: configuration.homepageSlug,
  categoryParentSlug: configuration.categoryParentSlug,
  siteOrigin: site ? new URL(site).origin : UNKNOWN_SITE_ORIGIN,
});
