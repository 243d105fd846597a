import { describe, expect, it } from "vitest";
import { dashboardBlocks, greetingKey, quickLinks } from "../../src/core/portal/dashboard.ts";
import { SCREEN_IDS, SCREENS } from "../../src/core/portal/screens.ts";
import { formatRemaining, monthsAndDays, todayIso } from "../../src/core/business/contract-term.ts";

describe("dashboard blocks and links by permission", () => {
  it("shows invoices with FACTUREN, the contract with SAMENWERKINGSOVEREENKOMST, the bonus with BONUS; an administrator everything", () => {
    expect(dashboardBlocks([])).toEqual({ invoices: false, contract: false, bonus: false });
    expect(dashboardBlocks(["FACTUREN"])).toEqual({ invoices: true, contract: false, bonus: false });
    expect(dashboardBlocks(["DOCUMENTEN"])).toEqual({ invoices: false, contract: false, bonus: false });
    expect(dashboardBlocks(["SAMENWERKINGSOVEREENKOMST"])).toEqual({ invoices: false, contract: true, bonus: false });
    expect(dashboardBlocks(["BONUS"])).toEqual({ invoices: false, contract: false, bonus: true });
    expect(dashboardBlocks(["ADMINISTRATOR"])).toEqual({ invoices: true, contract: true, bonus: true });
  });

  it("filters the quick links", () => {
    const paths = (held: Parameters<typeof quickLinks>[0]) => quickLinks(held).map((id) => SCREENS[id].path);
    expect(paths([])).toEqual(["/mijn-account/service", "/mijn-account/account", "/mijn-account/profiel", "/mijn-account/meldingen", "/tht"]);
    expect(paths(["GEBRUIKERSBEHEER"])).toContain("/mijn-account/gebruikers");
    expect(paths(["FACTUREN"])).not.toContain("/mijn-account/gebruikers");
    // Every menu screen but the dashboard itself, read from the registry (a new screen needs no edit here).
    expect(quickLinks(["ADMINISTRATOR"], 1)).toEqual(SCREEN_IDS.filter((id) => SCREENS[id].inMenu && SCREENS[id].minAccounts <= 1 && id !== "dashboard"));
  });

  it("greets by the hour", () => {
    expect([3, 8, 13, 20].map(greetingKey)).toEqual([
      "portal.dashboard.greeting.evening",
      "portal.dashboard.greeting.morning",
      "portal.dashboard.greeting.afternoon",
      "portal.dashboard.greeting.evening",
    ]);
  });
});

describe("contract remaining time", () => {
  it("counts whole calendar months, then days", () => {
    expect(monthsAndDays("2026-11-22", "2026-12-31")).toEqual({ months: 1, days: 9 });
    expect(monthsAndDays("2026-11-22", "2028-12-31")).toEqual({ months: 25, days: 9 });
    // Month ends line up: 31 January plus one month is the last day of February.
    expect(monthsAndDays("2026-01-31", "2026-02-28")).toEqual({ months: 1, days: 0 });
    expect(monthsAndDays("2026-01-31", "2026-02-27")).toEqual({ months: 0, days: 27 });
    expect(monthsAndDays("2026-01-31", "2026-03-01")).toEqual({ months: 1, days: 1 });
    expect(monthsAndDays("2026-11-22", "2026-11-22")).toEqual({ months: 0, days: 0 });
    expect(monthsAndDays("2026-11-22", "2026-11-21")).toBeNull();
  });

  it("says it in the language, with its plurals", () => {
    expect(formatRemaining({ months: 25, days: 9 }, "nl")).toBe("25 maanden en 9 dagen");
    expect(formatRemaining({ months: 1, days: 1 }, "en")).toBe("1 month and 1 day");
    expect(formatRemaining({ months: 2, days: 0 }, "en")).toBe("2 months");
    expect(formatRemaining({ months: 0, days: 0 }, "nl")).toBe("0 dagen");
  });

  it("takes today in the Netherlands", () => {
    expect(todayIso(new Date("2026-11-22T23:30:00Z"))).toBe("2026-11-23");
    expect(todayIso(new Date("2026-11-22T12:00:00Z"))).toBe("2026-11-22");
  });
});
