import { describe, expect, it } from "vitest";
import type { Locale } from "../../src/core/api/schemas/common.ts";
import type { ArticleSummary } from "../../src/core/api/schemas/content.ts";
import type { ContentApi } from "../../src/content-build/content-api.ts";
import { createSiteData, type SiteData } from "../../src/content-build/site-data.ts";
import { recordRead, trackReads, untracked } from "../../src/content-build/warm-reads.ts";
import { nextContent } from "../../src/content-build/warm-step.ts";

/**
 * The warm publishing step to the next content: which lists it fetches again, and that the
 * content it arrives at is the content a fresh build would load.
 */

type StoredArticle = { slug: string; category: string; title: string; day: number };

/** A content API over articles kept in memory (the same in both languages), recording each request. */
function memoryApi(articles: StoredArticle[], descriptions: Record<string, string> = {}) {
  const requests: string[] = [];
  const summary = (article: StoredArticle, locale: Locale): ArticleSummary => ({
    id: `cms-${article.slug}`,
    slug: article.slug,
    categorySlug: article.category,
    categoryTitle: article.category,
    title: `${article.title} (${locale})`,
    excerpt: "",
    publishedAt: `2026-11-${String(article.day).padStart(2, "0")}T08:00:00.000Z`,
    image: null,
  });
  const categories = (): string[] => [...new Set(articles.map((article) => article.category)), "leeg"].sort();
  const entry = (slug: string) => ({
    id: `cms-${slug}`,
    slug,
    title: slug,
    description: descriptions[slug] ?? "",
    articleCount: articles.filter((article) => article.category === slug).length,
  });
  const answer = (path: string, locale: Locale): unknown => {
    if (path === "/init") return { configuration: { name: "init" }, accountMenu: [] };
    if (path === "/categories") return { categories: categories().map(entry) };
    const category = /^\/categories\/(.+)$/.exec(path)?.[1];
    if (category !== undefined) {
      const inIt = articles.filter((article) => article.category === category).map((article) => summary(article, locale));
      return { ...entry(category), articles: inIt.reverse() };
    }
    const slug = /^\/articles\/(.+)$/.exec(path)?.[1];
    const article = articles.find((candidate) => candidate.slug === slug);
    return article ? { ...summary(article, locale), body: [], related: [], updatedAt: "2026-11-26T08:00:00.000Z" } : null;
  };
  const api = {
    get: async (path: string, locale: Locale) => {
      requests.push(`${path} ${locale}`);
      return answer(path, locale);
    },
  } as unknown as ContentApi;
  return { api, requests };
}

const ARTICLES: StoredArticle[] = [
  { slug: "pils", category: "bier", title: "Pils", day: 1 },
  { slug: "tripel", category: "bier", title: "Tripel", day: 2 },
  { slug: "espresso", category: "koffie", title: "Espresso", day: 3 },
  { slug: "filter", category: "koffie", title: "Filter", day: 4 },
  { slug: "rooibos", category: "thee", title: "Rooibos", day: 5 },
];

/** A SiteData that loaded every list and article, as a build leaves it. */
async function loaded(api: ContentApi): Promise<SiteData> {
  const data = createSiteData(api);
  for (const locale of ["nl-NL", "en-US"] as const) {
    await data.init(locale);
    for (const article of await data.articlesNewestFirst(locale)) await data.article(locale, article.slug);
  }
  return data;
}

/** What every list page shows, in both languages. */
async function lists(data: SiteData): Promise<unknown> {
  const shown: Record<string, unknown> = {};
  for (const locale of ["nl-NL", "en-US"] as const) {
    shown[`${locale} all`] = await data.articlesNewestFirst(locale);
    for (const category of await data.allCategories(locale)) shown[`${locale} ${category.slug}`] = category;
  }
  return shown;
}

async function step(articles: StoredArticle[], change: (articles: StoredArticle[]) => void, id: string, descriptions: Record<string, string> = {}) {
  const memory = memoryApi(articles, descriptions);
  const old = await loaded(memory.api);
  change(articles);
  memory.requests.length = 0;
  const { next, step } = await nextContent(old, (seed) => createSiteData(memory.api, { seed }), [{ id }]);
  return { next, step, requests: memory.requests, fresh: await lists(createSiteData(memoryApi(articles, descriptions).api)) };
}

const categoryRequests = (requests: string[]): string[] =>
  requests.filter((request) => request.startsWith("/categories/")).sort();

describe("the step to the next content", () => {
  it("fetches again only the list of the edited article's category", async () => {
    const articles = structuredClone(ARTICLES);
    const { next, step: found, requests, fresh } = await step(articles, (all) => void ((all[1] as StoredArticle).title = "Nieuwe tripel"), "article:tripel");
    expect(found.wide).toBeNull();
    expect(categoryRequests(requests)).toEqual(["/categories/bier en-US", "/categories/bier nl-NL"]);
    expect(await lists(next)).toEqual(fresh);
  });

  it("keeps the very list of a category it took over, so nothing downstream looks at its articles again", async () => {
    const memory = memoryApi(structuredClone(ARTICLES));
    const old = await loaded(memory.api);
    const before = await old.categoryArticles("nl-NL", "koffie");
    const { next } = await nextContent(old, (seed) => createSiteData(memory.api, { seed }), [{ id: "article:tripel" }]);
    expect(await next.categoryArticles("nl-NL", "koffie")).toBe(before);
    // Fetched again and found equal: the previous list, too.
    expect(await next.categoryArticles("nl-NL", "bier")).toBe(await old.categoryArticles("nl-NL", "bier"));
  });

  it("keeps the unchanged summaries of a list it fetched again, and only those", async () => {
    const articles = structuredClone(ARTICLES);
    const memory = memoryApi(articles);
    const old = await loaded(memory.api);
    (articles[1] as StoredArticle).title = "Nieuwe tripel";
    const { next, step: found } = await nextContent(old, (seed) => createSiteData(memory.api, { seed }), [{ id: "article:tripel" }]);
    const [pils, tripel] = ["pils", "tripel"].map(async (slug) => {
      const [before, after] = await Promise.all([old, next].map(async (data) => (await data.articlesNewestFirst("nl-NL")).find((summary) => summary.slug === slug)));
      return { before, after };
    });
    expect((await pils)?.after).toBe((await pils)?.before);
    expect((await tripel)?.after).not.toBe((await tripel)?.before);
    expect((await tripel)?.after?.title).toBe("Nieuwe tripel (nl-NL)");
    if (found.wide !== null) throw new Error(found.wide);
    expect([...found.changedKeys].filter((key) => key.startsWith("category:")).sort()).toEqual(["category:en-US:bier", "category:nl-NL:bier"]);
  });

  it("fetches both lists of an article that moved to another category", async () => {
    const articles = structuredClone(ARTICLES);
    const { next, requests, fresh } = await step(articles, (all) => void ((all[0] as StoredArticle).category = "thee"), "article:pils");
    expect(categoryRequests(requests)).toEqual(["/categories/bier en-US", "/categories/bier nl-NL", "/categories/thee en-US", "/categories/thee nl-NL"]);
    expect(await lists(next)).toEqual(fresh);
  });

  it("fetches the list of an unpublished article's category, which no longer shows it", async () => {
    const articles = structuredClone(ARTICLES);
    const { next, requests, fresh } = await step(articles, (all) => void all.splice(2, 1), "article:espresso");
    expect(categoryRequests(requests)).toEqual(["/categories/koffie en-US", "/categories/koffie nl-NL"]);
    expect(await lists(next)).toEqual(fresh);
    expect(JSON.stringify(await next.articlesNewestFirst("nl-NL"))).not.toContain("espresso");
  });

  it("fetches a list again when its category's own entry changed, even for a page edit", async () => {
    const articles = structuredClone(ARTICLES);
    const descriptions: Record<string, string> = {};
    const { next, requests, fresh } = await step(articles, () => void (descriptions["koffie"] = "Vers gebrand"), "page:over-ons", descriptions);
    expect(categoryRequests(requests)).toEqual(["/categories/koffie en-US", "/categories/koffie nl-NL"]);
    expect(await lists(next)).toEqual(fresh);
  });

  it("fetches every list for an entry id the old lists do not know, and says so when no list has it", async () => {
    const articles = structuredClone(ARTICLES);
    const unknown = await step(articles, () => undefined, "cms-onbekend");
    expect(unknown.step).toEqual({ wide: "entry cms-onbekend is not an article or page the site knows" });
    expect(categoryRequests(unknown.requests)).toHaveLength(8);

    const created = await step(
      structuredClone(ARTICLES),
      (all) => void all.push({ slug: "cold-brew", category: "koffie", title: "Cold brew", day: 9 }),
      "cms-cold-brew",
    );
    expect(created.step.wide).toBeNull();
    expect(created.step.wide === null && created.step.refetched).toContain("cold-brew");
    expect(await lists(created.next)).toEqual(created.fresh);
  });

  it("counts a derived value as changed only when the value itself changed", async () => {
    const addresses = async (data: SiteData): Promise<string[]> => (await data.articlesNewestFirst("nl-NL")).map((article) => article.slug);
    const derivedStep = async (change: (articles: StoredArticle[]) => void, id: string) => {
      const articles = structuredClone(ARTICLES);
      const memory = memoryApi(articles);
      const old = await loaded(memory.api);
      await old.derived("addresses", addresses);
      change(articles);
      const { step: found } = await nextContent(old, (seed) => createSiteData(memory.api, { seed }), [{ id }]);
      return found.wide === null ? found.changedKeys : null;
    };
    const retitled = await derivedStep((all) => void ((all[1] as StoredArticle).title = "Nieuwe tripel"), "article:tripel");
    expect(retitled).toContain("all-articles:nl-NL");
    expect(retitled).not.toContain("derived:addresses");
    expect(await derivedStep((all) => void all.splice(2, 1), "article:espresso")).toContain("derived:addresses");
  });

  it("records a page's read of a derived value, not what the value was computed from", async () => {
    const data = createSiteData(memoryApi(structuredClone(ARTICLES)).api, { onRead: recordRead, untracked });
    const addresses = async (from: SiteData): Promise<string[]> => (await from.articlesNewestFirst("nl-NL")).map((article) => article.slug);
    const { result, reads } = await trackReads(() => data.derived("addresses", addresses));
    expect(result).toEqual(["rooibos", "filter", "espresso", "tripel", "pils"]);
    expect(reads).toEqual(["derived:addresses"]);
    // Read directly, the list is recorded as usual.
    expect((await trackReads(() => data.articlesNewestFirst("nl-NL"))).reads).toEqual(["all-articles:nl-NL"]);
  });
});

describe("the page list in the step to the next content", () => {
  /** A content API with only pages: the list (`GET /pages`) and each page. */
  function pagesApi(pages: { slug: string; title: string }[]) {
    const api = {
      get: async (path: string) => {
        if (path === "/init") return { configuration: { homepageSlug: "home", wellKnownSlugs: {} }, accountMenu: [] };
        if (path === "/categories") return { categories: [] };
        if (path === "/pages") return { pages: pages.map((page) => ({ id: page.slug, slug: page.slug, parentSlug: null })) };
        const page = pages.find((candidate) => path === `/pages/${candidate.slug}`);
        return page ? { ...page, parentSlug: null } : null;
      },
    } as unknown as ContentApi;
    return api;
  }

  it("sees a page no menu names go, and leaves the list of pages alone for a text edit", async () => {
    const pages = [{ slug: "actie", title: "Actie" }, { slug: "home", title: "Home" }];
    const api = pagesApi(pages);
    const old = createSiteData(api);
    await old.pageRefs("nl-NL");
    for (const page of pages) await old.page("nl-NL", page.slug);

    (pages[1] as { title: string }).title = "Welkom";
    const edited = await nextContent(old, (seed) => createSiteData(api, { seed }), [{ id: "page:home" }]);
    if (edited.step.wide !== null) throw new Error(edited.step.wide);
    expect([...edited.step.changedKeys].sort()).toEqual(["page:nl-NL:home"]);

    pages.shift();
    const gone = await nextContent(edited.next, (seed) => createSiteData(api, { seed }), [{ id: "page:actie" }]);
    if (gone.step.wide !== null) throw new Error(gone.step.wide);
    expect([...gone.step.changedKeys].sort()).toEqual(["page-refs:nl-NL", "page:nl-NL:actie", "published-pages:en-US", "published-pages:nl-NL"]);
    expect(await gone.next.pageRefs("nl-NL")).toEqual([{ slug: "home", parentSlug: null }]);
  });
});
