/// <reference lib="webworker" />
/**
 * The service worker: news pages and their images readable offline, hashed assets cache-first, the
 * search index offline, an offline page per language — and nothing private (no API answer, no portal
 * page), so a shared device keeps nothing of a signed-in customer. publishing/build/service-worker.ts
 * bundles it into `/sw.js` after every build and injects the precache list (offline pages,
 * stylesheets); the search index is saved when search is used.
 */
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from "workbox-precaching";
import { registerRoute, setCatchHandler } from "workbox-routing";
import { CacheFirst, NetworkFirst, NetworkOnly, StaleWhileRevalidate } from "workbox-strategies";
import { CACHE_PREFIX, CACHES, LIMITS, OWN_CACHES } from "../core/offline/cache-names.ts";
import { offlinePageFor, pathKind, type PathKind } from "../core/offline/routes.ts";
import { expiring, imagePlugins, publicPagesOnly, withoutQuery } from "./plugins.ts";
import { saveSearchIndex } from "./search-index.ts";
import { refreshCachedPages, warmLanguage } from "./warm.ts";

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };
/** The build this worker belongs to; set by the bundler. */
declare const __KP_BUILD__: string;

// A new release's worker takes over at once: the next navigation is served by it, and pages still
// open keep their stylesheets from the asset cache. Activation does only what is quick: the browser
// holds every navigation of the site until it ends. Fetching the saved news pages again, so none of
// them points at a previous release's assets, waits for the page's next message (sw-register.ts
// sends one when this worker takes control).
self.addEventListener("install", () => void self.skipWaiting());
self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(CACHE_PREFIX) && !OWN_CACHES.includes(name)) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

precacheAndRoute(self.__WB_MANIFEST, { ignoreURLParametersMatching: [/^utm_/, /^fbclid$/] });
cleanupOutdatedCaches();

const sameOrigin = (url: URL): boolean => url.origin === self.location.origin;
const pageOf =
  (...kinds: PathKind[]) =>
  ({ url, request }: { url: URL; request: Request }): boolean =>
    sameOrigin(url) && request.destination === "document" && kinds.includes(pathKind(url.pathname));

// Private routes (and every page not listed below) always come from the network, never a cache.
registerRoute(pageOf("private"), new NetworkOnly());
registerRoute(
  pageOf("article"),
  new StaleWhileRevalidate({ cacheName: CACHES.pages, plugins: [publicPagesOnly, expiring(CACHES.pages, LIMITS.maxPages)] }),
);
registerRoute(
  pageOf("news-list"),
  new NetworkFirst({ cacheName: CACHES.pages, plugins: [publicPagesOnly, expiring(CACHES.pages, LIMITS.maxPages)] }),
);
// One cached copy serves every query: the page reads `?q=` itself.
registerRoute(
  pageOf("search"),
  new NetworkFirst({ cacheName: CACHES.search, plugins: [publicPagesOnly, withoutQuery] }),
);
registerRoute(pageOf("other", "offline"), new NetworkOnly());

registerRoute(
  ({ url }) => sameOrigin(url) && url.pathname.startsWith("/_astro/"),
  new CacheFirst({ cacheName: CACHES.assets, plugins: [expiring(CACHES.assets, LIMITS.maxAssets)] }),
);
// The search index: fresh online (a release replaces it), whatever was saved before when offline.
registerRoute(
  ({ url }) => sameOrigin(url) && url.pathname.startsWith("/pagefind/"),
  new NetworkFirst({ cacheName: CACHES.searchIndex, plugins: [withoutQuery] }),
);
registerRoute(
  ({ request }) => request.destination === "image" && request.method === "GET",
  new StaleWhileRevalidate({
    cacheName: CACHES.images,
    plugins: [...imagePlugins(pageUrlOf), expiring(CACHES.images, LIMITS.maxImages)],
  }),
);

/** The URL of the page (window) a request came from, when it is still open. */
async function pageUrlOf(clientId: string): Promise<string | undefined> {
  return (await self.clients.get(clientId))?.url;
}

/** A page that could not be loaded: the offline page of its language, or for a private route the
 * same page saying that it needs a connection (the page's CSS shows the matching message). */
setCatchHandler(async ({ request, url }) => {
  if (request.destination !== "document") return Response.error();
  const page = await matchPrecache(offlinePageFor(url.pathname));
  if (!page) return Response.error();
  let html = await page.text();
  if (pathKind(url.pathname) === "private") html = html.replace('data-offline-reason="page"', 'data-offline-reason="private"');
  return new Response(html, { status: 503, headers: page.headers });
});

self.addEventListener("message", (event) => {
  const data: unknown = event.data;
  if (typeof data !== "object" || data === null || !("type" in data)) return;
  const lang = "lang" in data && (data.lang === "nl" || data.lang === "en") ? data.lang : null;
  if (data.type === "warm" && lang) {
    event.waitUntil(refreshCachedPages(__KP_BUILD__).then(() => warmLanguage(lang)));
  } else if (data.type === "search-index" && lang) {
    event.waitUntil(saveSearchIndex(lang));
  } else if (data.type === "version") {
    event.ports[0]?.postMessage(__KP_BUILD__);
  }
});
