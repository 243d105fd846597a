import type { APIRoute } from "astro";
import { buildSettings } from "../content-build/build-content.ts";
import { robotsTxt } from "../core/content/sitemap.ts";

/** /robots.txt: the preview site is never crawled; the live site keeps crawlers out of the portal. */
export const GET: APIRoute = ({ site }) =>
  new Response(robotsTxt(site ?? "http://localhost", buildSettings().preview), {
    headers: { "content-type": "text/plain; charset=utf-8" },
  });
