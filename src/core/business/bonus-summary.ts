import type { BonusClaim, BonusTier } from "../api/schemas/business.ts";
import { isRecorded, isUnderReview } from "./claim-standing.ts";

/**
 * A quarter of the year: its recorded volume, the volume submitted and still under review (apart,
 * counted nowhere), and the recorded running total (null after the last quarter with recorded volume).
 */
export type QuarterVolume = { period: string; volumeHl: number; underReviewHl: number; cumulativeHl: number | null };

export type YearSummary = {
  year: number;
  /** Recorded volume of the year so far (claims the supplier has checked). */
  volumeHl: number;
  /** Volume submitted and still under review: shown apart, in no tier or bonus. */
  underReviewHl: number;
  quarters: QuarterVolume[];
  /** The tier reached, the next one and how far away it is (null at the top). */
  tier: BonusTier;
  nextTier: BonusTier | null;
  toNextHl: number | null;
  bonusAmount: number;
};

const round2 = (value: number): number => Math.round(value * 100) / 100;

/**
 * The year's volume quarter by quarter against the tiers. Tier, bonus and totals count recorded claims
 * only; a claim under review is its own figure until the supplier approves it, so an unchecked claim
 * never reads as money earned. Claims of other years and drafts are ignored.
 */
export function yearSummary(claims: readonly BonusClaim[], tiers: readonly BonusTier[], year: number): YearSummary {
  const sorted = [...tiers].sort((a, b) => a.minHl - b.minHl);
  const quarters: QuarterVolume[] = [];
  let cumulative = 0;
  let bonusAmount = 0;
  let underReviewHl = 0;
  for (let q = 1; q <= 4; q++) {
    const period = `${year}-Q${q}`;
    const recorded = claims.filter((claim) => claim.period === period && isRecorded(claim));
    const pending = claims.filter((claim) => claim.period === period && isUnderReview(claim));
    const volumeHl = round2(recorded.reduce((sum, claim) => sum + claim.volumeHl, 0));
    const pendingHl = round2(pending.reduce((sum, claim) => sum + claim.volumeHl, 0));
    bonusAmount += recorded.reduce((sum, claim) => sum + claim.bonusAmount, 0);
    underReviewHl = round2(underReviewHl + pendingHl);
    cumulative = round2(cumulative + volumeHl);
    quarters.push({ period, volumeHl, underReviewHl: pendingHl, cumulativeHl: cumulative });
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
    underReviewHl,
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
