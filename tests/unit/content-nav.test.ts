import { describe, expect, it } from "vitest";
import type { NavigationItem } from "../../src/core/api/schemas/content.ts";
import { navTarget, newsPath, pagePath, type UrlContext } from "../../src/core/content/nav-url.ts";

const site = "https://portal.example.nl";
const nl: UrlContext = { lang: "nl", homepageSlug: "home", categoryParentSlug: "nieuws", siteOrigin: site };
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

describe("navigation links that look internal", () => {
  it.each(["/\t/evil.example/x", "/\n/evil.example/x", "//evil.example/x", "/\\evil.example/x", " //evil.example/x", "https://evil.example/x"])(
    "a path %j that leaves the site is an external link to where the browser goes",
    (path) => {
      expect(navTarget(item({ path }), nl)).toEqual({ href: "https://evil.example/x", external: true });
      expect(navTarget(item({ contentType: "link", externalUrl: path }), nl)).toEqual({ href: "https://evil.example/x", external: true });
    },
  );

  it("keeps site paths internal, written as the path the browser reaches", () => {
    expect(navTarget(item({ path: "/nieuws/../contact" }), en)).toEqual({ href: "/en/contact", external: false });
    expect(navTarget(item({ path: `${site}/contact?x=1` }), nl)).toEqual({ href: "/contact?x=1", external: false });
    expect(navTarget(item({ contentType: "link", externalUrl: `${site}/contact` }), nl)).toEqual({ href: "/contact", external: false });
  });

  it("makes no link of a site path that cannot be written without leaving the site, nor of other schemes", () => {
    for (const path of ["/.//evil.example/x", "/%2e//evil.example", "javascript:alert(1)", "java\tscript:alert(1)", "data:text/html,x"]) {
      expect(navTarget(item({ path }), nl), path).toBeNull();
      expect(navTarget(item({ contentType: "link", externalUrl: path }), nl), path).toBeNull();
    }
  });
});
