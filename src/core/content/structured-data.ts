/**
 * Structured data (JSON-LD, schema.org vocabulary) for search engines: NewsArticle on an article,
 * BreadcrumbList on sub pages and articles, Organization and WebSite (with the site search as a
 * SearchAction) on the homepage. Values come from the CMS; `jsonLdText` makes them safe inside a
 * `<script type="application/ld+json">` element.
 */
import type { Article } from "../api/schemas/content.ts";
import { contentLocale, localizedPath, type Lang } from "../i18n/locale.ts";
import { imageUrl } from "./images.ts";

/** A schema.org node: `@type` and its properties (plain JSON). */
export type JsonLd = { "@context"?: string; "@type": string; [property: string]: unknown };

/** What every node about the site needs: its name, origin and logo, in the page's language. */
export type SiteIdentity = { name: string; url: string; logoUrl: string; inLanguage: string };

const CONTEXT = "https://schema.org";

/** The site as the nodes name it in one language: its homepage in that language, the logo beside it. */
export function siteIdentity(name: string, site: URL | string, lang: Lang): SiteIdentity {
  return {
    name,
    url: new URL(localizedPath(lang, "/"), site).href,
    logoUrl: new URL("/logo.svg", site).href,
    inLanguage: contentLocale(lang),
  };
}

/** An absolute URL of a site path in one language. */
export const absoluteUrl = (site: URL | string, lang: Lang, path: string): string => new URL(localizedPath(lang, path), site).href;

/**
 * The text of a JSON-LD script element. JSON allows `\u003c` for `<`, so no CMS text can close
 * the element (`</script>`) or open a comment (`<!--`), and `>`, `&` and the line separators
 * U+2028/U+2029 are escaped alike; the parsed data stay exactly the CMS's text.
 */
export function jsonLdText(data: JsonLd | JsonLd[]): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

const organization = (site: SiteIdentity): JsonLd => ({
  "@type": "Organization",
  name: site.name,
  url: site.url,
  logo: { "@type": "ImageObject", url: site.logoUrl },
});

/** An article: headline, dates, image, the organisation as author and publisher (the CMS names no person). */
export function newsArticle(
  article: Pick<Article, "title" | "excerpt" | "publishedAt" | "updatedAt" | "image">,
  pageUrl: string,
  site: SiteIdentity,
): JsonLd {
  const images = article.image ? [imageUrl(article.image.url, Math.min(1200, article.image.width))] : [site.logoUrl];
  return {
    "@context": CONTEXT,
    "@type": "NewsArticle",
    mainEntityOfPage: { "@type": "WebPage", "@id": pageUrl },
    headline: article.title,
    description: article.excerpt,
    image: images,
    datePublished: article.publishedAt,
    // A republish without a later edit can leave updatedAt before publishedAt in some CMSes.
    dateModified: article.updatedAt < article.publishedAt ? article.publishedAt : article.updatedAt,
    inLanguage: site.inLanguage,
    author: [{ "@type": "Organization", name: site.name, url: site.url }],
    publisher: organization(site),
  };
}

/** A trail from the homepage to the page itself, each step with its absolute URL. */
export function breadcrumbList(steps: readonly { name: string; url: string }[]): JsonLd {
  return {
    "@context": CONTEXT,
    "@type": "BreadcrumbList",
    itemListElement: steps.map((step, index) => ({ "@type": "ListItem", position: index + 1, name: step.name, item: step.url })),
  };
}

/** The homepage: who runs the site, and the site with its search (`searchUrl` holds `{search_term_string}`). */
export function homeGraph(site: SiteIdentity, searchUrl: string): JsonLd[] {
  return [
    { "@context": CONTEXT, ...organization(site) },
    {
      "@context": CONTEXT,
      "@type": "WebSite",
      name: site.name,
      url: site.url,
      inLanguage: site.inLanguage,
      publisher: { "@type": "Organization", name: site.name, url: site.url },
      potentialAction: {
        "@type": "SearchAction",
        target: { "@type": "EntryPoint", urlTemplate: searchUrl },
        "query-input": "required name=search_term_string",
      },
    },
  ];
}
