import { describe, expect, it } from "vitest";
import type { BonusTier } from "../../src/core/api/schemas/business.ts";
import { pacing } from "../../src/core/business/pacing.ts";

const TIERS: BonusTier[] = [
  { id: "bronze", minHl: 0, ratePerHl: 150 },
  { id: "silver", minHl: 150, ratePerHl: 300 },
  { id: "gold", minHl: 400, ratePerHl: 450 },
];
const tier = (result: ReturnType<typeof pacing>, id: string) => result.tiers.find((t) => t.tierId === id);

describe("pacing to the next bonus tier", () => {
  it("without any recorded volume says nothing of the future, only what is reached (bronze at 0 hl)", () => {
    const result = pacing({ today: "2026-02-10", year: 2026, recorded: {}, pendingHl: 0, tiers: TIERS });
    expect(result.method).toBe("none");
    expect(result.ratePerDay).toBeNull();
    expect(result.yearBonus).toBeNull();
    expect(tier(result, "bronze")?.status).toBe("reached");
    expect(tier(result, "silver")).toMatchObject({ status: "unknown", reachFrom: null, reachTo: null, shortfallHl: { min: 150, max: 150 } });
    expect(result.nextTier?.tierId).toBe("silver");
  });

  it("projects one quarter's pace as a band and gives the day each pace reaches the tier", () => {
    // 2026-Q1 has 90 days: 90 hl is 1 hl a day; the band is 0.85 to 1.15 hl a day.
    const result = pacing({ today: "2026-04-20", year: 2026, recorded: { "2026-Q1": 90 }, pendingHl: 12.5, tiers: TIERS });
    expect(result.method).toBe("quarter");
    expect(result.ratePerDay).toEqual({ low: 0.85, mid: 1, high: 1.15 });
    expect(result.dataUntil).toBe("2026-03-31");
    expect(result.pendingHl).toBe(12.5);
    // Silver needs 60 hl more from 1 April: 60 / 1.15 = 52.2 -> 53 days (22 May); 60 / 0.85 = 70.6 -> 71 days (9 June).
    expect(tier(result, "silver")).toMatchObject({ status: "on_pace", reachFrom: "2026-05-23", reachTo: "2026-06-10" });
    // Gold needs 310 hl: 1.15 x 275 days = 316 hl reaches it, 0.85 x 275 = 234 does not.
    const gold = tier(result, "gold");
    expect(gold?.status).toBe("possible");
    expect(gold?.reachTo).toBeNull();
    expect(gold?.shortfallHl.min).toBe(0);
    expect(gold?.shortfallHl.max).toBeCloseTo(400 - (90 + 0.85 * 275), 1);
    expect(result.yearVolumeHl?.mid).toBeCloseTo(90 + 275, 1);
  });

  it("counts a submitted claim apart: it moves no date and no tier", () => {
    const without = pacing({ today: "2026-04-20", year: 2026, recorded: { "2026-Q1": 90 }, pendingHl: 0, tiers: TIERS });
    const withPending = pacing({ today: "2026-04-20", year: 2026, recorded: { "2026-Q1": 90 }, pendingHl: 700, tiers: TIERS });
    expect(withPending.tiers).toEqual(without.tiers);
    expect(withPending.volumeHl).toBe(90);
  });

  it("marks a tier already reached and points at the next one", () => {
    const result = pacing({ today: "2026-07-02", year: 2026, recorded: { "2026-Q1": 100, "2026-Q2": 120 }, pendingHl: 0, tiers: TIERS });
    expect(tier(result, "silver")).toMatchObject({ status: "reached", shortfallHl: { min: 0, max: 0 } });
    expect(result.nextTier?.tierId).toBe("gold");
    // Two quarters: the band is the slower and the faster of them, the middle the last one.
    expect(result.ratePerDay?.low).toBeCloseTo(100 / 90, 2);
    expect(result.ratePerDay?.mid).toBeCloseTo(120 / 91, 2);
    expect(result.ratePerDay?.high).toBeCloseTo(120 / 91, 2);
  });

  it("with falling volumes takes the last quarter as the middle and keeps the better quarters in the band", () => {
    const result = pacing({ today: "2026-10-05", year: 2026, recorded: { "2026-Q1": 120, "2026-Q2": 90, "2026-Q3": 46 }, pendingHl: 0, tiers: TIERS });
    expect(result.ratePerDay?.mid).toBeCloseTo(46 / 92, 2);
    expect(result.ratePerDay?.high).toBeCloseTo(120 / 90, 2);
    const gold = tier(result, "gold");
    // 256 hl by September; 92 days left: even 1.33 hl a day leaves gold out of reach.
    expect(gold?.status).toBe("out_of_reach");
    expect(gold?.shortfallHl.min).toBeCloseTo(400 - (256 + (120 / 90) * 92), 1);
  });

  it("says when the contract's end, not the pace, keeps a tier out of reach", () => {
    // 60 hl in Q1: silver by July at any pace in the band, gold not this year even at the fast pace.
    const input = { today: "2026-04-20", year: 2026, recorded: { "2026-Q1": 60 }, pendingHl: 0, tiers: TIERS };
    const open = pacing(input);
    const ending = pacing({ ...input, contractEnd: "2026-05-15" });
    expect(open.horizon).toBe("2026-12-31");
    expect(ending.horizon).toBe("2026-05-15");
    expect(tier(open, "silver")?.status).toBe("on_pace");
    expect(tier(ending, "silver")).toMatchObject({ status: "out_of_reach", contractEndsFirst: true });
    expect(tier(open, "gold")?.status).toBe("out_of_reach");
    expect(tier(ending, "gold")).toMatchObject({ status: "out_of_reach", contractEndsFirst: false });
  });

  it("across the year boundary starts the new year at zero with last year's last quarter as the pace", () => {
    const result = pacing({ today: "2027-01-20", year: 2027, recorded: { "2026-Q3": 92, "2026-Q4": 92 }, pendingHl: 0, tiers: TIERS });
    expect(result.volumeHl).toBe(0);
    expect(result.dataUntil).toBeNull();
    expect(result.method).toBe("quarter");
    expect(result.ratePerDay?.mid).toBe(1);
    // 150 hl at exactly 1 hl a day from 1 January is 30 May.
    expect(tier(result, "silver")?.reachFrom).toBe("2027-05-30");
    expect(tier(result, "silver")?.reachTo).toBe("2027-05-30");
  });

  it("counts 29 February in a leap year", () => {
    // 2028-Q1 has 91 days; 91 hl is 1 hl a day. Silver (150) from 1 April: 59 hl more, the 59th day is 29 May.
    const leap = pacing({ today: "2028-04-03", year: 2028, recorded: { "2028-Q1": 91, "2027-Q4": 92 }, pendingHl: 0, tiers: TIERS });
    expect(leap.ratePerDay?.mid).toBe(1);
    expect(tier(leap, "silver")?.reachTo).toBe("2028-05-29");
    // From 1 January at 1 hl a day, 150 hl falls on 29 May in a leap year and on 30 May otherwise.
    const fromJanuary = pacing({ today: "2028-01-10", year: 2028, recorded: { "2027-Q4": 92, "2027-Q3": 92 }, pendingHl: 0, tiers: TIERS });
    expect(tier(fromJanuary, "silver")?.reachFrom).toBe("2028-05-29");
  });

  it("uses last year's season once a year of data exists, scaled by this year's growth", () => {
    // Last year: a quiet winter and a busy summer; this year's Q1 is 10% up on last year's.
    const recorded = { "2025-Q1": 50, "2025-Q2": 100, "2025-Q3": 150, "2025-Q4": 60, "2026-Q1": 55 };
    const result = pacing({ today: "2026-04-10", year: 2026, recorded, pendingHl: 0, tiers: TIERS });
    expect(result.method).toBe("season");
    // Q2 to Q4 at last year's volumes x 1.1: 110 + 165 + 66 = 341, plus 55 = 396.
    expect(result.yearVolumeHl?.mid).toBeCloseTo(396, 0);
    // One quarter's growth (1.1) is widened to a band of 0.935 to 1.265: silver needs 95 hl more; Q2
    // gives 126.5 hl at the fast pace (reached in June) and 93.5 hl at the slow one (reached in July).
    expect(tier(result, "silver")?.reachFrom?.startsWith("2026-06")).toBe(true);
    expect(tier(result, "silver")?.reachTo?.startsWith("2026-07")).toBe(true);
  });

  it("names the ended quarters not yet settled, where a reach date already past lies", () => {
    const result = pacing({ today: "2026-11-27", year: 2026, recorded: { "2026-Q1": 90, "2025-Q4": 90 }, pendingHl: 0, tiers: TIERS });
    expect(result.unsettled).toEqual(["2026-Q2", "2026-Q3"]);
    expect(result.today).toBe("2026-11-27");
    expect(pacing({ today: "2026-04-02", year: 2026, recorded: { "2026-Q1": 90 }, pendingHl: 0, tiers: TIERS }).unsettled).toEqual([]);
  });

  it("values the year at each pace with each quarter at the tier its year-to-date volume reached", () => {
    const result = pacing({ today: "2026-04-20", year: 2026, recorded: { "2026-Q1": 90 }, pendingHl: 0, tiers: TIERS });
    const bonus = result.yearBonus;
    expect(bonus).not.toBeNull();
    expect(bonus!.low).toBeLessThan(bonus!.mid);
    expect(bonus!.mid).toBeLessThan(bonus!.high);
    // The middle pace: Q1 90 hl at bronze (1.50), Q2 91 hl ends at 181 (silver, 3.00), Q3 92 at 273 (silver), Q4 92 at 365 (silver).
    expect(bonus!.mid).toBe(Math.round(90 * 150) + Math.round(91 * 300) + Math.round(92 * 300) + Math.round(92 * 300));
  });
});
