import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCALES } from "../../src/core/api/schemas/common.ts";
import { createContentApi } from "../../src/content-build/content-api.ts";
import { newsListPage, newsLists } from "../../src/content-build/news-lists.ts";
import { createSiteData, type SiteData } from "../../src/content-build/site-data.ts";
import { TEST_ADMIN_SECRET } from "../../stand-in/content-admin.ts";
import { startTestBackend, type TestBackend } from "../support/backend.ts";

/**
 * The news lists' pages on real content: the seed plus generated archive articles, so every
 * category has several pages. Followed from the first page by its 'next' links, like load-more.
 */
let backend: TestBackend;
beforeAll(async () => {
  process.env["KP_EXTRA_ARTICLES"] = "300";
  try {
    backend = await startTestBackend();
  } finally {
    delete process.env["KP_EXTRA_ARTICLES"];
  }
});
afterAll(async () => backend.close());

const freshData = (): SiteData =>
  createSiteData(createContentApi({ apiUrl: backend.api, apiKey: backend.key, preview: false }));

/** Every page of every list in every language, as `list|name|locale` -> slugs shown, plus its next page. */
async function allPages(data: SiteData): Promise<Map<string, string>> {
  const pages = new Map<string, string>();
  for (const { categorySlug, pages: names } of await newsLists(data)) {
    for (const locale of LOCALES) {
      for (const name of [null, ...names]) {
        const page = await newsListPage(data, locale, categorySlug, name);
        pages.set(
          `${categorySlug}|${name}|${locale}`,
          `${page.items.map((item) => item.slug).join(",")}>${page.next}`,
        );
      }
    }
  }
  return pages;
}

async function admin(route: string, body: unknown): Promise<void> {
  const response = await fetch(`${backend.url}/admin/content/${route}`, {
    method: "POST",
    headers: { authorization: `Bearer ${TEST_ADMIN_SECRET}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.status, route).toBeLessThan(300);
}

describe("news list pages", () => {
  it("lead from the first page through every article of the list once, newest first, in both languages", async () => {
    const data = freshData();
    for (const { categorySlug, pages } of await newsLists(data)) {
      for (const locale of LOCALES) {
        const all =
          categorySlug === null
            ? await data.articlesNewestFirst(locale)
            : await data.categoryArticles(locale, categorySlug);
        const seen: string[] = [];
        const names: string[] = [];
        let name: string | null = null;
        do {
          const page = await newsListPage(data, locale, categorySlug, name);
          if (name !== null) expect(page.items[0]?.slug, `${categorySlug} ${locale}`).toBe(name);
          if (categorySlug !== null)
            for (const item of page.items) expect(item.categorySlug).toBe(categorySlug);
          seen.push(...page.items.map((item) => item.slug));
          name = page.next;
          if (name !== null) names.push(name);
        } while (name !== null);
        expect(seen).toEqual(all.map((article) => article.slug));
        expect(names).toEqual(pages);
      }
      if (categorySlug !== null && pages.length > 0) expect(pages.length).toBeGreaterThan(3);
    }
  });

  it("change in a handful of places when an article in the middle goes, even in one language only", async () => {
    const before = await allPages(freshData());
    const middle = (await freshData().articlesNewestFirst("nl-NL"))[170];
    if (!middle) throw new Error("the archive is shorter than expected");
    await admin(`articles/${middle.slug}/unpublish`, { locale: "en-US" });
    const after = await allPages(freshData());
    const changed = [...after].filter(([key, shown]) => before.get(key) !== shown).map(([key]) => key);
    // The archive's and the category's page around the article (and at most a neighbour), in English only.
    expect(changed.length).toBeGreaterThan(0);
    expect(changed.length).toBeLessThanOrEqual(4);
    for (const key of changed) expect(key).toMatch(/\|en-US$/);
    // Both languages keep the same pages: the Dutch one still shows the article.
    expect([...after.keys()].filter((key) => !before.has(key))).toEqual([]);
    await admin(`articles/${middle.slug}/publish`, { locale: "en-US" });
    expect(await allPages(freshData())).toEqual(before);
  });
});
