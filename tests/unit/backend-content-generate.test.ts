import { DatabaseSync, type SQLInputValue } from "node:sqlite";
import * as v from "valibot";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CategoriesResponseSchema, CategoryDetailSchema, LatestArticlesSchema } from "../../src/core/api/schemas/content.ts";
import { addExtraArticles, archiveCount } from "../../dev/generate-content.ts";
import { articlesQuery, categoriesQuery, migrate, seed } from "../../stand-in/db/content.ts";
import { startTestBackend, type TestBackend } from "../support/backend.ts";

/** SQLite's plan for a query, one step per line. */
const planOf = (db: DatabaseSync, query: { sql: string; params: SQLInputValue[] }): string =>
  db.prepare(`EXPLAIN QUERY PLAN ${query.sql}`).all(...query.params).map((row) => String(row["detail"])).join("\n");

describe("extra archive articles", () => {
  let backend: TestBackend;
  beforeAll(async () => {
    process.env["KP_EXTRA_ARTICLES"] = "1000";
    try {
      backend = await startTestBackend();
    } finally {
      delete process.env["KP_EXTRA_ARTICLES"];
    }
  });
  afterAll(() => backend.close());

  const get = async (path: string): Promise<unknown> =>
    (await fetch(`${backend.api}${path}`, { headers: { "ocp-apim-subscription-key": backend.key } })).json();

  it("seeds KP_EXTRA_ARTICLES more articles, older than the hand-written ones", async () => {
    const { categories } = v.parse(CategoriesResponseSchema, await get("/categories"));
    expect(categories.reduce((sum, category) => sum + category.articleCount, 0)).toBe(1041);
    const latest = v.parse(LatestArticlesSchema, await get("/articles/latest?count=41"));
    expect(latest.articles.some((article) => article.slug.startsWith("archief-"))).toBe(false);
    const category = v.parse(CategoryDetailSchema, await get("/categories/producten"));
    expect(category.articles).toHaveLength(category.articleCount);
    expect(category.articles.at(-1)?.publishedAt.startsWith("2019")).toBe(true);
  });

  it("appends after the archive already there, deterministically", () => {
    const db = new DatabaseSync(":memory:");
    migrate(db);
    seed(db);
    expect(addExtraArticles(db, 20)).toBe(20);
    expect(addExtraArticles(db, 5)).toBe(25);
    expect(archiveCount(db)).toBe(25);
    const other = new DatabaseSync(":memory:");
    migrate(other);
    seed(other);
    addExtraArticles(other, 25);
    const dump = (d: DatabaseSync) => d.prepare("SELECT slug, locale, title, published_at FROM content_articles ORDER BY slug, locale").all();
    expect(dump(other)).toEqual(dump(db));
    expect(() => addExtraArticles(db, 0)).toThrow(RangeError);
  });

  it("lists a category, counts it and lists the latest articles from an index, without sorting", () => {
    const db = new DatabaseSync(":memory:");
    migrate(db);
    for (const preview of [false, true]) {
      for (const options of [{ category: "producten" }, { limit: 3 }, { category: "producten", exclude: "x", limit: 3 }]) {
        const plan = planOf(db, articlesQuery({ locale: "nl-NL", preview }, options));
        expect(plan).toMatch(options.category ? /SEARCH e USING COVERING INDEX content_articles_listed/ : /SEARCH e USING INDEX content_articles_by_date/);
        expect(plan).not.toMatch(/TEMP B-TREE|SCAN e/);
      }
      // Each category's count, from the index alone: the rows carry the articles' bodies.
      expect(planOf(db, categoriesQuery({ locale: "nl-NL", preview }, "nieuws"))).toMatch(/SEARCH e USING COVERING INDEX content_articles_listed/);
    }
  });
});
