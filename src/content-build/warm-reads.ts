/**
 * Which content each page read while it rendered, for a warm publishing process (one that rendered
 * the whole site once and then re-renders only what a change affects): `trackReads`, fed by
 * SiteData's `onRead`, so a page without its own cache key is rendered again exactly when something
 * it read changed. The step to the next content is warm-step.ts.
 *
 * The publishing process reaches this module through `warmContentHooks()` on `globalThis`: the pages
 * run inside Astro's build bundle, which has its own copy of every module.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { memoByKey } from "../core/memo.ts";

/** A content change as the CMS reports it: the entry's id (`changeId` of content-types.ts, or the CMS's own id). */
export type ContentChange = { id: string };

/** What moving to the next content found. */
export type ContentStep =
  /** Something every page shows changed (menus, site configuration) or an entry could not be placed. */
  | { wide: string }
  | {
      wide: null;
      /** SiteData keys whose value differs between the two contents. */
      changedKeys: Set<string>;
      /** Article and page slugs fetched again. */
      refetched: string[];
    };

type Reads = Set<string>;

/** The hooks a warm publishing process calls from outside the bundle. */
type WarmContentHooks = {
  /** Runs `render` with a fresh read set and returns what it read. */
  trackReads: <T>(render: () => Promise<T>) => Promise<{ result: T; reads: string[] }>;
  /** Replaces the build's content with the next one; see `nextContent`. */
  advance: (changes: ContentChange[]) => Promise<ContentStep>;
};

const HOOKS = Symbol.for("klantportaal.warm-content");
type Global = typeof globalThis & { [HOOKS]?: { reads: AsyncLocalStorage<Reads>; hooks?: WarmContentHooks } };

/** One read registry per process, shared by the bundle and the publishing process. */
function registry(): { reads: AsyncLocalStorage<Reads>; hooks?: WarmContentHooks } {
  const global = globalThis as Global;
  global[HOOKS] ??= { reads: new AsyncLocalStorage<Reads>() };
  return global[HOOKS];
}

/** SiteData's `onRead`: adds the key to the reads of the page being rendered, if any. */
export function recordRead(key: string): void {
  registry().reads.getStore()?.add(key);
}

/** Runs `load` without recording its reads for the page being rendered (a derived value's computation). */
export function untracked<T>(load: () => Promise<T>): Promise<T> {
  return registry().reads.exit(load);
}

export async function trackReads<T>(render: () => Promise<T>): Promise<{ result: T; reads: string[] }> {
  const reads: Reads = new Set();
  const result = await registry().reads.run(reads, render);
  return { result, reads: [...reads].map(interned) };
}

/**
 * `compute` run once, what it read told again to every later caller: a value remembered outside
 * SiteData (a list page's cache key, shared by its HTML and JSON routes) still names the content
 * it came from to each reader, so a reader is known to depend on that content however many others
 * asked first.
 */
export function onceWithReads<T>(compute: () => Promise<T>): () => Promise<T> {
  let computed: Promise<{ result: T; reads: string[] }> | undefined;
  return async () => {
    computed ??= trackReads(compute);
    const { result, reads } = await computed;
    for (const key of reads) recordRead(key);
    return result;
  };
}

/**
 * One copy of each key string. SiteData builds a key string on every read, and a warm publishing
 * process keeps every page's reads: tens of thousands of pages reading the same menus and lists
 * would otherwise each hold copies of the same keys. Keys name content entries, so there are no
 * more of them than entries the content cache holds.
 */
const interned = memoByKey(Number.POSITIVE_INFINITY, (key: string) => key, (key: string) => key);

/** The build registers how to advance its content; the publishing process finds it here. */
export function registerWarmContent(advance: WarmContentHooks["advance"]): void {
  registry().hooks = { trackReads, advance };
}

/** The hooks, once the build's content module has loaded (null before). */
export function warmContentHooks(): WarmContentHooks | null {
  return registry().hooks ?? null;
}
