import { ApiError } from "../api/errors.ts";
import { STEP_UP_FIELDS, STEP_UP_REQUIRED, type StepUpField } from "../permissions/step-up.ts";

/**
 * The API's refusal of a money change whose sign-in is older than five minutes (docs/api-people.md,
 * "Step-up for money changes"). Apart from account-api.ts, which the dashboard loads: the rule's
 * field list and what it imports stay with the account form.
 */

/** The money fields a refused save names when the API wants a fresh sign-in first (403 `step_up_required`), or undefined for any other failure. */
export function stepUpRefusal(error: unknown): StepUpField[] | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const errors = error.refusal?.errors.filter((entry) => entry.code === STEP_UP_REQUIRED) ?? [];
  if (errors.length === 0) return undefined;
  return STEP_UP_FIELDS.filter((field) => errors.some((entry) => entry.field === field));
}
