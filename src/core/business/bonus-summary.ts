import type { BonusClaim, BonusTier } from "../api/schemas/business.ts";

/** A quarter of the year; `cumulativeHl` is null after the last quarter with volume (not yet claimed, or still to come). */
type QuarterVolume = { period: string; volumeHl: number; cumulativeHl: number | null };

export type YearSummary = {
  year: number;
  /** Submitted volume of the year so far. */
  volumeHl: number;
  quarters: QuarterVolume[];
  /** The tier reached, the next one and how far away it is (null at the top). */
  tier: BonusTier;
  nextTier: BonusTier | null;
  toNextHl: number | null;
  bonusAmount: number;
};

const round2 = (value: number): number => Math.round(value * 100) / 100;

/** The year's volume quarter by quarter against the tiers (claims of other years and drafts are ignored). */
export function yearSummary(claims: readonly BonusClaim[], tiers: readonly BonusTier[], year: number): YearSummary {
  const sorted = [...tiers].sort((a, b) => a.minHl - b.minHl);
  const quarters: QuarterVolume[] = [];
  let cumulative = 0;
  let bonusAmount = 0;
  for (let q = 1; q <= 4; q++) {
    const period = `${year}-Q${q}`;
    const inPeriod = claims.filter((claim) => claim.period === period && claim.status !== "draft");
    const volumeHl = round2(inPeriod.reduce((sum, claim) => sum + claim.volumeHl, 0));
    bonusAmount += inPeriod.reduce((sum, claim) => sum + claim.bonusAmount, 0);
    cumulative = round2(cumulative + volumeHl);
    quarters.push({ period, volumeHl, cumulativeHl: cumulative });
  }
  // A flat line after the last claimed quarter would read as "nothing bought"; leave those quarters open.
  const last = quarters.findLastIndex((quarter) => quarter.volumeHl > 0);
  for (const quarter of quarters.slice(last + 1)) quarter.cumulativeHl = null;
  const reached = sorted.filter((tier) => cumulative >= tier.minHl);
  const tier = reached.at(-1) ?? (sorted[0] as BonusTier);
  const nextTier = sorted.find((t) => t.minHl > cumulative) ?? null;
  return {
    year,
    volumeHl: cumulative,
    quarters,
    tier,
    nextTier,
    toNextHl: nextTier ? round2(nextTier.minHl - cumulative) : null,
    bonusAmount,
  };
}

/** Years that have claims, newest first; the overview's year choice. */
export function claimYears(claims: readonly BonusClaim[]): number[] {
  return [...new Set(claims.map((claim) => Number(claim.period.slice(0, 4))))].sort((a, b) => b - a);
}

/**
 * The reference a customer reads aloud on the phone: one claim per account and quarter, so those two
 * name it (BON-100001-2026-Q3) where the API's id is a random string.
 */
export const claimReference = (claim: Pick<BonusClaim, "accountNumber" | "period">): string => `BON-${claim.accountNumber}-${claim.period}`;
