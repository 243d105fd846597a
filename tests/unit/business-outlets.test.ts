import { describe, expect, it } from "vitest";
import type { BonusClaim, Outlet, OutletsOverview } from "../../src/core/api/schemas/business.ts";
import { outletRows } from "../../src/core/business/outlets.ts";
import { pacingFromClaims } from "../../src/core/business/pacing.ts";
import { pacingHeadline, unsettledNote } from "../../src/core/business/pacing-text.ts";
import { translate } from "../../src/core/i18n/index.ts";

const TIERS = [
  { id: "bronze", minHl: 0, ratePerHl: 150 },
  { id: "silver", minHl: 150, ratePerHl: 300 },
  { id: "gold", minHl: 400, ratePerHl: 450 },
] as const satisfies OutletsOverview["tiers"];

const claim = (period: string, volumeHl: number, status: BonusClaim["status"] = "approved"): BonusClaim => ({
  id: `c-${period}-${status}`,
  accountNumber: "1",
  period,
  status,
  wholesalers: [],
  volumeHl,
  tierId: "bronze",
  bonusAmount: 0,
  createdAt: "2026-01-01T00:00:00.000Z",
  submittedAt: null,
  paidOutDate: null,
});

const outlet = (accountNumber: string, rest: Partial<Outlet>): Outlet => ({
  accountNumber,
  name: `Café ${accountNumber}`,
  city: "Utrecht",
  invoices: null,
  bonus: null,
  contract: null,
  notifications: { unread: 0, latest: [] },
  notVisible: [],
  ...rest,
});

describe("the all-outlets screen's rows and totals", () => {
  const overview: OutletsOverview = {
    tiers: [...TIERS],
    outlets: [
      outlet("100001", { invoices: { open: 10_000, overdue: 2_500 }, bonus: { claims: [claim("2026-Q1", 70), claim("2026-Q2", 75)] }, notifications: { unread: 2, latest: [] } }),
      outlet("100002", { invoices: { open: 5_000, overdue: 0 }, bonus: { claims: [claim("2026-Q1", 30), claim("2026-Q2", 20)] }, notifications: { unread: 1, latest: [] } }),
      outlet("100003", { notVisible: ["invoices", "bonus", "contract"] }),
    ],
  };
  const { rows, totals } = outletRows(overview, "2026-07-15");

  it("computes each figure as its own screen does and leaves one the caller may not see as null, not zero", () => {
    expect(rows[0]?.owed).toEqual({ total: 12_500, overdue: 2_500, notYetDue: 10_000 });
    expect(rows[2]?.owed).toBeNull();
    expect(rows[2]?.pacing).toBeNull();
    expect(rows[0]?.pacing).toEqual(pacingFromClaims(overview.outlets[0]?.bonus?.claims ?? [], overview.tiers, "2026-07-15"));
  });

  it("adds up only the outlets whose figures the caller may see, and says how many", () => {
    expect(totals.owed).toEqual({ total: 17_500, overdue: 2_500, notYetDue: 15_000 });
    expect(totals.owedOutlets).toBe(2);
    expect(totals.bonusOutlets).toBe(2);
    expect(totals.bonus?.low).toBe((rows[0]?.pacing?.yearBonus?.low ?? 0) + (rows[1]?.pacing?.yearBonus?.low ?? 0));
    expect(totals.unread).toBe(3);
    expect(totals.outlets).toBe(3);
  });

  it("tells one outlet on pace for the next tier from one falling behind", () => {
    const t = (lang: "nl" | "en") => (key: Parameters<typeof translate>[1], vars?: Record<string, string | number>) => translate(lang, key, vars);
    const onPace = rows[0]?.pacing;
    const behind = rows[1]?.pacing;
    expect(onPace?.nextTier?.tierId).toBe("silver");
    expect(onPace && pacingHeadline(onPace, 2026, "nl", t("nl"))).toMatch(/^Bij dit tempo bereikt u Zilver (tussen|rond)/);
    expect(behind?.nextTier?.status).toBe("out_of_reach");
    expect(behind && pacingHeadline(behind, 2026, "en", t("en"))).toMatch(/^At this pace you will not reach Silver in 2026: it needs .* hl to .* hl more/);
  });

  it("counts a submitted claim apart from the settled volume", () => {
    const pacing = pacingFromClaims([claim("2026-Q1", 90), claim("2026-Q2", 700, "submitted"), claim("2026-Q2", 5, "draft")], [...TIERS], "2026-07-15");
    expect(pacing.volumeHl).toBe(90);
    expect(pacing.pendingHl).toBe(700);
    expect(pacing.tiers.find((tier) => tier.tierId === "gold")?.status).not.toBe("reached");
  });
});

describe("the pacing's words", () => {
  const t = (key: Parameters<typeof translate>[1], vars?: Record<string, string | number>) => translate("nl", key, vars);
  it("says a reach date already past lies in quarters not yet settled, and what to do", () => {
    const pacing = pacingFromClaims([claim("2026-Q1", 120), claim("2025-Q4", 110)], [...TIERS], "2026-11-27");
    expect(pacingHeadline(pacing, 2026, "nl", t)).toMatch(/^Bij dit tempo had u Zilver rond .* al bereikt, maar over Q2 2026 en Q3 2026 is nog geen volume afgerekend/);
  });
  it("never puts a tier's fastest date 'around' a day already past: it lies in quarters not yet settled", () => {
    // Q1 alone (38 hl, a band of 15% either way): at the fast pace silver falls in mid-November, already
    // past; at the slow pace the year ends short of it.
    const pacing = pacingFromClaims([claim("2026-Q1", 38)], [...TIERS], "2026-11-27");
    expect(pacing.nextTier).toMatchObject({ tierId: "silver", status: "possible" });
    expect(pacing.nextTier!.reachFrom! < "2026-11-27").toBe(true);
    expect(pacingHeadline(pacing, 2026, "nl", t)).toMatch(/^Zilver is haalbaar: bij uw snelste tempo had u het rond .* 2026 al bereikt, in kwartalen die nog niet zijn afgerekend; bij uw traagste tempo komt u .* hl tekort\.$/);
    expect(unsettledNote(pacing, "nl", t)).toContain("Q2 2026 en Q3 2026");
    // In April the same pace's date is still to come: said as a date ahead.
    expect(pacingHeadline(pacingFromClaims([claim("2026-Q1", 38)], [...TIERS], "2026-04-10"), 2026, "nl", t)).toMatch(/^Zilver is haalbaar: bij uw snelste tempo rond /);
  });
  it("gives one amount where the band has one", () => {
    const pacing = pacingFromClaims([claim("2026-Q1", 10)], [...TIERS], "2026-11-27", "2026-03-31");
    expect(pacingHeadline(pacing, 2026, "nl", t)).toBe("Bij dit tempo haalt u Zilver in 2026 niet: daarvoor is 140 hl meer nodig dan dit tempo oplevert.");
  });
});

describe("quarters bought in but not yet settled", () => {
  const t = (key: Parameters<typeof translate>[1], vars?: Record<string, string | number>) => translate("en", key, vars);
  it("are named once: in the headline when the tier falls in them, else in a note of their own", () => {
    const reached = pacingFromClaims([claim("2026-Q1", 120), claim("2025-Q4", 110)], [...TIERS], "2026-11-27");
    expect(unsettledNote(reached, "en", t)).toBeNull();
    const behind = pacingFromClaims([claim("2026-Q1", 20), claim("2025-Q4", 25)], [...TIERS], "2026-11-27");
    expect(unsettledNote(behind, "en", t)).toBe("No volume has been settled yet for Q2 2026 and Q3 2026. Claim your bonus for them, and what you actually bought counts.");
  });
});
