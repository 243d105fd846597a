import { describe, expect, it } from "vitest";
import { daysUntil, deliveryHref, invoiceHref, monthsBefore, nextDeliveryDate, parsePeriod } from "../../src/core/business/deliveries.ts";

describe("nextDeliveryDate", () => {
  it("takes the first delivery day on or after today", () => {
    // 2026-11-15 is a Sunday; Tuesday is 2, Friday 5.
    expect(nextDeliveryDate("2026-11-15", [2, 5])).toBe("2026-11-17");
    expect(nextDeliveryDate("2026-11-17", [2, 5])).toBe("2026-11-17");
    expect(nextDeliveryDate("2026-11-18", [2, 5])).toBe("2026-11-20");
    expect(nextDeliveryDate("2026-11-21", [2, 5])).toBe("2026-11-24");
    expect(nextDeliveryDate("2026-12-31", [0])).toBe("2027-01-03");
  });
  it("is null without a delivery day", () => {
    expect(nextDeliveryDate("2026-11-15", [])).toBeNull();
  });
});

describe("parsePeriod", () => {
  const parse = (query: string) => parsePeriod(new URLSearchParams(query), "2026-11-30");
  it("defaults to the last three months up to today", () => {
    expect(parse("")).toEqual({ ok: true, value: { from: "2026-08-30", to: "2026-11-30" } });
    expect(monthsBefore("2026-05-31", 3)).toBe("2026-02-28");
  });
  it("fills an open end from the other", () => {
    expect(parse("from=2026-10-01")).toEqual({ ok: true, value: { from: "2026-10-01", to: "2026-11-30" } });
    expect(parse("to=2026-06-30")).toEqual({ ok: true, value: { from: "2026-03-30", to: "2026-06-30" } });
  });
  it("refuses no date, an end before the start and more than a year", () => {
    expect(parse("from=2026-13-01")).toEqual({ ok: false, errors: [{ field: "from", code: "invalid_date" }] });
    expect(parse("from=2026-10-01&to=2026-09-01")).toEqual({ ok: false, errors: [{ field: "to", code: "before_from" }] });
    expect(parse("from=2025-01-01&to=2026-06-01")).toEqual({ ok: false, errors: [{ field: "to", code: "period_too_long" }] });
  });
});

describe("links between a delivery and its invoice", () => {
  it("open the other screen in the same language", () => {
    expect(deliveryHref("L9100042", "nl")).toBe("/mijn-account/leveringen?levering=L9100042");
    expect(invoiceHref("9100042", "en")).toBe("/en/mijn-account/facturen?q=9100042");
    expect(daysUntil("2026-11-15", "2026-11-17")).toBe(2);
  });
});
