import { describe, expect, it } from "vitest";
import type { NavigationItem } from "../../src/core/api/schemas/content.ts";
import { navTarget, newsPath, pagePath, safeHref, type UrlContext } from "../../src/core/content/nav-url.ts";

const nl: UrlContext = { lang: "nl", homepageSlug: "home", categoryParentSlug: "nieuws" };
const en: UrlContext = { ...nl, lang: "en" };

const item = (fields: Partial<NavigationItem>): NavigationItem => ({
  id: "x",
  title: "X",
  slug: null,
  parentSlug: null,
  path: null,
  externalUrl: null,
  menuHeading: false,
  icon: null,
  contentType: "page",
  visibleTo: [],
  userPermissions: [],
  subMenu: [],
  ...fields,
});

describe("navigation item URLs", () => {
  it("uses the path first, localised", () => {
    const withPath = item({ path: "/mijn-account/dashboard", slug: "ignored" });
    expect(navTarget(withPath, nl)).toEqual({ href: "/mijn-account/dashboard", external: false });
    expect(navTarget(withPath, en)).toEqual({ href: "/en/mijn-account/dashboard", external: false });
  });

  it("builds page, sub page, category and article URLs from contentType and slug", () => {
    expect(navTarget(item({ contentType: "page", slug: "contact" }), nl)?.href).toBe("/contact");
    expect(navTarget(item({ contentType: "page", slug: "home" }), en)?.href).toBe("/en");
    expect(navTarget(item({ contentType: "subPage", slug: "team", parentSlug: "over-ons" }), nl)?.href).toBe("/over-ons/team");
    expect(navTarget(item({ contentType: "category", slug: "producten" }), en)?.href).toBe("/en/nieuws/producten");
    expect(navTarget(item({ contentType: "article", slug: "blik", parentSlug: "duurzaamheid" }), nl)?.href).toBe(
      "/nieuws/duurzaamheid/blik",
    );
  });

  it("falls back to the external URL, which opens elsewhere", () => {
    const link = item({ contentType: "link", externalUrl: "https://example.com/shop" });
    expect(navTarget(link, nl)).toEqual({ href: "https://example.com/shop", external: true });
  });

  it("points nowhere for headings, incomplete items and unsafe schemes", () => {
    expect(navTarget(item({ contentType: "link", menuHeading: true }), nl)).toBeNull();
    expect(navTarget(item({ contentType: "subPage", slug: "orphan" }), nl)).toBeNull();
    expect(navTarget(item({ contentType: "link", externalUrl: "javascript:alert(1)" }), nl)).toBeNull();
  });

  it("builds page and news paths", () => {
    expect(pagePath(nl, "home")).toBe("/");
    expect(pagePath(nl, "team", "over-ons")).toBe("/over-ons/team");
    expect(newsPath(nl)).toBe("/nieuws");
    expect(newsPath(nl, "a", "b")).toBe("/nieuws/a/b");
  });
});

describe("safeHref", () => {
  it("allows http, https, mailto, tel and site paths", () => {
    expect(safeHref("https://example.com/a?b=1")).toBe("https://example.com/a?b=1");
    expect(safeHref("mailto:info@example.com")).toBe("mailto:info@example.com");
    expect(safeHref("tel:+31201234567")).toBe("tel:+31201234567");
    expect(safeHref("/nieuws")).toBe("/nieuws");
  });

  it.each([
    "javascript:alert(1)",
    " JavaScript:alert(1)",
    "java\tscript:alert(1)",
    "java\nscript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "//evil.example/path",
    "/\\evil.example",
    "not a url",
  ])("drops %j", (uri) => {
    expect(safeHref(uri)).toBeNull();
  });
});
