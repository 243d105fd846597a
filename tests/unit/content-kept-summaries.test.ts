import { describe, expect, it } from "vitest";
import type { ArticleSummary, CategoryDetail } from "../../src/core/api/schemas/content.ts";
import { equalJson, keptSummaries } from "../../src/content-build/kept-summaries.ts";

const summary = (id: number, title = `Artikel ${id}`): ArticleSummary => ({
  id: `a${id}`,
  slug: `artikel-${id}`,
  categorySlug: "producten",
  categoryTitle: "Producten",
  title,
  excerpt: "Kort",
  publishedAt: `2026-11-${String(10 + id).padStart(2, "0")}T08:00:00.000Z`,
  image: id % 2 ? { url: `https://cdn.example/${id}.jpg`, title: "", width: 800, height: 600 } : null,
});
const category = (articles: ArticleSummary[], title = "Producten"): CategoryDetail => ({
  id: "c1",
  slug: "producten",
  title,
  description: "Ons assortiment",
  articleCount: articles.length,
  articles,
});
/** The same content as a fresh response gives it: equal values, new objects. */
const refetched = <T>(value: T): T => structuredClone(value);

describe("a category fetched again", () => {
  it("is its previous object when nothing in it changed", () => {
    const before = category([summary(1), summary(2), summary(3)]);
    expect(keptSummaries(refetched(before), before)).toBe(before);
  });

  it("keeps every unchanged summary object and takes the changed one", () => {
    const before = category([summary(1), summary(2), summary(3)]);
    const now = refetched(before);
    now.articles[1] = summary(2, "Nieuwe titel");
    const kept = keptSummaries(now, before);
    expect(kept).not.toBe(before);
    expect(kept).toEqual(now);
    expect(kept?.articles[0]).toBe(before.articles[0]);
    expect(kept?.articles[1]).toBe(now.articles[1]);
    expect(kept?.articles[2]).toBe(before.articles[2]);
  });

  it("is new when only the order, the number of articles or the category's own fields changed", () => {
    const before = category([summary(1), summary(2)]);
    const reordered = keptSummaries(category([summary(2), summary(1)]), before);
    expect(reordered).not.toBe(before);
    expect(reordered?.articles.map((article) => article.id)).toEqual(["a2", "a1"]);
    expect(reordered?.articles[0]).toBe(before.articles[1]);
    expect(keptSummaries(category([summary(1)]), before)).toEqual(category([summary(1)]));
    const renamed = keptSummaries(category([summary(1), summary(2)], "Dranken"), before);
    expect(renamed?.title).toBe("Dranken");
    expect(renamed?.articles[0]).toBe(before.articles[0]);
  });

  it("passes a category that is gone or new through", () => {
    const before = category([summary(1)]);
    expect(keptSummaries(null, before)).toBeNull();
    const now = category([summary(1)]);
    expect(keptSummaries(now, null)).toBe(now);
  });
});

describe("equal JSON values", () => {
  it("compares nested objects, arrays and primitives by value", () => {
    expect(equalJson(summary(1), refetched(summary(1)))).toBe(true);
    expect(equalJson(summary(1), summary(1, "Anders"))).toBe(false);
    expect(equalJson({ image: null }, { image: {} })).toBe(false);
    expect(equalJson([1, 2], [1, 2, 3])).toBe(false);
    expect(equalJson({ a: 1 }, { b: 1 })).toBe(false);
    expect(equalJson({ a: [] }, { a: {} })).toBe(false);
    expect(equalJson("1", 1)).toBe(false);
  });
});
