import { describe, expect, it } from "vitest";
import type { Permission } from "../../src/core/api/schemas/common.ts";
import { permissionsFor } from "../../src/core/auth/user.ts";
import { isAllowed } from "../../src/core/permissions/index.ts";
import { menuScreens, SCREEN_IDS, SCREENS, screenAt } from "../../src/core/portal/screens.ts";

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

describe("menu and route rules from the screen registry", () => {
  it("shows an administrator of several accounts every menu screen", () => {
    expect(menuScreens(["ADMINISTRATOR"], 2)).toEqual(SCREEN_IDS.filter((id) => SCREENS[id].inMenu));
  });
  it("lists all outlets only for a person with two or more accounts", () => {
    expect(menuScreens(["ADMINISTRATOR"], 1)).not.toContain("outlets");
    expect(menuScreens([], 1)).not.toContain("outlets");
    expect(menuScreens([], 2)).toContain("outlets");
  });
  it("shows screens without requirements and those where one listed permission is held", () => {
    expect(menuScreens(["FACTUREN"])).toEqual(["dashboard", "invoices", "deliveries", "empties", "service", "account", "profile", "notifications", "tht"]);
    // Service requests need no permission: a tap fault concerns anyone running the outlet.
    expect(menuScreens([])).toEqual(["dashboard", "service", "account", "profile", "notifications", "tht"]);
  });
  it("opens a route with the same rule as the menu", () => {
    const opens = (path: string, held: Permission[]): boolean => {
      const id = screenAt(path);
      return id !== undefined && isAllowed(SCREENS[id].permissions, held);
    };
    expect(opens("/mijn-account/facturen", ["FACTUREN"])).toBe(true);
    expect(opens("/mijn-account/facturen", ["BONUS"])).toBe(false);
    expect(opens("/en/mijn-account/facturen", ["ADMINISTRATOR"])).toBe(true);
    expect(opens("/mijn-account/dashboard", [])).toBe(true);
  });
  it("covers the bonus tool steps, both languages and a trailing slash", () => {
    expect(screenAt("/bonus/periode")).toBe("bonusTool");
    expect(screenAt("/en/bonus")).toBe("bonusTool");
    expect(screenAt("/mijn-account/gebruikers/")).toBe("users");
    expect(screenAt("/bonusplan")).toBeUndefined();
    expect(screenAt("/mijn-account/facturen/2")).toBeUndefined();
  });
});
