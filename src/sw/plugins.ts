/** Workbox plugins the service worker's routes share. */
import { ExpirationPlugin } from "workbox-expiration";
import type { StaleWhileRevalidate } from "workbox-strategies";
import { CACHES, LIMITS } from "../core/offline/cache-names.ts";
import { mayCacheImageOf } from "../core/offline/image-cache.ts";

type Plugin = NonNullable<NonNullable<ConstructorParameters<typeof StaleWhileRevalidate>[0]>["plugins"]>[number];

const expirations = new Map<string, ExpirationPlugin>();

/**
 * Entry and age limits of one cache, one plugin per cache so every route writing to it counts the
 * same entries. A full disk drops the cache rather than failing the page.
 */
export function expiring(cacheName: string, maxEntries: number): Plugin {
  let plugin = expirations.get(cacheName);
  if (!plugin) {
    plugin = new ExpirationPlugin({ maxEntries, maxAgeSeconds: LIMITS.maxAgeSeconds, purgeOnQuotaError: true });
    expirations.set(cacheName, plugin);
  }
  // Workbox declares its optional hooks as possibly undefined, which exactOptionalPropertyTypes rejects.
  return plugin as Plugin;
}

/** True for a response that may be kept: a complete same-origin page the server allows to store. */
export const storable = (response: Response): boolean =>
  response.status === 200 && !response.redirected && !/no-store|private/.test(response.headers.get("cache-control") ?? "");

/** Pages are only cached when whole, public and not redirected (a redirect could lead to sign-in). */
export const publicPagesOnly: Plugin = {
  cacheWillUpdate: async ({ response }) => (response.type === "basic" && storable(response) ? response : null),
};

/** Stores and finds a page under its URL without the query (the search page reads `?q=` itself). */
export const withoutQuery: Plugin = {
  cacheKeyWillBeUsed: async ({ request }) => {
    const url = new URL(request.url);
    url.search = "";
    return url.href;
  },
};

/**
 * CMS images come from another origin. Fetching them with CORS gives a readable response that costs
 * its real size in the storage quota (an opaque one is counted as megabytes); when the image host
 * does not allow CORS, or we are offline, the plugin falls back to any cached width of the same image,
 * then to the browser's own request.
 */
const corsImages: Plugin = {
  requestWillFetch: async ({ request }) =>
    request.mode === "no-cors" && new URL(request.url).origin !== self.location.origin
      ? new Request(request.url, { mode: "cors", credentials: "omit" })
      : request,
  cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null),
  handlerDidError: async ({ request }) =>
    (await caches.match(request.url, { ignoreSearch: true, cacheName: CACHES.images })) ??
    (await fetch(request).catch(() => undefined)),
};

/**
 * Images are stored only when a public page of the site asked for them (see `mayCacheImageOf`);
 * `pageUrlOf` finds the URL of the page (the worker's client) a request came from.
 */
const imagesOfPublicPagesOnly = (pageUrlOf: (clientId: string) => Promise<string | undefined>): Plugin => ({
  cacheWillUpdate: async ({ response, event }) => {
    const clientId = "clientId" in event && typeof event.clientId === "string" ? event.clientId : "";
    const pageUrl = clientId ? await pageUrlOf(clientId) : undefined;
    return mayCacheImageOf(pageUrl, self.location.origin) ? response : null;
  },
});

/** The image route's plugins apart from its expiry (which needs IndexedDB): CORS fetching, public pages only. */
export const imagePlugins = (pageUrlOf: (clientId: string) => Promise<string | undefined>): Plugin[] => [
  corsImages,
  imagesOfPublicPagesOnly(pageUrlOf),
];
