import { MAX_ATTACHMENTS, type CoronaInput } from "../api/schemas/business.ts";
import type { FieldError } from "../validation/field-error.ts";
import { isIsoDate } from "../validation/iso-date.ts";

/**
 * The rules of a tht (corona) registration, shared by the stand-in (which enforces them) and the
 * form (which checks before sending). Pure: "today" is passed in as an ISO date (yyyy-mm-dd).
 */

/** The scheme covers stock whose best-before date fell from this day on. */
const CORONA_SCHEME_START = "2020-03-01";
/** Stock may be registered up to this many days before its best-before date passes. */
const CORONA_DAYS_AHEAD = 90;
const MAX_CORONA_QUANTITY = 10_000;
const MAX_CORONA_LINES = 50;

const addDays = (isoDate: string, days: number): string =>
  new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Refusal of one best-before date on `today`, or undefined. */
export function bestBeforeError(value: string, today: string): string | undefined {
  if (!value) return "required";
  if (!isIsoDate(value)) return "invalid_date";
  if (value < CORONA_SCHEME_START) return "too_early";
  if (value > addDays(today, CORONA_DAYS_AHEAD)) return "too_late";
  return undefined;
}

/** Refusal of one registered quantity, or undefined. */
function coronaQuantityError(quantity: number): string | undefined {
  if (!Number.isFinite(quantity) || !Number.isInteger(quantity)) return "integer";
  if (quantity < 1) return "min";
  if (quantity > MAX_CORONA_QUANTITY) return "max";
  return undefined;
}

/** Every rule of a tht registration (PUT /corona). */
export function validateCoronaInput(
  input: CoronaInput,
  ctx: { today: string; eligibleProducts: ReadonlySet<string> },
): FieldError[] {
  const errors: FieldError[] = [];
  if (input.lines.length === 0) errors.push({ field: "lines", code: "required" });
  if (input.lines.length > MAX_CORONA_LINES) errors.push({ field: "lines", code: "too_many" });
  const seen = new Set<string>();
  input.lines.forEach((line, i) => {
    if (!line.productId) errors.push({ field: `lines.${i}.productId`, code: "required" });
    else if (!ctx.eligibleProducts.has(line.productId)) errors.push({ field: `lines.${i}.productId`, code: "unknown" });
    const quantity = coronaQuantityError(line.quantity);
    if (quantity) errors.push({ field: `lines.${i}.quantity`, code: quantity });
    const date = bestBeforeError(line.bestBeforeDate, ctx.today);
    if (date) errors.push({ field: `lines.${i}.bestBeforeDate`, code: date });
    const key = `${line.productId}|${line.bestBeforeDate}`;
    if (line.productId && !date && seen.has(key)) errors.push({ field: `lines.${i}.productId`, code: "duplicate" });
    seen.add(key);
  });
  if (input.attachmentIds.length === 0) errors.push({ field: "attachments", code: "required" });
  if (input.attachmentIds.length > MAX_ATTACHMENTS) errors.push({ field: "attachments", code: "too_many" });
  return errors;
}
