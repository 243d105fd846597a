import type { APIRoute } from "astro";
import { siteData } from "../content-build/build-content.ts";
import { siteRedirects } from "../content-build/redirects.ts";

/**
 * `/redirects.json`: the site's redirects (old address to new, or gone), part of the release like
 * every page, so a rollback takes them back too. Never served: the static server answers from it,
 * and the release's `_redirects` and nginx include are written from it (publishing/serving/redirects.ts).
 */
export const GET: APIRoute = async () =>
  new Response(`${JSON.stringify({ redirects: await siteRedirects(siteData()) }, null, 1)}\n`, {
    headers: { "content-type": "application/json; charset=utf-8" },
  });
