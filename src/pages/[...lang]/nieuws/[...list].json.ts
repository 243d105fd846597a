import type { APIRoute, GetStaticPaths } from "astro";
import { siteData } from "../../../content-build/build-content.ts";
import { listingJson, listingPage } from "../../../core/content/news.ts";
import { listingCacheKey, newsListing, newsListPage, newsLists } from "../../../content-build/news-lists.ts";
import { pagePathOf } from "../../../core/content/pagination.ts";
import { urlContextOf } from "../../../core/content/nav-url.ts";
import { LANGS, contentLocale, type Lang } from "../../../core/i18n/locale.ts";

/**
 * The load-more JSON beside every further news page: `/nieuws/pagina/<slug>.json`,
 * `/en/nieuws/producten/pagina/<slug>.json`. Endpoints are not duplicated per language by
 * astro-i18n-aut, so this one lists both languages itself (`lang` is empty for Dutch).
 */
export const getStaticPaths = (async () => {
  const lists = await newsLists(siteData());
  return Promise.all(
    LANGS.flatMap((lang) =>
      lists.flatMap((list) =>
        list.pages.map(async (page) => ({
          params: {
            lang: lang === "nl" ? undefined : lang,
            list: pagePathOf(list.categorySlug ?? "", page).replace(/^\//, ""),
          },
          props: { lang, categorySlug: list.categorySlug, page },
          cacheKey: await listingCacheKey(siteData(), list.categorySlug, page),
        })),
      ),
    ),
  );
}) satisfies GetStaticPaths;

type Props = { lang: Lang; categorySlug: string | null; page: string };

export const GET: APIRoute<Props> = async ({ props }) => {
  const data = siteData();
  const locale = contentLocale(props.lang);
  const init = await data.init(locale);
  const ctx = urlContextOf(props.lang, init.configuration, import.meta.env.SITE);
  const listing = await newsListing(data, locale, props.categorySlug);
  const page = await newsListPage(data, locale, props.categorySlug, props.page);
  return Response.json(listingJson(listingPage(listing, page, ctx), ctx));
};
