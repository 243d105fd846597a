/**
 * Logout's part in the Cache Storage: logout clears private caches. The
 * service worker never stores private data; this removes anything that could hold it anyway — a
 * cache some other code created, or an entry of ours under a private route or an API path — so a
 * shared computer keeps nothing of the signed-in customer after logout.
 */
import { CACHES } from "./cache-names.ts";
import { isPrivatePath } from "./routes.ts";

/** Caches that the worker fills with public content only; everything else is deleted whole. */
const PUBLIC_CACHES = new Set<string>(Object.values(CACHES));
/** Workbox's precache (the offline pages and stylesheets) holds build output only. */
const PRECACHE_PREFIX = "workbox-precache";
/** API and identity-provider paths: responses there are a customer's data or tokens. */
const PRIVATE_URL = /\/(contentfulservice|contactservice)\/|\/(oauth|authorize|userinfo|v2\/logout|\.well-known)(\/|$)/;

/** What was removed, for logging and tests. */
type ClearedCaches = { caches: string[]; entries: string[] };

/** True for a cached request URL that could carry private data. */
export function isPrivateEntry(url: string, siteOrigin: string): boolean {
  const parsed = new URL(url, siteOrigin);
  if (PRIVATE_URL.test(parsed.pathname)) return true;
  return parsed.origin === siteOrigin && isPrivatePath(parsed.pathname);
}

/**
 * Deletes every cache that is not one of the worker's public caches, and any private entry inside
 * those. Does nothing where the Cache API is missing (an old browser, a non-secure origin).
 */
export async function clearPrivateCacheStorage(
  storage: CacheStorage | undefined = globalThis.caches,
  siteOrigin: string = globalThis.location?.origin ?? "",
): Promise<ClearedCaches> {
  const cleared: ClearedCaches = { caches: [], entries: [] };
  if (!storage) return cleared;
  for (const name of await storage.keys()) {
    if (!PUBLIC_CACHES.has(name) && !name.startsWith(PRECACHE_PREFIX)) {
      await storage.delete(name);
      cleared.caches.push(name);
      continue;
    }
    const cache = await storage.open(name);
    for (const request of await cache.keys()) {
      if (!isPrivateEntry(request.url, siteOrigin)) continue;
      await cache.delete(request);
      cleared.entries.push(request.url);
    }
  }
  return cleared;
}
