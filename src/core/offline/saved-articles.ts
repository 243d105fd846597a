/**
 * The articles this browser holds for offline reading, for the offline page's list and the
 * "available offline" marks in news lists. Reads the worker's page cache directly.
 */
import type { Lang } from "../i18n/locale.ts";
import { CACHES } from "./cache-names.ts";
import { firstHeading } from "./html-text.ts";
import { langOf, pathKind } from "./routes.ts";

type SavedArticle = { href: string; title: string };

/** The cached article pages with their cache; none without the Cache API or the cache. */
async function articleEntries(storage: CacheStorage | undefined): Promise<{ cache: Cache; requests: Request[] } | null> {
  if (!storage || !(await storage.has(CACHES.pages))) return null;
  const cache = await storage.open(CACHES.pages);
  const requests = (await cache.keys()).filter((request) => pathKind(new URL(request.url).pathname) === "article");
  return { cache, requests };
}

/** Paths of the cached article pages, in every language. */
export async function savedArticlePaths(storage: CacheStorage | undefined = globalThis.caches): Promise<Set<string>> {
  const entries = await articleEntries(storage);
  return new Set(entries?.requests.map((request) => new URL(request.url).pathname) ?? []);
}

/** The cached articles of one language with their titles (from each page's heading), by title. */
export async function savedArticles(lang: Lang, storage: CacheStorage | undefined = globalThis.caches): Promise<SavedArticle[]> {
  const entries = await articleEntries(storage);
  const articles: SavedArticle[] = [];
  for (const request of entries?.requests ?? []) {
    const href = new URL(request.url).pathname;
    if (langOf(href) !== lang) continue;
    const response = await entries?.cache.match(request);
    const title = response ? firstHeading(await response.text()) : null;
    if (title) articles.push({ href, title });
  }
  return articles.sort((a, b) => a.title.localeCompare(b.title, lang));
}
