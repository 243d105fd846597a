import type { BonusClaim, BonusStatus } from "../api/schemas/business.ts";

/**
 * Which claims count. A claim the customer submitted is only their word until the supplier has
 * checked it: it is "under review" and shown apart, and counts toward no tier, bonus or total until
 * the supplier has calculated, approved or paid it. The one rule behind the bonus overview, the
 * claim check and the stand-in's tiers.
 */
const RECORDED: ReadonlySet<BonusStatus> = new Set(["calculated", "approved", "paid_out"]);

/** Checked by the supplier: counts toward the year's volume, the tier and the bonus. */
export const isRecorded = (claim: Pick<BonusClaim, "status">): boolean => RECORDED.has(claim.status);

/** Submitted by the customer, not yet checked by the supplier. */
export const isUnderReview = (claim: Pick<BonusClaim, "status">): boolean => claim.status === "submitted";
