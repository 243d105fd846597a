import { describe, expect, it } from "vitest";
import { formatDay, formatInstant, formatMoney, formatNumber } from "../../src/core/format.ts";
import { formatRemaining } from "../../src/core/business/contract-term.ts";

/** The product's one way of writing dates and numbers (src/core/format.ts). */
describe("the one formatter", () => {
  it("writes money and numbers the Dutch and the US way", () => {
    expect(formatMoney(123456, "nl")).toBe("€\u00a01.234,56");
    expect(formatMoney(-1999, "en")).toBe("-€19.99");
    expect(formatNumber(1234.56, "nl", 1)).toBe("1.234,6");
    expect(formatNumber(1234.56, "en", 1)).toBe("1,234.6");
  });

  it("writes a calendar date in one English convention in the portal and on the public site", () => {
    expect(formatDay("2026-11-05", "nl")).toBe("05-11-2026");
    expect(formatDay("2026-11-05", "en")).toBe("Nov 5, 2026");
    expect(formatDay("2026-11-15", "nl", "long")).toBe("15 november 2026");
    expect(formatDay("2026-11-15", "en", "long")).toBe("November 15, 2026");
    // A timestamp the API sends for a day is that day, whatever the hour.
    expect(formatDay("2026-11-15T23:30:00Z", "en", "long")).toBe("November 15, 2026");
    // The public site's publication dates: the same English convention.
    expect(formatInstant("2026-11-15T10:00:00Z", "en")).toBe(formatDay("2026-11-15", "en", "long"));
    expect(formatInstant("2026-03-03T10:00:00Z", "nl")).toBe("3 maart 2026");
  });

  it("shows an instant as its date in the Netherlands", () => {
    expect(formatInstant("2026-03-03T23:30:00Z", "nl")).toBe("4 maart 2026");
    expect(formatInstant("2026-03-03T22:59:00Z", "en")).toBe("March 3, 2026");
  });

  it("says the time left in the same English", () => {
    expect(formatRemaining({ months: 25, days: 9 }, "nl")).toBe("25 maanden en 9 dagen");
    expect(formatRemaining({ months: 1, days: 1 }, "en")).toBe("1 month and 1 day");
  });
});
