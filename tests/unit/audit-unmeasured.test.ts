import { describe, expect, it } from "vitest";
import { unmeasuredReason } from "../../dev/lib/unmeasured.ts";

const measured = { categories: { performance: { score: 0.97 } }, audits: { "largest-contentful-paint": { scoreDisplayMode: "numeric" } } };

describe("the audit's reason for a page without a performance score", () => {
  it("says nothing of a measured page, however low its score", () => {
    expect(unmeasuredReason(measured)).toBeUndefined();
    expect(unmeasuredReason({ ...measured, categories: { performance: { score: 0 } } })).toBeUndefined();
  });

  it("names the metric Lighthouse could not take, or the run's own failure", () => {
    const noLcp = {
      categories: { performance: { score: null } },
      audits: {
        "first-contentful-paint": { scoreDisplayMode: "numeric" },
        "largest-contentful-paint": { scoreDisplayMode: "error", errorMessage: "The page did not display content that qualifies as a Largest Contentful Paint (LCP). (NO_LCP)" },
      },
    };
    expect(unmeasuredReason(noLcp)).toMatch(/NO_LCP/);
    expect(unmeasuredReason({ ...noLcp, runtimeError: { code: "PAGE_HUNG", message: "The page stopped responding." } })).toBe("The page stopped responding.");
    expect(unmeasuredReason({ categories: { performance: { score: null } }, audits: {} })).toBe("no performance score");
  });
});
