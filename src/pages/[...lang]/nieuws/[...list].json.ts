import type { APIRoute, GetStaticPaths } from "astro";
import { siteData } from "../../../content-build/build-content.ts";
import { listingJson, listingPage } from "../../../core/content/news.ts";
import { listingCacheKey, newsListing, newsLists } from "../../../content-build/news-lists.ts";
import { pagePathOf } from "../../../core/content/pagination.ts";
import { urlContextOf } from "../../../core/content/nav-url.ts";
import { LANGS, contentLocale, type Lang } from "../../../core/i18n/locale.ts";

/**
 * The load-more JSON beside every static news page from 2 on: `/nieuws/pagina/2.json`,
 * `/en/nieuws/producten/pagina/3.json`. Endpoints are not duplicated per language by
 * astro-i18n-aut, so this one lists both languages itself (`lang` is empty for Dutch).
 */
export const getStaticPaths = (async () => {
  const lists = await newsLists(siteData());
  return Promise.all(
    LANGS.flatMap((lang) =>
      lists.flatMap((list) =>
        Array.from({ length: list.pages - 1 }, async (_, index) => {
          const page = index + 2;
          const path = pagePathOf(list.categorySlug ?? "", page).replace(/^\//, "");
          return {
            params: { lang: lang === "nl" ? undefined : lang, list: path },
            props: { lang, categorySlug: list.categorySlug, page },
            cacheKey: await listingCacheKey(siteData(), list.categorySlug, page),
          };
        }),
      ),
    ),
  );
}) satisfies GetStaticPaths;

type Props = { lang: Lang; categorySlug: string | null; page: number };

export const GET: APIRoute<Props> = async ({ props }) => {
  const data = siteData();
  const locale = contentLocale(props.lang);
  const init = await data.init(locale);
  const ctx = urlContextOf(props.lang, init.configuration, import.meta.env.SITE);
  const listing = await newsListing(data, locale, props.categorySlug);
  return Response.json(listingJson(listingPage(listing, ctx, props.page), ctx));
};
