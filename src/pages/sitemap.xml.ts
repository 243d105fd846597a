import type { APIRoute } from "astro";
import { buildSettings, siteData } from "../content-build/build-content.ts";
import { newsPath, pagePath } from "../core/content/nav-url.ts";
import { articleRoutes, newsLists } from "../content-build/news-lists.ts";
import type { SiteData } from "../content-build/site-data.ts";
import { genericPageRefs } from "../core/content/routes.ts";
import { sitemapXml } from "../core/content/sitemap.ts";

/** /sitemap.xml: every public page in both languages (the portal and error pages are left out). */
export const GET: APIRoute = async ({ site }) => {
  // The addresses, not the content behind them: a publish that changes no address leaves this file alone.
  const paths = await siteData().derived("sitemap-paths", sitemapPaths);
  const body = buildSettings().preview ? sitemapXml(site ?? "http://localhost", []) : sitemapXml(site ?? "http://localhost", paths);
  return new Response(body, { headers: { "content-type": "application/xml; charset=utf-8" } });
};

async function sitemapPaths(data: SiteData): Promise<string[]> {
  const ctx = (await data.init("nl-NL")).configuration;
  const pages = genericPageRefs(await data.pageRefs("nl-NL"), ctx).map((ref) => pagePath(ctx, ref.slug, ref.parentSlug));
  const news = (await newsLists(data)).map((list) => newsPath(ctx, list.categorySlug ?? undefined));
  const articles = (await articleRoutes(data)).map((route) => newsPath(ctx, route.category, route.slug));
  return ["/", ...pages, "/klant-worden", "/vragen-tht", "/perfect-fit", ...news, ...articles];
}
