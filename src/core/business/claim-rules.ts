import type { BonusClaimInput } from "../api/schemas/business.ts";
import type { FieldError } from "../validation/field-error.ts";
import { claimablePeriods, periodRange } from "./bonus-periods.ts";

/**
 * The rules of a bonus claim, shared by the stand-in (which enforces them) and the wizard (which
 * checks each step before going on). Pure: "today" is passed in as an ISO date (yyyy-mm-dd), so the
 * same input gives the same answer in a test, a browser and the server. Codes map to dictionary keys.
 */

/** Refusal of the period alone (the wizard's first step). */
export function validatePeriod(period: string, today: string, taken: ReadonlySet<string> = new Set()): FieldError[] {
  if (!/^\d{4}-Q[1-4]$/.test(period)) return [{ field: "period", code: "invalid_period" }];
  if (periodRange(period).end >= today) return [{ field: "period", code: "not_ended" }];
  if (!claimablePeriods(today).includes(period)) return [{ field: "period", code: "too_old" }];
  if (taken.has(period)) return [{ field: "period", code: "already_claimed" }];
  return [];
}

/** Refusal of the chosen wholesalers (the wizard's second step). */
export function validateWholesalerChoice(ids: readonly string[], known: ReadonlySet<string>): FieldError[] {
  if (ids.length === 0) return [{ field: "wholesalers", code: "required" }];
  if (new Set(ids).size !== ids.length) return [{ field: "wholesalers", code: "duplicate" }];
  return ids.flatMap((id, i) => (known.has(id) ? [] : [{ field: `wholesalers.${i}.wholesalerId`, code: "unknown" }]));
}

/** Largest quantity of one product through one wholesaler in one quarter. */
const MAX_CLAIM_QUANTITY = 100_000;

/** Refusal of one quantity as typed or sent (empty counts as 0). */
function quantityError(quantity: number): string | undefined {
  if (!Number.isFinite(quantity) || !Number.isInteger(quantity)) return "integer";
  if (quantity < 0) return "min";
  if (quantity > MAX_CLAIM_QUANTITY) return "max";
  return undefined;
}

/** Refusal of the volumes (the wizard's third step): each wholesaler needs at least one quantity above 0. */
export function validateClaimVolumes(
  wholesalers: BonusClaimInput["wholesalers"],
  knownProducts: ReadonlySet<string>,
): FieldError[] {
  const errors: FieldError[] = [];
  wholesalers.forEach((wholesaler, w) => {
    wholesaler.lines.forEach((line, l) => {
      const field = `wholesalers.${w}.lines.${l}`;
      if (!knownProducts.has(line.productId)) errors.push({ field: `${field}.productId`, code: "unknown" });
      const code = quantityError(line.quantity);
      if (code) errors.push({ field: `${field}.quantity`, code });
    });
    // A typo already has its own message; "enter a quantity" is for a wholesaler left all empty.
    if (!wholesaler.lines.some((line) => line.quantity > 0 || quantityError(line.quantity))) {
      errors.push({ field: `wholesalers.${w}.lines`, code: "required" });
    }
  });
  return errors;
}

type ClaimContext = {
  today: string;
  knownWholesalers: ReadonlySet<string>;
  knownProducts: ReadonlySet<string>;
  /** Periods the account already submitted a claim for. */
  takenPeriods?: ReadonlySet<string>;
};

/** Every rule of a claim draft (POST /actualssalesdata/). */
export function validateClaimInput(input: BonusClaimInput, ctx: ClaimContext): FieldError[] {
  return [
    ...validatePeriod(input.period, ctx.today, ctx.takenPeriods),
    ...validateWholesalerChoice(
      input.wholesalers.map((w) => w.wholesalerId),
      ctx.knownWholesalers,
    ),
    ...validateClaimVolumes(input.wholesalers, ctx.knownProducts),
  ];
}
