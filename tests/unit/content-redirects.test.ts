import { describe, expect, it } from "vitest";
import type { EntryPlace, RedirectHistory } from "../../src/core/api/schemas/content.ts";
import { redirectRules, rulesInEveryLanguage } from "../../src/core/content/redirects.ts";

/** Articles under /nieuws/<category>/<slug>, pages at /<slug> or /<parent>/<slug>. */
const pathOf = (place: EntryPlace): string =>
  place.type === "article" ? `/nieuws/${place.parentSlug}/${place.slug}` : `/${place.parentSlug ? `${place.parentSlug}/` : ""}${place.slug}`;
const article = (slug: string): EntryPlace => ({ type: "article", slug, parentSlug: "bier" });
let clock = 0;
const at = (): string => new Date(Date.UTC(2026, 10, 27, 3, 0, clock++)).toISOString();
const move = (from: EntryPlace, to: EntryPlace) => ({ id: "e1", from, to, at: at() });
const rules = (history: RedirectHistory, live: string[]) => redirectRules(history, pathOf, (path) => live.includes(path));

describe("redirects from the slug history", () => {
  it("sends an old address to the new one", () => {
    expect(rules({ moves: [move(article("a"), article("b"))], gone: [] }, ["/nieuws/bier/b"])).toEqual([{ from: "/nieuws/bier/a", to: "/nieuws/bier/b" }]);
  });

  it("collapses a chain: A to B to C serves A to C and B to C", () => {
    const history = { moves: [move(article("a"), article("b")), move(article("b"), article("c"))], gone: [] };
    expect(rules(history, ["/nieuws/bier/c"])).toEqual([
      { from: "/nieuws/bier/a", to: "/nieuws/bier/c" },
      { from: "/nieuws/bier/b", to: "/nieuws/bier/c" },
    ]);
  });

  it("serves a slug changed back instead of looping: A to B to A leaves B to A only", () => {
    const history = { moves: [move(article("a"), article("b")), move(article("b"), article("a"))], gone: [] };
    expect(rules(history, ["/nieuws/bier/a"])).toEqual([{ from: "/nieuws/bier/b", to: "/nieuws/bier/a" }]);
  });

  it("answers gone (410) for a deleted entry, and for every old address of it", () => {
    const history = { moves: [move(article("a"), article("b"))], gone: [{ id: "e1", place: article("b"), at: at() }] };
    expect(rules(history, [])).toEqual([
      { from: "/nieuws/bier/a", to: null },
      { from: "/nieuws/bier/b", to: null },
    ]);
  });

  it("serves an address that is live again (a new entry with the old slug), and drops what leads nowhere", () => {
    const history = { moves: [move(article("a"), article("b")), move(article("b"), article("a"))], gone: [{ id: "e2", place: article("c"), at: at() }] };
    // a and b unpublished for now: no rule (404 until they are back); c was deleted but is live again.
    expect(rules(history, ["/nieuws/bier/c"])).toEqual([]);
  });

  it("follows a page's sub pages moved with it", () => {
    const page = (slug: string, parentSlug: string | null = null): EntryPlace => ({ type: "page", slug, parentSlug });
    const history = { moves: [move(page("over"), page("over-ons")), move(page("team", "over"), page("team", "over-ons"))], gone: [] };
    expect(rules(history, ["/over-ons", "/over-ons/team"])).toEqual([
      { from: "/over", to: "/over-ons" },
      { from: "/over/team", to: "/over-ons/team" },
    ]);
  });

  it("gives each rule in both languages", () => {
    expect(rulesInEveryLanguage([{ from: "/a", to: "/b" }, { from: "/c", to: null }])).toEqual([
      { from: "/a", to: "/b" },
      { from: "/c", to: null },
      { from: "/en/a", to: "/en/b" },
      { from: "/en/c", to: null },
    ]);
  });
});
