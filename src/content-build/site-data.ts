import {
  CategoriesResponseSchema,
  CategoryDetailSchema,
  InitResponseSchema,
  PageListResponseSchema,
  RedirectsResponseSchema,
  type Article,
  type ArticleSummary,
  type CategoryDetail,
  type CategorySummary,
  type InitResponse,
  type Page,
  type PageListEntry,
  type RedirectHistory,
} from "../core/api/schemas/content.ts";
import { LOCALES, type Locale } from "../core/api/schemas/common.ts";
import {
  CONTENT_TYPES,
  entryKey,
  listKey,
  type ContentKind,
  type ContentOf,
  type ContentTypeDeclaration,
  type ListOf,
} from "../core/content/content-types.ts";
import { newestFirst } from "../core/content/pagination.ts";
import { memoByKey } from "../core/memo.ts";
import { sitePages, type PageRef } from "../core/content/page-refs.ts";
import { accountMenuProblems } from "../core/portal/account-menu.ts";
import { ContentError, type ContentApi } from "./content-api.ts";

/**
 * Build-time content, each call made once: the init per locale, each entry of each content type
 * (content-types.ts: pages, articles), each category with all its articles. Promises are cached (not results), so concurrent pages share
 * one request.
 */
export function createSiteData(api: ContentApi, options: SiteDataOptions = {}) {
  const cache = new Map<string, Promise<unknown>>(options.seed ?? []);
  const once = <T>(key: string, load: () => Promise<T>): Promise<T> => {
    options.onRead?.(key);
    let hit = cache.get(key) as Promise<T> | undefined;
    if (!hit) {
      hit = load();
      cache.set(key, hit);
    }
    return hit;
  };
  const enc = encodeURIComponent;

  const init = (locale: Locale): Promise<InitResponse> =>
    once(`init:${locale}`, async () => {
      const response = await api.get("/init", locale, InitResponseSchema, "the init configuration");
      // An account menu that disagrees with the screen registry stops the build, in words for the content team.
      const problems = accountMenuProblems(response.accountMenu, locale);
      if (problems.length > 0) throw new ContentError(problems.join("\n"));
      return response;
    });


  const categories = (locale: Locale): Promise<CategorySummary[]> =>
    once(
      `categories:${locale}`,
      async () =>
        (await api.get("/categories", locale, CategoriesResponseSchema, "the category list")).categories,
    );

  const category = (locale: Locale, slug: string): Promise<CategoryDetail | null> =>
    once(`category:${locale}:${slug}`, () =>
      api.get(`/categories/${enc(slug)}`, locale, CategoryDetailSchema, `category "${slug}"`, true),
    );

  const shared = sharedSummaries();
  /** What an entry of a kind keeps of the API's answer (an article shares its related summaries). */
  const kept: { [K in ContentKind]?: (found: ContentOf<K>) => ContentOf<K> } = {
    article: (found) => ({ ...found, related: found.related.map(shared) }),
  };
  /** One entry of a content type (content-types.ts) in one language; null when the API has none. */
  const entry = <K extends ContentKind>(kind: K, locale: Locale, slug: string): Promise<ContentOf<K> | null> =>
    once(entryKey(kind, locale, slug), async () => {
      const found = (await api.get(`/${CONTENT_TYPES[kind].collection}/${enc(slug)}`, locale, CONTENT_TYPES[kind].schema, `${kind} "${slug}"`, true)) as ContentOf<K> | null;
      const keep = kept[kind] as ((found: ContentOf<K>) => ContentOf<K>) | undefined;
      return found && keep ? keep(found) : found;
    });
  /** Every entry's summary of a type with pages of its own (content-types.ts `pages`), in one language. */
  const list = <K extends ContentKind>(kind: K, locale: Locale): Promise<ListOf<K>> =>
    once(listKey(kind, locale), async () => {
      const pages = (CONTENT_TYPES[kind] as ContentTypeDeclaration).pages;
      if (!pages) throw new Error(`the content type ${kind} has no list`);
      return (await api.get(`/${CONTENT_TYPES[kind].collection}`, locale, pages.list, `the ${kind} list`)) as ListOf<K>;
    });
  const page = (locale: Locale, slug: string): Promise<Page | null> => entry("page", locale, slug);
  const article = (locale: Locale, slug: string): Promise<Article | null> => entry("article", locale, slug);

  /** Every category with its articles, fetched once per category. */
  const allCategories = (locale: Locale): Promise<CategoryDetail[]> =>
    once(`all-categories:${locale}`, async () => {
      const list = await categories(locale);
      const details = await Promise.all(list.map((summary) => category(locale, summary.slug)));
      return details.filter((detail): detail is CategoryDetail => detail !== null);
    });

  /** Every article of every category, newest first, each once; sorted once per locale, not per page. */
  const articlesNewestFirst = (locale: Locale): Promise<ArticleSummary[]> =>
    once(`all-articles:${locale}`, async () => {
      const seen = new Set<string>();
      const articles = (await allCategories(locale))
        .flatMap((detail) => detail.articles)
        .filter((article) => (seen.has(article.id) ? false : (seen.add(article.id), true)));
      return newestFirst(articles);
    });

  /** A category's articles, newest first (the API promises that order; sorting keeps the site honest). */
  const categoryArticles = (locale: Locale, slug: string): Promise<ArticleSummary[]> =>
    once(`category-articles:${locale}:${slug}`, async () => sortedArticlesOf(await category(locale, slug)));

  /** Every page the content API lists in one language (`GET /pages`, an addition), menu or not. */
  const publishedPages = (locale: Locale): Promise<PageListEntry[]> =>
    once(`published-pages:${locale}`, async () => (await api.get("/pages", locale, PageListResponseSchema, "the page list")).pages);

  /** The CMS's slug history (`GET /redirects`, an addition): the site's redirects come from it. */
  const redirectHistory = (locale: Locale): Promise<RedirectHistory> =>
    once(`redirects:${locale}`, () => api.get("/redirects", locale, RedirectsResponseSchema, "the slug history"));

  /**
   * The content pages to build, the same for every language: each page listed in any language,
   * the homepage and the well-known slugs, without duplicates (`locale` names the configuration).
   */
  const pageRefs = (locale: Locale): Promise<PageRef[]> =>
    once(`page-refs:${locale}`, async () =>
      sitePages((await init(locale)).configuration, await Promise.all(LOCALES.map((each) => publishedPages(each)))),
    );

  /** Every key asked for so far with its (promised) value: what a successor may take over. */
  const entries = (): ReadonlyMap<string, Promise<unknown>> => cache;

  const derivations = new Map<string, Derivation<unknown>>();
  /**
   * A value computed from other content, read under its own name (`derived:<name>`): a page that
   * reads it depends on the value, not on everything it was computed from, so a change that leaves
   * it as it was (a new title, for the list of a site's addresses) does not touch that page.
   */
  const derived = <T>(name: string, compute: Derivation<T>): Promise<T> => {
    derivations.set(name, compute as Derivation<unknown>);
    const untracked = options.untracked ?? ((load) => load());
    return once(`derived:${name}`, () => untracked(() => compute(data)));
  };
  /** How a derived value is computed, for a successor that computes it again. */
  const derivation = (name: string): Derivation<unknown> | undefined => derivations.get(name);

  const data = {
    init,
    entry,
    list,
    page,
    categories,
    category,
    article,
    allCategories,
    articlesNewestFirst,
    categoryArticles,
    publishedPages,
    redirectHistory,
    pageRefs,
    entries,
    derived,
    derivation,
  };
  return data;
}

/** Computes a derived value from a SiteData's content. */
type Derivation<T> = (data: SiteData) => Promise<T>;

/**
 * A category's articles sorted once per category object: a successor that took the category over
 * unchanged gets the very same list, which every step after it (the list's pages, its comparison
 * with the previous content) recognises without looking at its thousands of articles.
 */
const sortedLists = new WeakMap<CategoryDetail, ArticleSummary[]>();

function sortedArticlesOf(detail: CategoryDetail | null): ArticleSummary[] {
  if (!detail) return [];
  let sorted = sortedLists.get(detail);
  if (!sorted) sortedLists.set(detail, (sorted = newestFirst(detail.articles)));
  return sorted;
}

/**
 * One object for each distinct related-article summary. Related lists show a category's newest
 * articles, so thousands of articles carry copies of the same few summaries: more than half of what
 * each article holds. A build keeps every article, so they share one copy instead (equal content,
 * the same rendering and fingerprint).
 */
const sharedSummaries = (): ((summary: ArticleSummary) => ArticleSummary) =>
  memoByKey(Number.POSITIVE_INFINITY, (summary) => JSON.stringify(summary), (summary) => summary);

type SiteDataOptions = {
  /** Values taken over from a previous SiteData (entries known to be unchanged). */
  seed?: Iterable<[string, Promise<unknown>]>;
  /** Told the key of every read, cached or not (which page read what). */
  onRead?: (key: string) => void;
  /** Runs a derived value's computation without telling `onRead` what it reads. */
  untracked?: <T>(load: () => Promise<T>) => Promise<T>;
};

export type SiteData = ReturnType<typeof createSiteData>;

/** Every article of every category, newest first, each once. */
export const allArticles = (data: SiteData, locale: Locale): Promise<ArticleSummary[]> =>
  data.articlesNewestFirst(locale);

/**
 * The newest `count` articles, read as a value of its own: a page that shows only them is left
 * alone by a change further down the archive.
 */
export const latestArticles = (data: SiteData, locale: Locale, count: number): Promise<ArticleSummary[]> =>
  data.derived(`latest:${locale}:${count}`, async (from) => (await from.articlesNewestFirst(locale)).slice(0, count));
