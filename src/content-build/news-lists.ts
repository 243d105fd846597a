import type { Locale } from "../core/api/schemas/common.ts";
import { LOCALES } from "../core/api/schemas/common.ts";
import { pageCount, type NewsListing } from "../core/content/news.ts";
import { pageOf } from "../core/content/pagination.ts";
import { digest } from "./digest.ts";
import { allArticles, type SiteData } from "./site-data.ts";

/** The archive (`categorySlug` null) or a category's articles, newest first. */
export async function newsListing(data: SiteData, locale: Locale, categorySlug: string | null): Promise<NewsListing> {
  const categories = await data.categories(locale);
  if (categorySlug === null) return { categories, category: null, articles: await data.articlesNewestFirst(locale) };
  const detail = await data.category(locale, categorySlug);
  return {
    categories,
    category: detail ?? categories.find((entry) => entry.slug === categorySlug) ?? null,
    articles: await data.categoryArticles(locale, categorySlug),
  };
}

/** Every news list to build, over both languages: the archive and each category, with its page count. */
export async function newsLists(data: SiteData): Promise<{ categorySlug: string | null; pages: number }[]> {
  const perLocale = await Promise.all(
    LOCALES.map(async (locale) => ({ all: await allArticles(data, locale), categories: await data.allCategories(locale) })),
  );
  const categorySlugs = [...new Set(perLocale.flatMap((entry) => entry.categories.map((category) => category.slug)))];
  return [
    { categorySlug: null, pages: pageCount(perLocale.map((entry) => entry.all.length)) },
    ...categorySlugs.map((slug) => ({
      categorySlug: slug,
      pages: pageCount(
        perLocale.map((entry) => entry.categories.find((category) => category.slug === slug)?.articles.length ?? 0),
      ),
    })),
  ];
}

/** Every article route over both languages (same slugs in both). */
export async function articleRoutes(data: SiteData): Promise<{ category: string; slug: string }[]> {
  const routes = new Map<string, { category: string; slug: string }>();
  for (const locale of LOCALES) {
    for (const category of await data.allCategories(locale)) {
      for (const article of category.articles) {
        routes.set(`${category.slug}/${article.slug}`, { category: category.slug, slug: article.slug });
      }
    }
  }
  return [...routes.values()];
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
 * both languages — its window of articles, whether a next page exists, the category navigation and
 * the menus — so an edit re-renders only the pages whose window changed, not the whole archive.
 * Every part is fingerprinted once per content object (the window's articles one by one), so the
 * keys of every list page of a large archive cost little more than their count.
 */
export async function listingCacheKey(data: SiteData, categorySlug: string | null, page: number): Promise<string> {
  const parts = await Promise.all(
    LOCALES.map(async (locale) => {
      const listing = await newsListing(data, locale, categorySlug);
      const window = pageOf(listing.articles, "", page);
      // Article counts are not shown; leaving them out keeps a publish elsewhere from touching this page.
      const navigation = shownDigest(listing.categories, () => listing.categories.map(({ articleCount: _count, ...shown }) => shown));
      const category = listing.category ? shownDigest(listing.category, () => ({ ...listing.category, articles: undefined, articleCount: undefined })) : null;
      return [await data.init(locale), navigation, category, window.items.length, ...window.items, window.totalPages];
    }),
  );
  return digest(page, categorySlug, ...parts.flat());
}
