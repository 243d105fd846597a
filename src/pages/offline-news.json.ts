import type { APIRoute } from "astro";
import { siteData } from "../content-build/build-content.ts";
import { cardData } from "../core/content/cards.ts";
import { newsPath, urlContextOf } from "../core/content/nav-url.ts";
import { allArticles } from "../content-build/site-data.ts";
import { LANGS, contentLocale, localizedPath, type Lang } from "../core/i18n/locale.ts";
import { LIMITS } from "../core/offline/cache-names.ts";
import type { WarmLanguage, WarmList } from "../core/offline/warm-list.ts";

/**
 * `/offline-news.json`: what the service worker caches in the background after a first visit, per
 * language — the archive, every category and the newest articles with their card images
 * (src/core/offline/warm-list.ts reads it). One file for both languages: endpoints are not
 * duplicated by astro-i18n-aut.
 */
async function warmLanguage(lang: Lang): Promise<WarmLanguage> {
  const data = siteData();
  const locale = contentLocale(lang);
  const ctx = urlContextOf(lang, (await data.init(locale)).configuration, import.meta.env.SITE);
  const categories = await data.categories(locale);
  const articles = (await allArticles(data, locale)).slice(0, LIMITS.warmArticles);
  return {
    lists: [newsPath(ctx), ...categories.map((category) => newsPath(ctx, category.slug))].map((path) =>
      localizedPath(lang, path),
    ),
    articles: articles.map((article) => {
      const card = cardData(article, ctx);
      return { href: card.href, title: card.title, image: card.image?.src ?? null };
    }),
  };
}

export const GET: APIRoute = async () => {
  const [nl, en] = await Promise.all(LANGS.map(warmLanguage));
  // A new value per build: the worker caches a language's news again once per build.
  const list: WarmList = { build: new Date().toISOString(), nl: nl as WarmLanguage, en: en as WarmLanguage };
  return Response.json(list);
};
