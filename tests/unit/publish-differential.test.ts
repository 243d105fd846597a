import { describe, expect, it } from "vitest";
import { runDifferential } from "../../dev/publish-differential.ts";
import { PAGES } from "../../stand-in/seed/content/pages.ts";
import { ARTICLES } from "../../stand-in/seed/content/articles.ts";
import { structuredDataProblems } from "../quality/structured-data.ts";

/**
 * The fast publishing path against the full build on the seeded site: a seeded random run of
 * article and page edits, publishes and unpublishes in both languages, each taken through the fast
 * path; the live release must then equal a full build of the same content byte for byte (apart from
 * the worker's build id and the release record). Two full builds: minutes on a busy machine.
 */
/**
 * The most pages one change may render: a change at the head of a category (its newest articles,
 * which every article of it shows as related) renders each of its articles in both languages, plus
 * the lists, home, sitemap and offline list around them (docs/publishing.md, "What one change renders").
 */
const largestCategory = Math.max(...Map.groupBy(ARTICLES, (article) => article.category).values().map((list) => list.length));
const MOST_RENDERED = 2 * largestCategory + 24;

describe("fast publishing", () => {
  it("leaves the same site as a full build after a random run of changes", { timeout: 900_000 }, async () => {
    const result = await runDifferential({ name: "unit", seed: 29, steps: 16 });
    for (const step of result.steps) {
      console.log(`${step.label}: ${step.record.path}${step.record.fullReason ? ` (${step.record.fullReason})` : ""}, ${step.record.rendered} rendered, ${Math.round(step.ms)} ms`);
      // Every change of an article or page took the fast path and rendered a handful of pages.
      expect(step.record, step.label).toMatchObject({ result: "success", path: "fast" });
      expect(step.record.rendered ?? Infinity, step.label).toBeLessThanOrEqual(MOST_RENDERED);
    }
    // Older releases were pruned into the spare and brought up to date file by file: compared below too.
    expect(result.spare.patched).toBeGreaterThan(0);
    expect(result.files).toBeGreaterThan(200);
    expect(result.differences).toEqual([]);

    // Every page's JSON-LD parses and has what search engines require (a title edit above ends in `</script>`).
    const subPages = PAGES.flatMap((page) => (page.parentSlug ? [`${page.parentSlug}/${page.slug}.html`] : []));
    const data = await structuredDataProblems(result.fullDir, { categoryParent: "nieuws", subPages });
    expect(data.problems).toEqual([]);
    expect(data.pagesWithData).toBeGreaterThan(80);
  });
});
