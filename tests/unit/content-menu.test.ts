import { describe, expect, it } from "vitest";
import type { NavigationItem } from "../../src/core/api/schemas/content.ts";
import { filterMenu, isInSection, isVisibleTo, sameForEveryone, splitFooter, visibilityOf } from "../../src/core/content/menu.ts";

const item = (id: string, visibleTo: NavigationItem["visibleTo"] = [], subMenu: NavigationItem[][] = []): NavigationItem => ({
  id,
  title: id,
  slug: id,
  parentSlug: null,
  path: null,
  externalUrl: null,
  menuHeading: false,
  icon: null,
  contentType: "page",
  visibleTo,
  userPermissions: [],
  subMenu,
});

describe("visibleTo", () => {
  it("shows items with an empty list to everyone", () => {
    expect(isVisibleTo(item("a"), "anonymous")).toBe(true);
    expect(isVisibleTo(item("a"), "authenticated")).toBe(true);
    expect(visibilityOf(item("a"))).toBe("all");
  });

  it("shows audience items to that audience only", () => {
    const anon = item("anon", ["AnonymousUser"]);
    const auth = item("auth", ["AuthenticatedUser"]);
    expect(isVisibleTo(anon, "authenticated")).toBe(false);
    expect(isVisibleTo(auth, "anonymous")).toBe(false);
    expect(visibilityOf(anon)).toBe("anonymous");
    expect(visibilityOf(auth)).toBe("authenticated");
    expect(visibilityOf(item("both", ["AnonymousUser", "AuthenticatedUser"]))).toBe("all");
  });

  it("filters sub menus and drops columns left empty", () => {
    const menu = [
      item("top", [], [[item("x", ["AuthenticatedUser"])], [item("y"), item("z", ["AnonymousUser"])]]),
      item("signed-in", ["AuthenticatedUser"]),
    ];
    const anonymous = filterMenu(menu, "anonymous");
    expect(anonymous.map((entry) => entry.id)).toEqual(["top"]);
    expect(anonymous[0]?.subMenu.map((column) => column.map((entry) => entry.id))).toEqual([["y", "z"]]);
    const authenticated = filterMenu(menu, "authenticated");
    expect(authenticated.map((entry) => entry.id)).toEqual(["top", "signed-in"]);
    expect(authenticated[0]?.subMenu.map((column) => column.map((entry) => entry.id))).toEqual([["x"], ["y"]]);
    expect(sameForEveryone(menu)).toBe(false);
    expect(sameForEveryone([item("a"), item("b")])).toBe(true);
  });
});

describe("footer split", () => {
  it("puts the first 3 items in the first column and the rest in the second", () => {
    expect(splitFooter([1, 2, 3, 4, 5, 6])).toEqual([[1, 2, 3], [4, 5, 6]]);
    expect(splitFooter([1, 2])).toEqual([[1, 2], []]);
    expect(splitFooter([1, 2, 3, 4])).toEqual([[1, 2, 3], [4]]);
  });
});

describe("the current section", () => {
  const ctx = { lang: "nl" as const, homepageSlug: "home", categoryParentSlug: "nieuws", siteOrigin: "https://portal.example.nl" };
  const history = { ...item("geschiedenis"), contentType: "subPage" as const, parentSlug: "over-ons" };
  const about = item("over-ons", [], [[history]]);

  it("holds a sub menu's page and any page under the item's own, not the item's own page", () => {
    expect(isInSection(about, "/over-ons/geschiedenis", ctx)).toBe(true);
    expect(isInSection(about, "/over-ons/ons-team", ctx)).toBe(true);
    expect(isInSection(about, "/over-ons", ctx)).toBe(false);
    expect(isInSection(about, "/over-onsje", ctx)).toBe(false);
    expect(isInSection(item("home"), "/contact", ctx)).toBe(false);
  });
});
