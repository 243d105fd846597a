import type { AccountFormValues } from "./account-form.ts";

/**
 * What the account form keeps while its person signs in again for a money change
 * (src/core/permissions/step-up.ts): the values they typed, for that one purpose, in sessionStorage
 * (this tab only; the sign-out clears it), never a token. Taken back once, by the same person on the
 * same account, within a quarter of an hour; anything else is dropped.
 */
export const STEP_UP_DRAFT_KEY = "kp.account.step-up-draft";
export const STEP_UP_DRAFT_MAX_AGE_MS = 15 * 60 * 1000;

type KeyStore = Pick<Storage, "getItem" | "setItem" | "removeItem">;
type Draft = { sub: string; accountNumber: string; savedAt: number; values: AccountFormValues };

export function keepStepUpDraft(storage: KeyStore, draft: Draft): void {
  try {
    storage.setItem(STEP_UP_DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // Storage full or disabled: after signing in again the form starts from what is stored.
  }
}

/**
 * The kept values for this person and account (and removes them, whoever they were for), laid over
 * `current` field by field where the type matches, so a draft of an older form never adds a field.
 */
export function takeStepUpDraft(
  storage: KeyStore,
  sub: string,
  accountNumber: string,
  nowMs: number,
  current: AccountFormValues,
): AccountFormValues | undefined {
  let draft: Partial<Draft> | null = null;
  try {
    draft = JSON.parse(storage.getItem(STEP_UP_DRAFT_KEY) ?? "null") as Partial<Draft> | null;
    storage.removeItem(STEP_UP_DRAFT_KEY);
  } catch {
    return undefined;
  }
  if (!draft || draft.sub !== sub || draft.accountNumber !== accountNumber) return undefined;
  if (
    typeof draft.savedAt !== "number" ||
    nowMs - draft.savedAt > STEP_UP_DRAFT_MAX_AGE_MS ||
    nowMs < draft.savedAt
  )
    return undefined;
  const values: Record<string, unknown> =
    typeof draft.values === "object" && draft.values !== null ? draft.values : {};
  const merged: Record<string, unknown> = { ...current };
  for (const [field, value] of Object.entries(current)) {
    if (typeof values[field] === typeof value) merged[field] = values[field];
  }
  return merged as AccountFormValues;
}
