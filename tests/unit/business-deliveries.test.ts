import { describe, expect, it } from "vitest";
import { daysUntil, deliveryDayOnOrBefore, deliveryHref, invoiceHref, monthsBefore, nextDeliverySlot, parsePeriod, timeOfDay } from "../../src/core/business/deliveries.ts";

describe("nextDeliverySlot", () => {
  // Tuesday (2) and Friday (5), as Café De Gouden Leeuw; 2026-11-15 is a Sunday.
  const route = [
    { weekday: 2, from: "07:00", to: "09:00" },
    { weekday: 5, from: "07:00", to: "09:00" },
  ];
  const next = (today: string, time: string) => nextDeliverySlot(today, time, route)?.date;
  it("takes the first delivery day on or after today", () => {
    expect(next("2026-11-15", "12:00")).toBe("2026-11-17");
    expect(next("2026-11-18", "06:00")).toBe("2026-11-20");
    expect(next("2026-11-21", "06:00")).toBe("2026-11-24");
    expect(nextDeliverySlot("2026-12-31", "12:00", [{ weekday: 0, from: "08:00", to: "10:00" }])?.date).toBe("2027-01-03");
  });
  it("keeps today while its window is open, and moves on once it closed", () => {
    expect(next("2026-11-17", "08:30")).toBe("2026-11-17");
    expect(next("2026-11-17", "09:00")).toBe("2026-11-20");
    // A route of one day a week: the same weekday a week later.
    expect(nextDeliverySlot("2026-11-17", "17:30", [route[0]!])?.date).toBe("2026-11-24");
  });
  it("is null without a delivery day", () => {
    expect(nextDeliverySlot("2026-11-15", "12:00", [])).toBeNull();
  });
});

describe("deliveryDayOnOrBefore and timeOfDay", () => {
  it("puts an invoice's delivery on the last delivery day up to its date", () => {
    expect(deliveryDayOnOrBefore("2026-11-19", [2, 5])).toBe("2026-11-17");
    expect(deliveryDayOnOrBefore("2026-11-20", [2, 5])).toBe("2026-11-20");
  });
  it("reads the time in the Netherlands", () => {
    expect(timeOfDay(new Date("2026-11-17T06:30:00Z"))).toBe("07:30");
    expect(timeOfDay(new Date("2026-07-01T06:30:00Z"))).toBe("08:30");
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
