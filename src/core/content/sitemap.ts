import { escapeHtml } from "./rich-text.ts";
import { seoLinks } from "./seo.ts";

/**
 * A sitemap file of public pages: one <url> per page and language, each listing both
 * languages as alternates (Google's hreflang-in-sitemap form). Paths are unlocalised site paths.
 */
export function sitemapXml(site: URL | string, paths: readonly string[]): string {
  const urls = paths.flatMap((path) =>
    (["nl", "en"] as const).map((lang) => {
      const { canonical, alternates } = seoLinks(site, lang, path);
      const links = alternates
        .map((alt) => `<xhtml:link rel="alternate" hreflang="${alt.hreflang}" href="${escapeHtml(alt.href)}"/>`)
        .join("");
      return `<url><loc>${escapeHtml(canonical)}</loc>${links}</url>`;
    }),
  );
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
    urls.join("\n") +
    "\n</urlset>\n"
  );
}

/**
 * The most site paths one sitemap file lists. Each path is two <url> entries (one per language),
 * and the protocol allows 50,000 entries and 50 MB per file.
 */
export const SITEMAP_MAX_PATHS = 20_000;

/** A named group of site paths (the pages, one news category), cut into sitemap files of at most `max` paths. */
export function sitemapFiles(
  groups: readonly { name: string; paths: readonly string[] }[],
  max = SITEMAP_MAX_PATHS,
): { name: string; paths: readonly string[] }[] {
  return groups.flatMap(({ name, paths }) => {
    const count = Math.max(1, Math.ceil(paths.length / max));
    return Array.from({ length: count }, (_, index) => ({
      name: index === 0 ? name : `${name}-${index + 1}`,
      paths: paths.slice(index * max, (index + 1) * max),
    }));
  });
}

/** The site path of a sitemap file. */
const sitemapFilePath = (name: string): string => `/sitemap-${name}.xml`;

/** sitemap.xml as a sitemap index: the sitemap files, in order. */
export function sitemapIndexXml(site: URL | string, names: readonly string[]): string {
  const entries = names.map((name) => `<sitemap><loc>${escapeHtml(new URL(sitemapFilePath(name), site).href)}</loc></sitemap>`);
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    entries.map((entry) => `${entry}\n`).join("") +
    "</sitemapindex>\n"
  );
}

/** robots.txt: everything public may be crawled, the signed-in side not; points at the sitemap. */
export function robotsTxt(site: URL | string, preview: boolean): string {
  if (preview) return "User-agent: *\nDisallow: /\n";
  const disallow = ["/mijn-account", "/en/mijn-account", "/callback", "/consent", "/tht", "/en/tht", "/bonus", "/en/bonus"];
  return `User-agent: *\n${disallow.map((path) => `Disallow: ${path}`).join("\n")}\n\nSitemap: ${new URL("/sitemap.xml", site).href}\n`;
}
