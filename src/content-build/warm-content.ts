/**
 * Content for a warm publishing process: one that rendered the whole site once and then re-renders
 * only what a change affects. Two things live here, both about the build's one SiteData:
 *
 * - which content each page read while it rendered (`trackReads`, fed by SiteData's `onRead`), so a
 *   page without its own cache key is rendered again exactly when something it read changed;
 * - the step to the next content (`nextContent`): menus and the category list are fetched again,
 *   a category's articles only when the change may have touched them (a changed article was or is
 *   in it, or its entry in the category list changed), single articles and pages are taken over
 *   unless the change names them or may have touched them, and every key read before is compared,
 *   old against new.
 *
 * The publishing process reaches this module through `warmContentHooks()` on `globalThis`: the pages
 * run inside Astro's build bundle, which has its own copy of every module.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { LOCALES, type Locale } from "../core/api/schemas/common.ts";
import type { Article, ArticleSummary, CategoryDetail } from "../core/api/schemas/content.ts";
import { memoByKey } from "../core/memo.ts";
import { digest } from "./digest.ts";
import { keptSummaries } from "./kept-summaries.ts";
import type { SiteData } from "./site-data.ts";

/** A content change as the CMS reports it: the entry's id (`article:<slug>`, `page:<slug>`, or the CMS's own id). */
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
export type WarmContentHooks = {
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

const ENTRY_ID = /^(article|page):(.+)$/;

/**
 * The next content after `changes`, built by `fresh` (a SiteData seeded with the given entries).
 * Articles' related lists are drawn from their category, newest first (the content API's
 * contract): when the head of a category's list changes, every article of that category is fetched
 * again; otherwise only the changed articles and those whose related list showed them.
 */
export async function nextContent(
  old: SiteData,
  fresh: (seed: [string, Promise<unknown>][]) => SiteData,
  changes: ContentChange[],
): Promise<{ next: SiteData; step: ContentStep }> {
  const probe = fresh([]);
  const [oldInits, newInits] = await Promise.all([
    Promise.all(LOCALES.map((locale) => old.init(locale))),
    Promise.all(LOCALES.map((locale) => probe.init(locale))),
  ]);
  if (digest(...oldInits) !== digest(...newInits))
    return { next: probe, step: { wide: "menus or site configuration changed" } };

  const oldLists = await listsOf(old);
  const articles = new Set<string>();
  const pages = new Set<string>();
  const unplaced: string[] = [];
  for (const change of changes) {
    const match = ENTRY_ID.exec(change.id);
    if (match?.[1] === "article") articles.add(match[2] as string);
    else if (match?.[1] === "page") pages.add(match[2] as string);
    else {
      const slug = oldLists.all.find((summary) => summary.id === change.id)?.slug;
      if (slug) articles.add(slug);
      else unplaced.push(change.id);
    }
  }
  // An entry the old lists do not know may be in any category: then every list is fetched again.
  const listed = unplaced.length > 0 ? probe : await withUnchangedCategories(old, probe, fresh, articles);
  const newLists = await listsOf(listed);
  for (const id of unplaced) {
    const slug = newLists.all.find((summary) => summary.id === id)?.slug;
    if (!slug) return { next: probe, step: { wide: `entry ${id} is not an article or page the site knows` } };
    articles.add(slug);
  }

  // Related lists: the changed articles may show in others' related lists, and a new head of a
  // category may enter them.
  const oldDetails = await loadedArticles(old);
  const relatedLength = Math.max(0, ...oldDetails.map((detail) => detail.related.length));
  for (const detail of oldDetails) {
    if (detail.related.some((related) => articles.has(related.slug))) articles.add(detail.slug);
  }
  for (const [key, oldList] of oldLists.byCategory) {
    const newList = newLists.byCategory.get(key) ?? [];
    const head = (list: ArticleSummary[]): string => digest(list.slice(0, relatedLength + 1));
    if (head(oldList) !== head(newList))
      for (const summary of [...oldList, ...newList]) articles.add(summary.slug);
  }
  for (const [key, newList] of newLists.byCategory) {
    if (!oldLists.byCategory.has(key)) for (const summary of newList) articles.add(summary.slug);
  }

  // Seed: the freshly fetched lists, and every single entry the change cannot have touched.
  const seed: [string, Promise<unknown>][] = [...listed.entries()];
  const seeded = new Set(seed.map(([key]) => key));
  for (const [key, value] of old.entries()) {
    const [kind, , slug] = key.split(":");
    const untouched =
      (kind === "article" && !articles.has(slug ?? "")) || (kind === "page" && !pages.has(slug ?? ""));
    if (untouched && !seeded.has(key)) seed.push([key, value]);
  }
  const next = fresh(seed);

  // Every key read before, compared: derived lists are recomputed from the new content. A value
  // taken over as it was is the same promise: thousands of them, nothing to compare.
  const changedKeys = new Set<string>();
  const takenOver = next.entries();
  await Promise.all(
    [...old.entries()].filter(([key, value]) => takenOver.get(key) !== value).map(async ([key, value]) => {
      const now = readKey(next, key, old.derivation);
      if (now === null) return void changedKeys.add(key);
      const [before, after] = await Promise.all([value, now]);
      if (before !== after && digest(before) !== digest(after)) changedKeys.add(key);
    }),
  );
  return { next, step: { wide: null, changedKeys, refetched: [...articles, ...pages].sort() } };
}

/**
 * `probe` with the article lists of the categories `articles` cannot have touched taken over from
 * `old`: a changed article's summary shows only in the category it was in and the one it is in
 * now, and a category's own entry (title, description, count) is compared in the fresh category
 * list. At thousands of articles each list is most of a publish's requests and validation. A list
 * fetched again keeps the summaries that did not change (`keptSummaries`).
 */
async function withUnchangedCategories(
  old: SiteData,
  probe: SiteData,
  fresh: (seed: [string, Promise<unknown>][]) => SiteData,
  articles: ReadonlySet<string>,
): Promise<SiteData> {
  const seed: [string, Promise<unknown>][] = [];
  await Promise.all(
    LOCALES.map(async (locale) => {
      const [before, after, oldArticles, nowIn] = await Promise.all([
        old.categories(locale),
        probe.categories(locale),
        old.articlesNewestFirst(locale),
        Promise.all([...articles].map(async (slug) => (await probe.article(locale, slug))?.categorySlug)),
      ]);
      const touched = new Set(nowIn);
      for (const summary of oldArticles) if (articles.has(summary.slug)) touched.add(summary.categorySlug);
      const entryBefore = new Map(before.map((category) => [category.slug, digest(category)]));
      for (const category of after) {
        const key = `category:${locale}:${category.slug}`;
        const list = old.entries().get(key) as Promise<CategoryDetail | null> | undefined;
        if (!list) continue;
        if (!touched.has(category.slug) && entryBefore.get(category.slug) === digest(category)) seed.push([key, list]);
        else seed.push([key, Promise.all([probe.category(locale, category.slug), list]).then(([now, before]) => keptSummaries(now, before))]);
      }
    }),
  );
  return fresh([...probe.entries(), ...seed]);
}

/** All lists of both languages: the whole archive and each category's articles, keyed `locale:slug`. */
async function listsOf(
  data: SiteData,
): Promise<{ all: ArticleSummary[]; byCategory: Map<string, ArticleSummary[]> }> {
  const all: ArticleSummary[] = [];
  const byCategory = new Map<string, ArticleSummary[]>();
  for (const locale of LOCALES) {
    all.push(...(await data.articlesNewestFirst(locale)));
    for (const category of await data.allCategories(locale)) {
      byCategory.set(`${locale}:${category.slug}`, await data.categoryArticles(locale, category.slug));
    }
  }
  return { all, byCategory };
}

/** The article details a SiteData has fetched (found ones only). */
async function loadedArticles(data: SiteData): Promise<Article[]> {
  const details = await Promise.all(
    [...data.entries()]
      .filter(([key]) => key.startsWith("article:"))
      .map(([, value]) => value as Promise<Article | null>),
  );
  return details.filter((detail): detail is Article => detail !== null);
}

/**
 * The value of a key in `data`, read through its accessor; a derived value is computed the way
 * `derivation` says (the previous content's). Null for a key this module does not know.
 */
function readKey(data: SiteData, key: string, derivation: SiteData["derivation"]): Promise<unknown> | null {
  const [kind, localeText, ...rest] = key.split(":");
  if (kind === "derived") {
    const name = key.slice("derived:".length);
    const compute = derivation(name);
    return compute ? data.derived(name, compute) : null;
  }
  const locale = localeText as Locale;
  const slug = rest.join(":");
  if (!LOCALES.includes(locale)) return null;
  switch (kind) {
    case "init":
      return data.init(locale);
    case "page":
      return data.page(locale, slug);
    case "categories":
      return data.categories(locale);
    case "category":
      return data.category(locale, slug);
    case "article":
      return data.article(locale, slug);
    case "all-categories":
      return data.allCategories(locale);
    case "all-articles":
      return data.articlesNewestFirst(locale);
    case "category-articles":
      return data.categoryArticles(locale, slug);
    case "page-refs":
      return data.pageRefs(locale);
    default:
      return null;
  }
}
