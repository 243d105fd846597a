import { describe, expect, it } from "vitest";
import type { Article, CategoryDetail } from "../../src/core/api/schemas/content.ts";
import type { ContentApi } from "../../src/content-build/content-api.ts";
import { articleStaticPath } from "../../src/content-build/article-paths.ts";
import { digest } from "../../src/content-build/digest.ts";
import { articleRoutes } from "../../src/content-build/news-lists.ts";
import { createSiteData } from "../../src/content-build/site-data.ts";

const article = (slug: string, title: string): Article =>
  ({ id: slug, slug, title, categorySlug: "bier", categoryTitle: "Bier", excerpt: "", publishedAt: "2026-11-01T08:00:00.000Z", image: null, body: { nodeType: "document", content: [] }, related: [], updatedAt: "2026-11-01T08:00:00.000Z" }) as Article;

/** Category entries per language, as the content API answers them. */
function siteWith(categories: Record<string, CategoryDetail[]>) {
  const api = {
    get: async (path: string, locale: string) => {
      const list = categories[locale] ?? [];
      if (path === "/categories") return { categories: list.map(({ articles: _articles, ...entry }) => entry) };
      return list.find((category) => path === `/categories/${category.slug}`) ?? null;
    },
  } as unknown as ContentApi;
  return createSiteData(api);
}

const category = (slug: string, articles: string[]): CategoryDetail => ({
  id: slug,
  slug,
  title: slug,
  description: "",
  articleCount: articles.length,
  articles: articles.map((articleSlug) => ({ ...article(articleSlug, articleSlug), categorySlug: slug })),
});

describe("article routes", () => {
  it("lists every article once per category, over both languages, category by category", async () => {
    const data = siteWith({
      "nl-NL": [category("bier", ["pils", "tripel"]), category("koffie", ["espresso"])],
      "en-US": [category("bier", ["pils", "stout"]), category("thee", ["rooibos"])],
    });
    expect(await articleRoutes(data)).toEqual([
      { category: "bier", slug: "pils" },
      { category: "bier", slug: "tripel" },
      { category: "bier", slug: "stout" },
      { category: "koffie", slug: "espresso" },
      { category: "thee", slug: "rooibos" },
    ]);
  });

  it("gives a category's very routes again while its entries are the same objects", async () => {
    const bier = [category("bier", ["pils"]), category("bier", ["pils"])];
    const first = await articleRoutes(siteWith({ "nl-NL": [bier[0] as CategoryDetail], "en-US": [bier[1] as CategoryDetail] }));
    const again = await articleRoutes(siteWith({ "nl-NL": [bier[0] as CategoryDetail], "en-US": [bier[1] as CategoryDetail] }));
    expect(again[0]).toBe(first[0]);
    const changed = await articleRoutes(siteWith({ "nl-NL": [bier[0] as CategoryDetail], "en-US": [category("bier", ["pils", "stout"])] }));
    expect(changed).toHaveLength(2);
    expect(changed[0]).not.toBe(first[0]);
  });
});

describe("an article page's static path", () => {
  const route = { category: "bier", slug: "pils" };

  it("is keyed by the menus and the article in both languages", () => {
    const [nl, en] = [article("pils", "Pils"), article("pils", "Lager")];
    const path = articleStaticPath(route, "menus", [nl, en]);
    expect(path).toEqual({ params: { category: "bier", slug: "pils" }, cacheKey: digest("menus", nl, en) });
  });

  it("is the same object while its inputs are, and a new one with a new key when any of them changes", () => {
    const [nl, en] = [article("pils", "Pils"), article("pils", "Lager")];
    const path = articleStaticPath(route, "menus", [nl, en]);
    expect(articleStaticPath(route, "menus", [nl, en])).toBe(path);
    const edited = article("pils", "Pilsner");
    const after = articleStaticPath(route, "menus", [nl, edited]);
    expect(after).not.toBe(path);
    expect(after.cacheKey).not.toBe(path.cacheKey);
    expect(articleStaticPath(route, "new menus", [nl, edited]).cacheKey).not.toBe(after.cacheKey);
    expect(articleStaticPath(route, "new menus", [nl, null]).cacheKey).toBe(digest("new menus", nl, null));
  });
});
