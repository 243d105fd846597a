import type { ArticleSummary, CategorySummary } from "../api/schemas/content.ts";
import { cardData, type CardData, type NewsPageJson } from "./cards.ts";
import { localizedPath } from "../i18n/locale.ts";
import { newsPath, type UrlContext } from "./nav-url.ts";
import { newestFirst, newsPages, pagePathOf, type NewsPage } from "./pagination.ts";

/** One news list (the archive, or one category) in one language. */
export type NewsListing = {
  categories: CategorySummary[];
  /** null for the archive. */
  category: CategorySummary | null;
  articles: ArticleSummary[];
};

/** One page of a list in one language, before it becomes cards; `next` names the next page (null on the last). */
export type ListingPage = { items: ArticleSummary[]; next: string | null };

/**
 * The pages of one list in every language at once (`lists` holds each language's articles, newest
 * first). The windows are cut once, over every language's articles together, so both languages
 * have the same pages at the same URLs; each language shows its own articles of each page.
 */
export function pagesInEveryLanguage(lists: readonly (readonly ArticleSummary[])[]): {
  names: (string | null)[];
  pages: ArticleSummary[][][];
} {
  const union = new Map<string, ArticleSummary>();
  for (const list of lists)
    for (const article of list) if (!union.has(article.slug)) union.set(article.slug, article);
  const shared = newsPages(newestFirst([...union.values()]), (article) => article.slug);
  const pageOfSlug = new Map(
    shared.flatMap((page, index) => page.map((article) => [article.slug, index] as const)),
  );
  const pages = lists.map((list) => {
    const own = shared.map((): ArticleSummary[] => []);
    for (const article of list) own[pageOfSlug.get(article.slug) ?? 0]?.push(article);
    return own;
  });
  return { names: shared.map((page, index) => (index === 0 ? null : (page[0]?.slug ?? null))), pages };
}

/** A page as cards, with the path of the next page. */
export function listingPage(listing: NewsListing, page: ListingPage, ctx: UrlContext): NewsPage<CardData> {
  const basePath = newsPath(ctx, listing.category?.slug);
  return {
    items: page.items.map((article) => cardData(article, ctx)),
    nextPath: page.next === null ? null : pagePathOf(basePath, page.next),
  };
}

/** The load-more JSON of a page: its cards and the localised path of the next page. */
export function listingJson(page: NewsPage<CardData>, ctx: UrlContext): NewsPageJson {
  return { items: page.items, next: page.nextPath ? localizedPath(ctx.lang, page.nextPath) : null };
}
