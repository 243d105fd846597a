import type { APIRoute, GetStaticPaths } from "astro";
import { siteData } from "../content-build/build-content.ts";
import { sitemapFileNames, sitemapFilePaths } from "../content-build/sitemap.ts";
import { sitemapXml } from "../core/content/sitemap.ts";

/** /sitemap-<name>.xml: every public page of one part of the site in both languages (the portal and error pages are left out). */
export const getStaticPaths = (async () =>
  (await sitemapFileNames(siteData())).map((file) => ({ params: { file } }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ site, params }) => {
  // The addresses, not the content behind them: a publish that changes no address leaves this file alone.
  const paths = await sitemapFilePaths(siteData(), params.file ?? "");
  return new Response(sitemapXml(site ?? "http://localhost", paths), {
    headers: { "content-type": "application/xml; charset=utf-8" },
  });
};
