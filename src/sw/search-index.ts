/**
 * Offline search: when the search page is opened, the worker saves that language's search index
 * (the list the build writes beside it), once per release. Never on a first visit elsewhere: the
 * index grows with the site, and what a visitor downloads in the background must not.
 */
import * as v from "valibot";
import type { Lang } from "../core/i18n/locale.ts";
import { CACHES } from "../core/offline/cache-names.ts";
import { storable } from "./plugins.ts";

/** Written by the build (publishing/build/service-worker.ts): language -> the index files' paths. */
const SEARCH_INDEX_LIST_PATH = "/pagefind/offline-files.json";
const ListSchema = v.record(v.string(), v.array(v.pipe(v.string(), v.startsWith("/pagefind/"))));

declare const __KP_BUILD__: string;
/** Requests in flight at once. */
const PARALLEL = 4;

/** Saves one language's index for this release; files of earlier releases are dropped. */
export async function saveSearchIndex(lang: Lang): Promise<void> {
  const meta = await caches.open(CACHES.meta);
  const marker = `/__kp/search-index-${lang}`;
  if ((await (await meta.match(marker))?.text()) === __KP_BUILD__) return;
  const response = await fetch(SEARCH_INDEX_LIST_PATH, { cache: "no-cache" }).catch(() => null);
  if (!response?.ok) return;
  const parsed = v.safeParse(ListSchema, await response.json().catch(() => null));
  if (!parsed.success) return;
  const wanted = new Set((parsed.output[lang] ?? []).map((file) => new URL(file, self.location.href).href));
  const cache = await caches.open(CACHES.searchIndex);
  // Another language's files stay; files this release no longer has (old hashes) go.
  const all = new Set(Object.values(parsed.output).flat().map((file) => new URL(file, self.location.href).href));
  for (const request of await cache.keys()) if (!all.has(request.url)) await cache.delete(request);
  const queue = [...wanted];
  let complete = true;
  const worker = async (): Promise<void> => {
    for (let url = queue.shift(); url; url = queue.shift()) {
      if (await cache.match(url)) continue;
      const file = await fetch(url).catch(() => null);
      if (file && storable(file)) await cache.put(url, file);
      else complete = false;
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  if (complete) await meta.put(marker, new Response(__KP_BUILD__));
}
