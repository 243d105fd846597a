/**
 * The caches the service worker keeps. Names carry a version so a worker that changes what a cache
 * holds can drop the old one; every cache of ours starts with `kp-`.
 */
export const CACHE_PREFIX = "kp-";

export const CACHES = {
  /** News archive, category and article pages (HTML). */
  pages: "kp-pages-v1",
  /**
   * CMS images shown on public pages. v2: v1 also kept images of private screens; a v2 worker
   * deletes the v1 cache on activation.
   */
  images: "kp-images-v2",
  /** Content-hashed build assets (`/_astro/…`). */
  assets: "kp-assets-v1",
  /** The search index (`/pagefind/…`) of one release, saved when the search page is opened. */
  searchIndex: "kp-search-index-v1",
  /** The search page itself, so search works offline for cached content. */
  search: "kp-search-v1",
  /** Which release's news list has been cached in the background, per language. */
  meta: "kp-meta-v1",
} as const;

/** Every runtime cache name this version of the worker uses (precache names are Workbox's own). */
export const OWN_CACHES: readonly string[] = Object.values(CACHES);

/** Limits that keep the background cache within a storage budget. */
export const LIMITS = {
  /** Articles cached in the background after a first visit, per language. */
  warmArticles: 20,
  /** Entries per cache; the least recently used go first. */
  maxPages: 80,
  maxImages: 120,
  maxAssets: 150,
  /** News pages and images older than this are dropped even if used. */
  maxAgeSeconds: 30 * 24 * 60 * 60,
  /** Background caching stops when the origin would use more than this share of its quota. */
  maxQuotaShare: 0.5,
  /** …or more than this many bytes, whatever the quota: a reader's phone is not our disk. */
  maxUsageBytes: 50 * 1024 * 1024,
} as const;
