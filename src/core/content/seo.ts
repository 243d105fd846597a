import { LANGS, contentLocale, localizedPath, type Lang } from "../i18n/locale.ts";

/** One `<link rel="alternate" hreflang>` of a page. */
type Alternate = { hreflang: string; href: string };

/**
 * Canonical URL and language alternates of a page. Every public page exists at the same path in
 * both languages (English under /en/), so the alternates follow from the unlocalised path;
 * x-default points at Dutch, the site's default.
 */
export function seoLinks(site: URL | string, lang: Lang, path: string): { canonical: string; alternates: Alternate[] } {
  const absolute = (l: Lang): string => new URL(localizedPath(l, path), site).href;
  return {
    canonical: absolute(lang),
    alternates: [
      ...LANGS.map((l) => ({ hreflang: contentLocale(l), href: absolute(l) })),
      { hreflang: "x-default", href: absolute("nl") },
    ],
  };
}

/** The document title: the page's own title, then the site's name (just the site's name on the homepage). */
export function documentTitle(pageTitle: string | undefined, siteTitle: string): string {
  return pageTitle && pageTitle !== siteTitle ? `${pageTitle} | ${siteTitle}` : siteTitle;
}

/**
 * The page's site path as visitors see it. During a static build with `format: "file"` Astro's
 * URL can end in `.html` (`/en.html`, `/nieuws/index.html`); links, canonicals and the language
 * are all derived from the clean form (`/en`, `/nieuws`).
 */
export function cleanPath(pathname: string): string {
  const clean = pathname.replace(/\.html$/, "").replace(/\/index$/, "").replace(/\/+$/, "");
  return clean === "" ? "/" : clean;
}
