import * as v from "valibot";
import { IsoDateSchema, IsoDateTimeSchema } from "../common.ts";
import { CentsSchema } from "./money.ts";
import { HectolitresSchema } from "./products.ts";

/** A bonus period: a calendar quarter, `2026-Q2`. */
export const PeriodSchema = v.pipe(v.string(), v.regex(/^\d{4}-Q[1-4]$/, "invalid_period"));

/**
 * Life of a claim: a draft while the bonus tool is being filled in (attachments are uploaded to it),
 * submitted by the customer (under review: counts toward nothing yet), calculated by the supplier,
 * approved, and finally paid out. Only the supplier's three count (src/core/business/claim-standing.ts).
 */
export const BONUS_STATUSES = ["draft", "submitted", "calculated", "approved", "paid_out"] as const;
export const BonusStatusSchema = v.picklist(BONUS_STATUSES);
export type BonusStatus = v.InferOutput<typeof BonusStatusSchema>;

export const BONUS_TIER_IDS = ["bronze", "silver", "gold"] as const;
export const BonusTierIdSchema = v.picklist(BONUS_TIER_IDS);
export type BonusTierId = v.InferOutput<typeof BonusTierIdSchema>;

/**
 * A bonus tier: reached when the year's volume so far is at least `minHl`; the period's volume
 * then earns `ratePerHl` per hectolitre.
 */
export const BonusTierSchema = v.object({
  id: BonusTierIdSchema,
  minHl: HectolitresSchema,
  ratePerHl: CentsSchema,
});
export type BonusTier = v.InferOutput<typeof BonusTierSchema>;

export const QuantitySchema = v.pipe(v.number(), v.integer("integer"), v.minValue(0, "min"), v.maxValue(100_000, "max"));

export const ClaimLineSchema = v.object({
  productId: v.string(),
  /** Units bought (crates, kegs, …). */
  quantity: QuantitySchema,
  volumeHl: HectolitresSchema,
});

/** What was bought through one wholesaler in the period, backed by that wholesaler's statements. */
export const ClaimWholesalerSchema = v.object({
  wholesalerId: v.string(),
  wholesalerName: v.string(),
  lines: v.array(ClaimLineSchema),
  volumeHl: HectolitresSchema,
  attachmentCount: v.pipe(v.number(), v.integer(), v.minValue(0)),
});

/** A bonus claim or settlement: GET /actualssalesdata/{id}. */
export const BonusClaimSchema = v.object({
  id: v.string(),
  accountNumber: v.string(),
  period: PeriodSchema,
  status: BonusStatusSchema,
  wholesalers: v.array(ClaimWholesalerSchema),
  volumeHl: HectolitresSchema,
  /**
   * Tier reached with the year's recorded volume up to and including this period; for a claim under
   * review, what it would reach once approved (a forecast, never shown as earned).
   */
  tierId: BonusTierIdSchema,
  bonusAmount: CentsSchema,
  /** Addition: the customer's reason for a claim far from the recorded volume (src/core/business/claim-check.ts). */
  reason: v.optional(v.nullable(v.string())),
  createdAt: IsoDateTimeSchema,
  submittedAt: v.nullable(IsoDateTimeSchema),
  paidOutDate: v.nullable(IsoDateSchema),
});
export type BonusClaim = v.InferOutput<typeof BonusClaimSchema>;

/** GET /actualssalesdata/ — the account's claims and settlements (no drafts), newest period first, and the tiers. */
export const BonusOverviewSchema = v.object({
  items: v.array(BonusClaimSchema),
  tiers: v.array(BonusTierSchema),
});
export type BonusOverview = v.InferOutput<typeof BonusOverviewSchema>;

/**
 * POST /actualssalesdata/ body: saves the draft of a period (one draft per period; posting again
 * replaces its volumes and keeps attachments of wholesalers still in it). Submitting is
 * POST /actualssalesdata/{id}/submit.
 */
export const BonusClaimInputSchema = v.object({
  period: PeriodSchema,
  wholesalers: v.array(
    v.object({
      wholesalerId: v.string(),
      lines: v.array(v.object({ productId: v.string(), quantity: QuantitySchema })),
    }),
  ),
});
export type BonusClaimInput = v.InferOutput<typeof BonusClaimInputSchema>;

/**
 * Addition: POST /actualssalesdata/{id}/submit body. `reason` is required when the claim is far from
 * the recorded volume (`compareClaim`), refused as `reason` `required` otherwise; at most 500 characters.
 */
export const BonusSubmitInputSchema = v.object({
  reason: v.optional(v.pipe(v.string(), v.maxLength(500, "too_long"))),
});
export type BonusSubmitInput = v.InferOutput<typeof BonusSubmitInputSchema>;
