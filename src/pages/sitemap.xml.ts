import type { APIRoute } from "astro";
import { siteData } from "../content-build/build-content.ts";
import { sitemapFileNames } from "../content-build/sitemap.ts";
import { sitemapIndexXml } from "../core/content/sitemap.ts";

/** /sitemap.xml: the index of the sitemap files (the preview site lists none). */
export const GET: APIRoute = async ({ site }) => {
  return new Response(sitemapIndexXml(site ?? "http://localhost", await sitemapFileNames(siteData())), {
    headers: { "content-type": "application/xml; charset=utf-8" },
  });
};
