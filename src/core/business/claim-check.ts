import type { BonusClaim } from "../api/schemas/business.ts";
import type { FieldError } from "../validation/field-error.ts";
import { isRecorded } from "./claim-standing.ts";

/**
 * The check of a claim before it is sent: its volume against what is recorded for the account, so a
 * typo (718 hl where 71,8 was meant) or a quarter far from the usual is questioned rather than
 * silently accepted. Shared by the bonus tool's review step (which explains the difference and asks
 * for a reason) and the stand-in (which refuses a far claim without one).
 */

/** A claim differs "far" from the recorded volume when it is both this share and this many hl away. */
export const FAR_SHARE = 0.5;
export const FAR_HL = 10;
/** Longest reason the supplier's reviewer reads. */
export const MAX_REASON_LENGTH = 500;

/** The recorded volume a claim is compared with: which quarter, and why that one. */
export type ClaimReference = { period: string; volumeHl: number; basis: "same_quarter_last_year" | "latest_quarter" };

export type ClaimComparison = {
  reference: ClaimReference | null;
  claimedHl: number;
  /** Claimed minus recorded, in hl (null without a reference). */
  differenceHl: number | null;
  /** The difference as a share of the recorded volume (null without a reference or with 0 recorded). */
  differenceShare: number | null;
  /** True when a reason is needed before the claim may be sent. */
  far: boolean;
};

const round2 = (value: number): number => Math.round(value * 100) / 100;

/**
 * The recorded volume to compare a claim for `period` with: the same quarter a year earlier (the
 * season is the same), else the latest recorded quarter before `period`; null when nothing is recorded.
 */
export function recordedReference(claims: readonly Pick<BonusClaim, "period" | "status" | "volumeHl">[], period: string): ClaimReference | null {
  const recorded = claims.filter((claim) => isRecorded(claim) && claim.period < period);
  const lastYear = `${Number(period.slice(0, 4)) - 1}${period.slice(4)}`;
  const same = recorded.find((claim) => claim.period === lastYear);
  if (same) return { period: same.period, volumeHl: same.volumeHl, basis: "same_quarter_last_year" };
  const latest = [...recorded].sort((a, b) => a.period.localeCompare(b.period)).at(-1);
  return latest ? { period: latest.period, volumeHl: latest.volumeHl, basis: "latest_quarter" } : null;
}

/** How far `claimedHl` is from the reference, and whether that is far enough to ask why. */
export function compareClaim(claimedHl: number, reference: ClaimReference | null): ClaimComparison {
  if (!reference) return { reference, claimedHl, differenceHl: null, differenceShare: null, far: false };
  const differenceHl = round2(claimedHl - reference.volumeHl);
  const differenceShare = reference.volumeHl > 0 ? differenceHl / reference.volumeHl : null;
  const far = Math.abs(differenceHl) > FAR_HL && (differenceShare === null || Math.abs(differenceShare) > FAR_SHARE);
  return { reference, claimedHl, differenceHl, differenceShare, far };
}

/** Refusal of the reason sent with a claim: required when the claim is far from the record. */
export function validateClaimReason(comparison: Pick<ClaimComparison, "far">, reason: string | undefined): FieldError[] {
  const text = reason?.trim() ?? "";
  if (text.length > MAX_REASON_LENGTH) return [{ field: "reason", code: "too_long" }];
  if (comparison.far && text === "") return [{ field: "reason", code: "required" }];
  return [];
}
