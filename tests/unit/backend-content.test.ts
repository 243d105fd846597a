import { accountMenuProblems } from "../../src/core/portal/account-menu.ts";
import * as v from "valibot";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCALES, type Locale } from "../../src/core/api/schemas/common.ts";
import {
  ArticleSchema,
  CategoriesResponseSchema,
  CategoryDetailSchema,
  InitResponseSchema,
  LatestArticlesSchema,
  PageListResponseSchema,
  PageSchema,
} from "../../src/core/api/schemas/content.ts";
import type { RichTextNode } from "../../src/core/api/schemas/rich-text.ts";
import { startTestBackend, type TestBackend } from "../support/backend.ts";

let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.close());

async function get(path: string, query: Record<string, string> = {}): Promise<{ status: number; body: unknown }> {
  const url = new URL(`${backend.api}${path}`);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  const response = await fetch(url, { headers: { "ocp-apim-subscription-key": backend.key } });
  return { status: response.status, body: await response.json() };
}

/** GETs a content call and parses it with its contract schema (throws with the failing field). */
async function content<S extends v.GenericSchema>(schema: S, path: string, locale: Locale, preview = false) {
  const { status, body } = await get(path, { locale, preview: String(preview) });
  expect(status, `${path} ${locale}`).toBe(200);
  return v.parse(schema, body);
}

const walk = (nodes: RichTextNode[]): RichTextNode[] =>
  nodes.flatMap((node) => [node, ...("content" in node ? walk(node.content) : [])]);

describe.each(LOCALES)("content calls in %s", (locale) => {
  it("init has the configuration, every menu and absolute image URLs", async () => {
    const init = await content(InitResponseSchema, "/init", locale);
    expect(init.configuration.homepageSlug).toBe("home");
    expect(init.configuration.categoryParentSlug).toBe("nieuws");
    expect(init.configuration.wellKnownSlugs).toEqual({
      contact: "contact",
      becomeCustomer: "klant-worden",
      privacy: "privacy",
      terms: "voorwaarden",
      thtFaq: "vragen-tht",
      perfectFit: "perfect-fit",
    });
    expect(init.configuration.productRangeUrl).toMatch(/^https:\/\//);
    expect(init.footerMenu.length).toBeGreaterThanOrEqual(5);
    expect(init.socialMenu).toHaveLength(4);
    expect(init.socialMenu.every((item) => item.icon?.url.startsWith(backend.url))).toBe(true);
    expect(init.usbBarReferences).toHaveLength(4);
    expect(init.seoImage.url.startsWith(`${backend.url}/images/`)).toBe(true);
    const columns = init.mainMenu.flatMap((item) => item.subMenu).flat();
    expect(columns.some((item) => item.menuHeading)).toBe(true);
    expect(new Set(columns.map((item) => item.contentType))).toEqual(new Set(["page", "subPage", "category", "article", "link"]));
    // Every item naming a portal screen asks for that screen's permissions (the build stops otherwise); one link of the CMS's own.
    expect(accountMenuProblems(init.accountMenu, locale)).toEqual([]);
    expect(init.accountMenu.map((item) => item.path)).toEqual([
      "/mijn-account/dashboard",
      "/mijn-account/facturen",
      "/mijn-account/documenten",
      "/mijn-account/leveringen",
      "/mijn-account/emballage",
      "/mijn-account/service",
      "/mijn-account/bonus-overzicht",
      "/mijn-account/swo",
      "/mijn-account/gebruikers",
      "/mijn-account/activiteit",
      "/mijn-account/account",
      "/mijn-account/profiel",
      "/mijn-account/meldingen",
      "/tht",
      null,
    ]);
  });

  it("serves every well-known page, sub pages with their parent, and the empty page", async () => {
    for (const slug of ["home", "contact", "klant-worden", "privacy", "voorwaarden", "vragen-tht", "perfect-fit", "assortiment", "over-ons"]) {
      const page = await content(PageSchema, `/pages/${slug}`, locale);
      expect(page.slug).toBe(slug);
      expect(page.body?.content.length).toBeGreaterThan(0);
    }
    const sub = await content(PageSchema, "/pages/geschiedenis", locale);
    expect(sub.parentSlug).toBe("over-ons");
    const empty = await content(PageSchema, "/pages/vacatures", locale);
    expect(empty.body).toBeNull();
  });

  it("lists every page with its parent, menu or not (addition)", async () => {
    const { pages } = await content(PageListResponseSchema, "/pages", locale);
    expect(pages).toHaveLength(12);
    expect(pages).toContainEqual(expect.objectContaining({ slug: "geschiedenis", parentSlug: "over-ons" }));
    expect(pages).toContainEqual(expect.objectContaining({ slug: "vacatures", parentSlug: null }));
  });

  it("lists the news categories with counts, including an empty one", async () => {
    const { categories } = await content(CategoriesResponseSchema, "/categories", locale);
    expect(categories.map((category) => category.slug)).toEqual([
      "nieuws-algemeen",
      "producten",
      "horeca-tips",
      "duurzaamheid",
      "evenementen",
    ]);
    expect(categories.find((category) => category.slug === "evenementen")?.articleCount).toBe(0);
    expect(categories.reduce((sum, category) => sum + category.articleCount, 0)).toBeGreaterThanOrEqual(40);
  });

  it("gives a category with its articles newest first", async () => {
    const category = await content(CategoryDetailSchema, "/categories/duurzaamheid", locale);
    expect(category.articles).toHaveLength(category.articleCount);
    const dates = category.articles.map((article) => article.publishedAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(category.articles.every((article) => article.categorySlug === "duurzaamheid")).toBe(true);
    const empty = await content(CategoryDetailSchema, "/categories/evenementen", locale);
    expect(empty.articles).toEqual([]);
  });

  it("gives the latest articles across categories", async () => {
    const { articles } = await content(LatestArticlesSchema, "/articles/latest?count=5", locale);
    expect(articles).toHaveLength(5);
    const all = await content(LatestArticlesSchema, "/articles/latest?count=50", locale);
    expect(all.articles.slice(0, 5)).toEqual(articles);
    const dates = all.articles.map((article) => article.publishedAt);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it("gives an article with three related articles of its category", async () => {
    const article = await content(ArticleSchema, "/articles/statiegeld-op-blik", locale);
    expect(article.categorySlug).toBe("duurzaamheid");
    expect(article.related).toHaveLength(3);
    expect(article.related.every((other) => other.categorySlug === "duurzaamheid" && other.slug !== article.slug)).toBe(true);
  });
});

describe("seeded content", () => {
  it("has the same slugs and ids in both languages, with different text", async () => {
    const nl = await content(ArticleSchema, "/articles/elektrische-vloot", "nl-NL");
    const en = await content(ArticleSchema, "/articles/elektrische-vloot", "en-US");
    expect(en.id).toBe(nl.id);
    expect(en.title).not.toBe(nl.title);
  });

  it("uses every rich-text node type and link scheme across the articles", async () => {
    const { articles } = await content(LatestArticlesSchema, "/articles/latest?count=50", "nl-NL");
    const nodes: RichTextNode[] = [];
    for (const summary of articles) nodes.push(...walk((await content(ArticleSchema, `/articles/${summary.slug}`, "nl-NL")).body.content));
    expect(new Set(nodes.map((node) => node.nodeType))).toEqual(
      new Set([
        "text", "hyperlink", "paragraph", "heading-2", "heading-3", "heading-4", "unordered-list",
        "ordered-list", "list-item", "blockquote", "hr", "embedded-asset-block", "embedded-entry-block",
      ]),
    );
    const schemes = new Set(nodes.flatMap((node) => (node.nodeType === "hyperlink" ? [node.data.uri.split(":")[0]] : [])));
    expect([...schemes]).toEqual(expect.arrayContaining(["https", "mailto", "tel", "javascript", "data"]));
    const years = new Set(articles.map((article) => article.publishedAt.slice(0, 4)));
    expect(years).toEqual(new Set(["2025", "2026"]));
  });

  it("carries the hostile safety-test article as plain data", async () => {
    const article = await content(ArticleSchema, "/articles/veiligheidstest", "nl-NL");
    const nodes = walk(article.body.content);
    const texts = nodes.flatMap((node) => (node.nodeType === "text" ? [node.value] : []));
    expect(texts).toContain("<script>alert(1)</script>");
    expect(texts).toContain("<img src=x onerror=alert(1)>");
    const uris = nodes.flatMap((node) => (node.nodeType === "hyperlink" ? [node.data.uri] : []));
    expect(uris).toContain("javascript:alert(1)");
    expect(uris.some((uri) => uri.startsWith("data:"))).toBe(true);
  });
});

describe("preview", () => {
  it("shows the seeded unpublished article that the live calls do not", async () => {
    expect((await get("/articles/huiswijnen-2027")).status).toBe(404);
    const draft = await content(ArticleSchema, "/articles/huiswijnen-2027", "en-US", true);
    expect(draft.title).toBe("Draft: the house wines of 2027");
    const live = await content(CategoryDetailSchema, "/categories/producten", "nl-NL");
    const preview = await content(CategoryDetailSchema, "/categories/producten", "nl-NL", true);
    expect(preview.articles.map((article) => article.slug)).toEqual(["huiswijnen-2027", ...live.articles.map((article) => article.slug)]);
    expect(preview.articleCount).toBe(live.articleCount + 1);
    const latest = await content(LatestArticlesSchema, "/articles/latest?count=1", "nl-NL", true);
    expect(latest.articles[0]?.slug).toBe("huiswijnen-2027");
  });

  it("shows the seeded draft edit in place of the published version", async () => {
    const live = await content(ArticleSchema, "/articles/app-bestellen", "nl-NL");
    const preview = await content(ArticleSchema, "/articles/app-bestellen", "nl-NL", true);
    expect(live.title).toBe("Bestellen kan nu ook via de app");
    expect(preview.title).toBe("Bestellen via de app, nu ook met uw vaste bestellijst");
    expect(preview.id).toBe(live.id);
    const category = await content(CategoryDetailSchema, "/categories/nieuws-algemeen", "nl-NL", true);
    expect(category.articles.filter((article) => article.slug === "app-bestellen").map((article) => article.title)).toEqual([preview.title]);
  });
});

describe("content errors", () => {
  it("answers 404 for unknown slugs", async () => {
    for (const path of ["/pages/bestaat-niet", "/articles/bestaat-niet", "/categories/bestaat-niet"]) {
      const { status, body } = await get(path);
      expect(status, path).toBe(404);
      expect(body).toEqual({ statusCode: 404 });
    }
  });

  it("defaults to Dutch and refuses an unknown locale, preview value or count", async () => {
    const dutch = await get("/pages/contact");
    expect((dutch.body as { title: string }).title).toBe("Contact");
    expect((await get("/init", { locale: "de-DE" })).body).toEqual({ statusCode: 400, errors: [{ field: "locale", code: "invalid" }] });
    expect((await get("/init", { preview: "yes" })).status).toBe(400);
    expect((await get("/articles/latest", { count: "0" })).body).toEqual({ statusCode: 400, errors: [{ field: "count", code: "invalid" }] });
    expect((await get("/articles/latest", { count: "51" })).status).toBe(400);
  });

  it("needs the subscription key", async () => {
    const response = await fetch(`${backend.api}/articles/latest`);
    expect(response.status).toBe(401);
  });
});
