import { escapeHtml } from "./rich-text.ts";
import { seoLinks } from "./seo.ts";

/**
 * sitemap.xml for the public pages: one <url> per page and language, each listing both
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

/** robots.txt: everything public may be crawled, the signed-in side not; points at the sitemap. */
export function robotsTxt(site: URL | string, preview: boolean): string {
  if (preview) return "User-agent: *\nDisallow: /\n";
  const disallow = ["/mijn-account", "/en/mijn-account", "/callback", "/consent", "/tht", "/en/tht", "/bonus", "/en/bonus"];
  return `User-agent: *\n${disallow.map((path) => `Disallow: ${path}`).join("\n")}\n\nSitemap: ${new URL("/sitemap.xml", site).href}\n`;
}
