import { describe, expect, it } from "vitest";
import type { BonusClaim } from "../../src/core/api/schemas/business.ts";
import { claimReference, claimYears, yearSummary } from "../../src/core/business/bonus-summary.ts";
import { nextClaimOpening, openClaimPeriods } from "../../src/core/business/claim-periods.ts";
import { linearScale, niceMax, ticks } from "../../src/core/business/chart.ts";
import { contractTime, volumeProgress } from "../../src/core/business/contract-progress.ts";
import { formatDate, formatFileSize, formatHl, formatMoney, formatPeriod } from "../../src/core/business/format.ts";
import { outstanding } from "../../src/core/business/outstanding.ts";
import { coronaInput, errorsByField, linesFromRegistration } from "../../src/core/business/tht-form.ts";

const tiers = [
  { id: "bronze", minHl: 0, ratePerHl: 150 },
  { id: "silver", minHl: 150, ratePerHl: 300 },
  { id: "gold", minHl: 400, ratePerHl: 450 },
] as const;

const claim = (period: string, volumeHl: number, status: BonusClaim["status"] = "approved"): BonusClaim => ({
  id: `c-${period}`,
  accountNumber: "100001",
  period,
  status,
  wholesalers: [],
  volumeHl,
  tierId: "bronze",
  bonusAmount: Math.round(volumeHl * 150),
  createdAt: "2026-01-01T00:00:00.000Z",
  submittedAt: null,
  paidOutDate: null,
});

describe("bonus year summary", () => {
  it("adds the year's quarters up against the tiers", () => {
    const summary = yearSummary(
      [claim("2026-Q1", 90), claim("2026-Q2", 70.5), claim("2025-Q4", 500), claim("2026-Q3", 99, "draft")],
      [...tiers],
      2026,
    );
    // Q3 has only a draft and Q4 is still to come: no cumulative figure after Q2.
    expect(summary.quarters.map((q) => q.cumulativeHl)).toEqual([90, 160.5, null, null]);
    expect(yearSummary([claim("2026-Q1", 10), claim("2026-Q3", 5)], [...tiers], 2026).quarters.map((q) => q.cumulativeHl)).toEqual([
      10,
      10,
      15,
      null,
    ]);
    expect(summary.tier.id).toBe("silver");
    expect(summary.nextTier?.id).toBe("gold");
    expect(summary.toNextHl).toBe(239.5);
    expect(summary.bonusAmount).toBe(13500 + 10575);
    expect(yearSummary([claim("2025-Q4", 500)], [...tiers], 2025)).toMatchObject({ tier: { id: "gold" }, nextTier: null, toNextHl: null });
    expect(claimYears([claim("2024-Q1", 1), claim("2026-Q1", 1), claim("2024-Q2", 1)])).toEqual([2026, 2024]);
  });

  it("counts a submitted claim nowhere until the supplier approves it, and shows it apart", () => {
    // The review's case: 46,9 hl recorded in Q1, then 718,2 hl claimed for Q2 and not yet checked.
    const submitted = yearSummary([claim("2026-Q1", 46.9, "calculated"), claim("2026-Q2", 718.2, "submitted")], [...tiers], 2026);
    expect(submitted).toMatchObject({ volumeHl: 46.9, underReviewHl: 718.2, tier: { id: "bronze" }, nextTier: { id: "silver" } });
    expect(submitted.bonusAmount).toBe(Math.round(46.9 * 150));
    expect(submitted.quarters.map((q) => [q.volumeHl, q.underReviewHl, q.cumulativeHl])).toEqual([
      [46.9, 0, 46.9],
      [0, 718.2, null],
      [0, 0, null],
      [0, 0, null],
    ]);
    const approved = yearSummary([claim("2026-Q1", 46.9, "calculated"), claim("2026-Q2", 718.2, "approved")], [...tiers], 2026);
    expect(approved).toMatchObject({ volumeHl: 765.1, underReviewHl: 0, tier: { id: "gold" }, nextTier: null });
  });
});

describe("chart scales", () => {
  it("rounds the axis up to a readable value and maps values linearly", () => {
    expect(niceMax(0)).toBe(1);
    expect(niceMax(160.5)).toBe(200);
    expect(niceMax(400)).toBe(500);
    expect(niceMax(2300)).toBe(2500);
    expect(ticks(200, 4)).toEqual([0, 50, 100, 150, 200]);
    const x = linearScale(200, 600);
    expect(x(50)).toBe(150);
    expect(x(-5)).toBe(0);
    expect(x(900)).toBe(600);
  });
});

describe("contract progress", () => {
  const contract = { startdate: "2024-01-01", enddate: "2028-12-31" };

  it("tells the time left in months and days", () => {
    expect(contractTime(contract, "2026-11-22")).toMatchObject({ months: 25, days: 10, ended: false, notStarted: false });
    expect(contractTime(contract, "2028-12-31")).toMatchObject({ months: 0, days: 1, ended: false });
    expect(contractTime(contract, "2029-01-01")).toMatchObject({ months: 0, days: 0, ended: true, elapsed: 1 });
    expect(contractTime(contract, "2023-06-01")).toMatchObject({ notStarted: true, elapsed: 0 });
    expect(contractTime(contract, "2026-07-02").elapsed).toBeCloseTo(0.5, 2);
  });

  it("lines month ends up: the last day of a contract ending in February follows the calendar", () => {
    const february = { startdate: "2025-03-01", enddate: "2026-02-28" };
    // From 31 January the day after the end (1 March) is one month and one day away, not "one month" via 3 March.
    expect(contractTime(february, "2026-01-31")).toMatchObject({ months: 1, days: 1 });
    expect(contractTime(february, "2026-02-28")).toMatchObject({ months: 0, days: 1, ended: false });
  });

  it("compares actual volumes with the pro-rata expectation", () => {
    const [pils, soft] = volumeProgress(
      [
        { group: "pils", agreedHl: 1000, actualHl: 600 },
        { group: "soft_drink", agreedHl: 200, actualHl: 50 },
      ],
      0.5,
    );
    expect(pils).toMatchObject({ share: 0.6, expectedHl: 500, onTrack: true });
    expect(soft).toMatchObject({ share: 0.25, expectedHl: 100, onTrack: false });
  });
});

describe("formatting per locale", () => {
  it("writes money, dates, volumes and sizes the Dutch and the English way", () => {
    expect(formatMoney(123456, "nl")).toBe("€\u00a01.234,56");
    expect(formatMoney(-1999, "en")).toBe("-€19.99");
    expect(formatDate("2026-11-05", "nl")).toBe("05-11-2026");
    expect(formatDate("2026-11-05", "en")).toBe("05/11/2026");
    expect(formatHl(1234.56, "nl")).toBe("1.234,6 hl");
    expect(formatHl(1234.56, "en")).toBe("1,234.6 hl");
    expect(formatFileSize(2048, "nl")).toBe("2 KB");
    expect(formatFileSize(1536 * 1024, "en")).toBe("1.5 MB");
    expect(formatPeriod("2026-Q3")).toBe("Q3 2026");
  });
});

describe("tht form", () => {
  it("turns rows into the PUT body and back", () => {
    const rows = linesFromRegistration({
      accountNumber: "100001",
      status: "submitted",
      reference: "THT-1",
      lines: [{ productId: "p1", quantity: 4, bestBeforeDate: "2026-10-01" }],
      attachments: [],
      updatedAt: null,
    });
    expect(rows.map(({ productId, quantity, bestBeforeDate }) => ({ productId, quantity, bestBeforeDate }))).toEqual([
      { productId: "p1", quantity: "4", bestBeforeDate: "2026-10-01" },
    ]);
    expect(coronaInput([...rows, { key: "x", productId: "", quantity: "", bestBeforeDate: " " }], ["a1"])).toEqual({
      lines: [
        { productId: "p1", quantity: 4, bestBeforeDate: "2026-10-01" },
        { productId: "", quantity: 0, bestBeforeDate: "" },
      ],
      attachmentIds: ["a1"],
    });
    expect(
      errorsByField([
        { field: "lines.0.quantity", code: "min" },
        { field: "lines.0.quantity", code: "max" },
      ]),
    ).toEqual(new Map([["lines.0.quantity", "min"]]));
  });
});

describe("outstanding amounts", () => {
  it("adds the part not yet due and the overdue part into one total", () => {
    expect(outstanding({ open: 1_556_884, overdue: 465_875 })).toEqual({ total: 2_022_759, overdue: 465_875, notYetDue: 1_556_884 });
    expect(outstanding({ open: 0, overdue: 0 })).toEqual({ total: 0, overdue: 0, notYetDue: 0 });
  });
});

describe("claim reference", () => {
  it("names the claim by account and quarter", () => {
    expect(claimReference({ accountNumber: "100001", period: "2026-Q3" })).toBe("BON-100001-2026-Q3");
  });
});

describe("claim periods", () => {
  it("offers the last four ended quarters without a claim, and says when the next one opens", () => {
    expect(openClaimPeriods("2026-11-25", new Set(["2026-Q3", "2025-Q4"]))).toEqual(["2026-Q2", "2026-Q1"]);
    expect(nextClaimOpening("2026-11-25")).toEqual({ period: "2026-Q4", from: "2027-01-01" });
    expect(nextClaimOpening("2026-03-31")).toEqual({ period: "2026-Q1", from: "2026-04-01" });
  });
});
