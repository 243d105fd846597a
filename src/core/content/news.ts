import type { ArticleSummary, CategorySummary } from "../api/schemas/content.ts";
import { cardData, type CardData, type NewsPageJson } from "./cards.ts";
import { localizedPath } from "../i18n/locale.ts";
import { newsPath, type UrlContext } from "./nav-url.ts";
import { NEWS_PAGE_SIZE, pageOf, type NewsPage } from "./pagination.ts";

/** One news list (the archive, or one category) in one language. */
export type NewsListing = {
  categories: CategorySummary[];
  /** null for the archive. */
  category: CategorySummary | null;
  articles: ArticleSummary[];
};

/** Page `page` (1-based) of a listing as cards; past the end it is an empty last page. */
export function listingPage(listing: NewsListing, ctx: UrlContext, page: number): NewsPage<CardData> {
  const found = pageOf(listing.articles, newsPath(ctx, listing.category?.slug), page);
  return { ...found, items: found.items.map((article) => cardData(article, ctx)) };
}

/** The load-more JSON of a page: its cards and the localised path of the next page. */
export function listingJson(page: NewsPage<CardData>, ctx: UrlContext): NewsPageJson {
  return { items: page.items, next: page.nextPath ? localizedPath(ctx.lang, page.nextPath) : null };
}

/** Number of static pages a list needs: the most any language needs, so both have the same routes. */
export const pageCount = (articleCounts: number[]): number =>
  Math.max(1, ...articleCounts.map((count) => Math.ceil(count / NEWS_PAGE_SIZE)));
