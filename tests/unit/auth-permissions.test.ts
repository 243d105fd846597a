import { describe, expect, it } from "vitest";
import type { Permission } from "../../src/core/api/schemas/common.ts";
import { permissionsFor } from "../../src/core/auth/user.ts";
import { filterMenu, isAllowed, routePermissions } from "../../src/core/permissions/index.ts";

type Item = { id: string; userPermissions: Permission[]; subMenu: Item[][] };
const item = (id: string, userPermissions: Permission[] = [], subMenu: Item[][] = []): Item => ({ id, userPermissions, subMenu });

const menu: Item[] = [
  item("dashboard"),
  item("facturen", ["FACTUREN"]),
  item("bonus", ["BONUS", "SAMENWERKINGSOVEREENKOMST"]),
  item("gebruikers", ["GEBRUIKERSBEHEER"]),
  item("more", [], [[item("documenten", ["DOCUMENTEN"])], [item("swo", ["SAMENWERKINGSOVEREENKOMST"]), item("help")]]),
];
const ids = (items: Item[]): string[] => items.flatMap((i) => [i.id, ...i.subMenu.flat().flatMap((s) => ids([s]))]);

describe("permissions per selected account", () => {
  const claim = [
    { accountNumber: "100001", permissions: ["FACTUREN"] as Permission[] },
    { accountNumber: "100002", permissions: ["BONUS", "GEBRUIKERSBEHEER"] as Permission[] },
  ];
  it("reads the permissions of the selected account only", () => {
    expect(permissionsFor(claim, "100001")).toEqual(["FACTUREN"]);
    expect(permissionsFor(claim, "100002")).toEqual(["BONUS", "GEBRUIKERSBEHEER"]);
  });
  it("holds nothing on an unknown or missing account", () => {
    expect(permissionsFor(claim, "999999")).toEqual([]);
    expect(permissionsFor(claim, undefined)).toEqual([]);
  });
});

describe("account menu filtering", () => {
  it("shows an administrator everything", () => {
    expect(ids(filterMenu(menu, ["ADMINISTRATOR"]))).toEqual(ids(menu));
  });
  it("shows items without requirements and those where one listed permission is held", () => {
    expect(ids(filterMenu(menu, ["FACTUREN"]))).toEqual(["dashboard", "facturen", "more", "help"]);
    expect(ids(filterMenu(menu, ["SAMENWERKINGSOVEREENKOMST"]))).toEqual(["dashboard", "bonus", "more", "swo", "help"]);
  });
  it("shows a user without permissions only the open items, and drops emptied columns", () => {
    const filtered = filterMenu(menu, []);
    expect(ids(filtered)).toEqual(["dashboard", "more", "help"]);
    expect(filtered.at(-1)?.subMenu).toHaveLength(1);
  });
});

describe("route permissions", () => {
  it("uses the same rule as the menu", () => {
    expect(isAllowed(routePermissions("/mijn-account/facturen"), ["FACTUREN"])).toBe(true);
    expect(isAllowed(routePermissions("/mijn-account/facturen"), ["BONUS"])).toBe(false);
    expect(isAllowed(routePermissions("/mijn-account/facturen"), ["ADMINISTRATOR"])).toBe(true);
    expect(isAllowed(routePermissions("/mijn-account/dashboard"), [])).toBe(true);
  });
  it("covers the bonus tool steps and ignores a trailing slash", () => {
    expect(routePermissions("/bonus/3")).toEqual(["BONUS"]);
    expect(routePermissions("/mijn-account/gebruikers/")).toEqual(["GEBRUIKERSBEHEER"]);
    expect(routePermissions("/bonusplan")).toEqual([]);
  });
});
