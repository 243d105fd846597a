/**
 * Background caching: after a first visit the reader's language's news archive, categories, newest
 * articles and their images are stored, once per build and within the storage budget.
 */
import * as v from "valibot";
import { CacheExpiration } from "workbox-expiration";
import { hasRoomFor } from "../core/offline/budget.ts";
import { CACHES, LIMITS } from "../core/offline/cache-names.ts";
import { WARM_LIST_PATH, WarmListSchema, warmUrls } from "../core/offline/warm-list.ts";
import { localizedPath, type Lang } from "../core/i18n/locale.ts";
import { storable } from "./plugins.ts";

/** Rough sizes of what is fetched next, to stop before the budget is exceeded rather than after. */
const PAGE_BYTES = 150_000;
const IMAGE_BYTES = 400_000;

const estimate = async (): Promise<StorageEstimate> => (await navigator.storage?.estimate?.()) ?? {};

/** Requests in flight at once: quick on a good connection, gentle on the server. */
const PARALLEL = 4;

/** Fetches `urls` into a cache while the budget allows, registering them for expiry. */
async function store(cacheName: string, urls: string[], bytesEach: number, maxEntries: number, init?: RequestInit): Promise<void> {
  const cache = await caches.open(cacheName);
  const expiration = new CacheExpiration(cacheName, { maxEntries, maxAgeSeconds: LIMITS.maxAgeSeconds });
  const queue = [...urls];
  const worker = async (): Promise<void> => {
    for (let url = queue.shift(); url; url = queue.shift()) {
      if (!hasRoomFor(await estimate(), bytesEach * PARALLEL)) return void (queue.length = 0);
      const response = await fetch(url, init).catch(() => null);
      if (!response || !storable(response)) continue;
      const absolute = new URL(url, self.location.href).href;
      await cache.put(absolute, response);
      await expiration.updateTimestamp(absolute);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  await expiration.expireEntries();
}

/** Caches one language's news for offline reading, unless this build's list was cached already. */
export async function warmLanguage(lang: Lang): Promise<void> {
  const response = await fetch(WARM_LIST_PATH, { cache: "no-cache" }).catch(() => null);
  if (!response?.ok) return;
  const parsed = v.safeParse(WarmListSchema, await response.json().catch(() => null));
  if (!parsed.success) return;
  const list = parsed.output;
  await oncePerBuild(`/__kp/warmed-${lang}`, list.build, async () => {
    const { pages, images } = warmUrls(list[lang], LIMITS.warmArticles);
    await store(CACHES.pages, pages, PAGE_BYTES, LIMITS.maxPages);
    await store(CACHES.search, [localizedPath(lang, "/zoeken")], PAGE_BYTES, LIMITS.maxPages);
    await store(CACHES.images, images, IMAGE_BYTES, LIMITS.maxImages, { mode: "cors", credentials: "omit" });
    return true;
  });
}

/**
 * Fetches every cached news page again, once per build (after a new release took over), so a page
 * read offline later refers to this release's stylesheets; pages that no longer exist are dropped.
 */
export function refreshCachedPages(build: string): Promise<void> {
  return oncePerBuild("/__kp/refreshed", build, async () => {
    const cache = await caches.open(CACHES.pages);
    for (const request of await cache.keys()) {
      const response = await fetch(request.url, { cache: "no-cache" }).catch(() => null);
      if (!response) return false; // offline: keep what we have, and try again with the next page
      if (response.status === 404 || response.status === 410) await cache.delete(request);
      else if (storable(response)) await cache.put(request, response);
    }
    return true;
  });
}

/**
 * Runs `task` unless it already ran to the end for `build`, as a marker in the meta cache records;
 * the marker is written only when the task reports it finished.
 */
async function oncePerBuild(marker: string, build: string, task: () => Promise<boolean>): Promise<void> {
  const meta = await caches.open(CACHES.meta);
  if ((await (await meta.match(marker))?.text()) === build) return;
  if (await task()) await meta.put(marker, new Response(build));
}
