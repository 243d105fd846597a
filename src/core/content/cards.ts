import type { ArticleSummary } from "../api/schemas/content.ts";
import { localizedPath } from "../i18n/locale.ts";
import { formatInstant } from "../format.ts";
import { isoDate } from "./dates.ts";
import { responsiveImage } from "./images.ts";
import { newsPath, type UrlContext } from "./nav-url.ts";

/** `sizes` of a card image: one column on phones, two from 768 px, three from 1280 px. */
const CARD_IMAGE_SIZES = "(min-width: 1280px) 380px, (min-width: 768px) 45vw, 100vw";

/**
 * Everything an article card shows, ready to render. The static card (ArticleCard.astro) and
 * the load-more JSON use this one shape, so a card added in the browser matches the HTML ones.
 */
export type CardData = {
  href: string;
  title: string;
  excerpt: string;
  categoryTitle: string;
  categoryHref: string;
  date: string;
  datetime: string;
  image: ReturnType<typeof responsiveImage> | null;
};

export function cardData(article: ArticleSummary, ctx: UrlContext): CardData {
  return {
    href: localizedPath(ctx.lang, newsPath(ctx, article.categorySlug, article.slug)),
    title: article.title,
    excerpt: article.excerpt,
    categoryTitle: article.categoryTitle,
    categoryHref: localizedPath(ctx.lang, newsPath(ctx, article.categorySlug)),
    date: formatInstant(article.publishedAt, ctx.lang),
    datetime: isoDate(article.publishedAt),
    image: article.image ? responsiveImage(article.image, { sizes: CARD_IMAGE_SIZES, defaultWidth: 640 }) : null,
  };
}

/** The load-more JSON of one static list page. */
export type NewsPageJson = { items: CardData[]; next: string | null };
