/**
 * The warm publishing process's step to the next content after a change (`nextContent`): menus and
 * the category list are fetched again, a category's articles only when the change may have touched
 * them (a changed article was or is in it, or its entry in the category list changed), single
 * entries of every content type are taken over unless the change names them or may have touched
 * them, and every key read before is compared, old against new. Each content type of
 * src/core/content/content-types.ts is moved by its `warmStep`.
 */
import { LOCALES, type Locale } from "../core/api/schemas/common.ts";
import type { Article, ArticleSummary, CategoryDetail } from "../core/api/schemas/content.ts";
import { CONTENT_KINDS, isContentKind, kindOfListKey, parseChangeId, type ContentKind } from "../core/content/content-types.ts";
import { digest } from "./digest.ts";
import { keptSummaries } from "./kept-summaries.ts";
import type { SiteData } from "./site-data.ts";
import type { ContentChange, ContentStep } from "./warm-reads.ts";

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
  // The changed slugs per kind; the listed ones (articles) also reach the news lists below.
  const changed = new Map<ContentKind, Set<string>>(CONTENT_KINDS.map((kind) => [kind, new Set<string>()]));
  // The news lists hold articles, the one kind whose `warmStep` is "listed" (tests/unit/content-types.test.ts).
  const articles = changed.get("article") as Set<string>;
  const unplaced: string[] = [];
  for (const change of changes) {
    const named = parseChangeId(change.id);
    if (named) changed.get(named.kind)?.add(named.slug);
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
    const untouched = isContentKind(kind) && !changed.get(kind)?.has(slug ?? "");
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
  return { next, step: { wide: null, changedKeys, refetched: [...changed.values()].flatMap((slugs) => [...slugs]).sort() } };
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
  if (isContentKind(kind)) return data.entry(kind, locale, slug);
  const listed = kindOfListKey(key);
  if (listed) return data.list(listed, locale);
  switch (kind) {
    case "init":
      return data.init(locale);
    case "categories":
      return data.categories(locale);
    case "category":
      return data.category(locale, slug);
    case "all-categories":
      return data.allCategories(locale);
    case "all-articles":
      return data.articlesNewestFirst(locale);
    case "category-articles":
      return data.categoryArticles(locale, slug);
    case "redirects":
      return data.redirectHistory(locale);
    case "published-pages":
      return data.publishedPages(locale);
    case "page-refs":
      return data.pageRefs(locale);
    default:
      return null;
  }
}
