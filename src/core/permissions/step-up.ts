import type { Account } from "../api/schemas/people.ts";
import { normalizeEmail } from "../validation/email.ts";
import { formatIban } from "../validation/iban.ts";

/**
 * Money changes need a fresh sign-in (docs/api-people.md, "Step-up"): whoever holds a token that has
 * been lying around (a laptop left open, a stolen refresh token) must not redirect the payout or the
 * invoices. The API refuses a change of these fields unless the token's `auth_time` is at most
 * STEP_UP_MAX_AGE_SECONDS old; the account form sends the person to sign in again first. One rule
 * for both sides.
 */
export const STEP_UP_MAX_AGE_SECONDS = 5 * 60;

/** The API's refusal code (403, one entry per money field changed) when the sign-in is too old. */
export const STEP_UP_REQUIRED = "step_up_required";

/**
 * Where the money goes and where invoices go: the bank account, the address invoices are sent to
 * (`emailaddress1`, see AccountSchema) and the address that gets a copy.
 */
export const STEP_UP_FIELDS = ["ibanNumber", "emailaddress1", "emailinvoicecc"] as const;
export type StepUpField = (typeof STEP_UP_FIELDS)[number];

/** A value as it is stored, so "nl91abna…" and "NL91 ABNA …" are the same bank account. */
function canonical(field: StepUpField, value: string | null | undefined): string {
  const text = (value ?? "").trim();
  if (text === "") return "";
  return field === "ibanNumber" ? formatIban(text) : normalizeEmail(text);
}

/** The step-up fields whose value differs between the stored account and the update, in STEP_UP_FIELDS order. */
export function stepUpFieldsChanged(
  before: Pick<Account, StepUpField>,
  after: { [K in StepUpField]: string | null | undefined },
): StepUpField[] {
  return STEP_UP_FIELDS.filter((field) => canonical(field, before[field]) !== canonical(field, after[field]));
}

/**
 * True when a sign-in at `authTime` (epoch seconds, the token's `auth_time`) is fresh enough at
 * `nowSeconds` for a money change: at most five minutes ago. A token without `auth_time` never is.
 */
export const signInIsFresh = (authTime: number | undefined, nowSeconds: number): boolean =>
  typeof authTime === "number" &&
  Number.isFinite(authTime) &&
  nowSeconds - authTime <= STEP_UP_MAX_AGE_SECONDS;
