import { LOCALES, type Locale } from "../core/api/schemas/common.ts";
import type { EntryPlace } from "../core/api/schemas/content.ts";
import { newsPath, pagePath } from "../core/content/nav-url.ts";
import { redirectRules, rulesInEveryLanguage, type RedirectRule } from "../core/content/redirects.ts";
import type { SiteData } from "./site-data.ts";

/**
 * The site's redirects in both languages (src/core/content/redirects.ts), read as a derived value:
 * `/redirects.json` renders again only when a rule changed. What is live is asked of the content
 * the build already holds — the page list, and only the articles the slug history names — so the
 * work grows with the history, not with the archive.
 */
export const siteRedirects = (data: SiteData): Promise<RedirectRule[]> =>
  data.derived("redirect-rules", async (from) => {
    const locale: Locale = "nl-NL";
    const [history, init, pages] = await Promise.all([from.redirectHistory(locale), from.init(locale), from.pageRefs(locale)]);
    const ctx = init.configuration;
    const pathOf = (place: EntryPlace): string =>
      place.type === "article" ? newsPath(ctx, place.parentSlug ?? "", place.slug) : pagePath(ctx, place.slug, place.parentSlug);
    const live = new Set(pages.map((page) => pagePath(ctx, page.slug, page.parentSlug)));
    const named = new Set([...history.moves.flatMap((move) => [move.from, move.to]), ...history.gone.map((gone) => gone.place)].filter((place) => place.type === "article").map((place) => place.slug));
    await Promise.all(
      [...named].map(async (slug) => {
        // An article is built when either language has it (news-lists.ts), under its category there.
        for (const each of LOCALES) {
          const article = await from.article(each, slug);
          if (article) live.add(newsPath(ctx, article.categorySlug, article.slug));
        }
      }),
    );
    return rulesInEveryLanguage(redirectRules(history, pathOf, (path) => live.has(path)));
  });
