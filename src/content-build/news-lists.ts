import type { Locale } from "../core/api/schemas/common.ts";
import { LOCALES } from "../core/api/schemas/common.ts";
import type { ArticleSummary, CategoryDetail } from "../core/api/schemas/content.ts";
import { pagesInEveryLanguage, type ListingPage, type NewsListing } from "../core/content/news.ts";
import { digest } from "./digest.ts";
import type { SiteData } from "./site-data.ts";
import { onceWithReads } from "./warm-reads.ts";

/** The articles of the archive (`categorySlug` null) or of a category, newest first. */
const listArticles = (
  data: SiteData,
  locale: Locale,
  categorySlug: string | null,
): Promise<ArticleSummary[]> =>
  categorySlug === null ? data.articlesNewestFirst(locale) : data.categoryArticles(locale, categorySlug);

/** The archive (`categorySlug` null) or a category's articles, newest first. */
export async function newsListing(
  data: SiteData,
  locale: Locale,
  categorySlug: string | null,
): Promise<NewsListing> {
  const categories = await data.categories(locale);
  const articles = await listArticles(data, locale, categorySlug);
  if (categorySlug === null) return { categories, category: null, articles };
  const detail = await data.category(locale, categorySlug);
  return {
    categories,
    category: detail ?? categories.find((entry) => entry.slug === categorySlug) ?? null,
    articles,
  };
}

type ListPages = ReturnType<typeof pagesInEveryLanguage> & { indexOf: Map<string | null, number> };

/** The pages of each list, cut once per set of article lists (keyed by the first language's list). */
const cutLists = new WeakMap<object, { lists: ArticleSummary[][]; pages: ListPages }>();

/** The pages of a list in every language (`pages[i]` in LOCALES[i]); the first one's name is null. */
async function listPages(data: SiteData, categorySlug: string | null): Promise<ListPages> {
  const lists = await Promise.all(LOCALES.map((locale) => listArticles(data, locale, categorySlug)));
  const key = lists[0] as object;
  const found = cutLists.get(key);
  if (found && found.lists.every((list, index) => list === lists[index])) return found.pages;
  const cut = pagesInEveryLanguage(lists);
  const pages = { ...cut, indexOf: new Map(cut.names.map((name, index) => [name, index])) };
  cutLists.set(key, { lists, pages });
  return pages;
}

/** Page `name` (null for the first) of a list in one language; a name the list no longer has is empty. */
export async function newsListPage(
  data: SiteData,
  locale: Locale,
  categorySlug: string | null,
  name: string | null,
): Promise<ListingPage> {
  const { names, pages, indexOf } = await listPages(data, categorySlug);
  const index = indexOf.get(name);
  if (index === undefined) return { items: [], next: null };
  return { items: pages[LOCALES.indexOf(locale)]?.[index] ?? [], next: names[index + 1] ?? null };
}

/** Every news list to build, over both languages: the archive and each category, with the names of its further pages. */
export async function newsLists(data: SiteData): Promise<{ categorySlug: string | null; pages: string[] }[]> {
  const categories = await Promise.all(LOCALES.map((locale) => data.allCategories(locale)));
  const categorySlugs = [...new Set(categories.flat().map((category) => category.slug))];
  return Promise.all(
    [null, ...categorySlugs].map(async (categorySlug) => ({
      categorySlug,
      pages: (await listPages(data, categorySlug)).names.filter((name) => name !== null),
    })),
  );
}

export type ArticleRoute = { category: string; slug: string };

/** Every article route over both languages (same slugs in both), category by category. */
export async function articleRoutes(data: SiteData): Promise<ArticleRoute[]> {
  const categories = await Promise.all(LOCALES.map((locale) => data.allCategories(locale)));
  const slugs = [...new Set(categories.flat().map((category) => category.slug))];
  return slugs.flatMap((slug) => routesOfCategory(categories.map((list) => list.find((category) => category.slug === slug))));
}

/** The routes of one category (its entry in each language), kept while those entries are the same objects. */
const categoryRoutes = new WeakMap<CategoryDetail, { entries: (CategoryDetail | undefined)[]; routes: ArticleRoute[] }>();

function routesOfCategory(entries: (CategoryDetail | undefined)[]): ArticleRoute[] {
  const anchor = entries.find((entry) => entry !== undefined);
  if (!anchor) return [];
  const found = categoryRoutes.get(anchor);
  if (found?.entries.every((entry, index) => entry === entries[index])) return found.routes;
  const routes = new Map<string, ArticleRoute>();
  for (const entry of entries)
    for (const article of entry?.articles ?? []) if (!routes.has(article.slug)) routes.set(article.slug, { category: anchor.slug, slug: article.slug });
  const list = [...routes.values()];
  categoryRoutes.set(anchor, { entries, routes: list });
  return list;
}

/** What a list page shows of the category navigation and of its own category, per content object. */
const shownParts = new WeakMap<object, string>();

function shownDigest(input: object, shown: () => unknown): string {
  let found = shownParts.get(input);
  if (found === undefined) {
    found = digest(shown());
    shownParts.set(input, found);
  }
  return found;
}

/**
 * The incremental-build key of one news list page (HTML and load-more JSON): what that page shows in
 * both languages — its window of articles, the name of the next page, the category navigation and
 * the menus — so a change re-renders only the pages whose window or next page changed, not the
 * whole archive. Every part is fingerprinted once per content object (the window's articles one by
 * one), so the keys of every list page of a large archive cost little more than their count.
 */
export function listingCacheKey(data: SiteData, categorySlug: string | null, name: string | null): Promise<string> {
  // The page's HTML and its load-more JSON in each language share one key: computed once per content.
  let keys = listingKeys.get(data);
  if (!keys) listingKeys.set(data, (keys = new Map()));
  const id = `${categorySlug ?? ""}\u0000${name ?? ""}`;
  let key = keys.get(id);
  if (!key) keys.set(id, (key = onceWithReads(() => computeListingCacheKey(data, categorySlug, name))));
  return key();
}

const listingKeys = new WeakMap<SiteData, Map<string, () => Promise<string>>>();

async function computeListingCacheKey(
  data: SiteData,
  categorySlug: string | null,
  name: string | null,
): Promise<string> {
  const parts = await Promise.all(
    LOCALES.map(async (locale) => {
      const listing = await newsListing(data, locale, categorySlug);
      const page = await newsListPage(data, locale, categorySlug, name);
      // Article counts are not shown; leaving them out keeps a publish elsewhere from touching this page.
      const navigation = shownDigest(listing.categories, () =>
        listing.categories.map(({ articleCount: _count, ...shown }) => shown),
      );
      const category = listing.category
        ? shownDigest(listing.category, () => ({
            ...listing.category,
            articles: undefined,
            articleCount: undefined,
          }))
        : null;
      return [await data.init(locale), navigation, category, page.items.length, ...page.items, page.next];
    }),
  );
  return digest(name, categorySlug, ...parts.flat());
}
