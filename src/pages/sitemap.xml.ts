import type { APIRoute } from "astro";
import { buildSettings, siteData } from "../content-build/build-content.ts";
import { sitemapFileNames } from "../content-build/sitemap.ts";
import { sitemapIndexXml } from "../core/content/sitemap.ts";

/** /sitemap.xml: the index of the sitemap files (the preview site lists none). */
export const GET: APIRoute = async ({ site }) => {
  const names = buildSettings().preview ? [] : await sitemapFileNames(siteData());
  return new Response(sitemapIndexXml(site ?? "http://localhost", names), {
    headers: { "content-type": "application/xml; charset=utf-8" },
  });
};
