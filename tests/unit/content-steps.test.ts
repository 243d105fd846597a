import { describe, expect, it } from "vitest";
import type { RichTextNode } from "../../src/core/api/schemas/rich-text.ts";
import { splitSteps } from "../../src/core/content/steps.ts";
import { genericPageRefs } from "../../src/core/content/routes.ts";

const text = (value: string): RichTextNode => ({ nodeType: "text", value, marks: [] });
const h2 = (value: string): RichTextNode => ({ nodeType: "heading-2", content: [text(value)] });
const p = (value: string): RichTextNode => ({ nodeType: "paragraph", content: [text(value)] });

describe("perfect-fit steps", () => {
  it("cuts at level-2 headings, keeps an intro and a closing part after a rule", () => {
    const steps = splitSteps({ nodeType: "document", content: [p("intro"), h2("One"), p("a"), p("b"), h2("Two"), p("c"), { nodeType: "hr" }, p("end")] });
    expect(steps.intro).toEqual([p("intro")]);
    expect(steps.steps.map((step) => step.title)).toEqual([[text("One")], [text("Two")]]);
    expect(steps.steps.map((step) => step.body.length)).toEqual([2, 1]);
    expect(steps.outro).toEqual([p("end")]);
  });

  it("handles a page without content or without headings", () => {
    expect(splitSteps(null)).toEqual({ intro: [], steps: [], outro: [] });
    expect(splitSteps({ nodeType: "document", content: [p("x"), { nodeType: "hr" }] }).intro).toEqual([p("x"), { nodeType: "hr" }]);
  });
});

describe("generic page routes", () => {
  const configuration = {
    title: "T", seoDescription: "", seoKeywords: "", homepageSlug: "home", categoryParentSlug: "nieuws", productRangeUrl: "",
    wellKnownSlugs: { contact: "contact", becomeCustomer: "klant-worden", privacy: "privacy", terms: "voorwaarden", thtFaq: "vragen-tht", perfectFit: "perfect-fit" },
  };

  it("leaves out the homepage, the news section and routes of their own", () => {
    const refs = [
      { slug: "home", parentSlug: null },
      { slug: "contact", parentSlug: null },
      { slug: "klant-worden", parentSlug: null },
      { slug: "x", parentSlug: "nieuws" },
      { slug: "dashboard", parentSlug: "mijn-account" },
      { slug: "team", parentSlug: "over-ons" },
    ];
    expect(genericPageRefs(refs, configuration)).toEqual([
      { slug: "contact", parentSlug: null },
      { slug: "team", parentSlug: "over-ons" },
    ]);
  });
});
