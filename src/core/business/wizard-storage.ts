import * as v from "valibot";
import { emptyWizard, WizardStateSchema, type WizardState } from "./bonus-wizard.ts";

/** The parts of Storage the draft needs; localStorage in the browser, a Map-backed fake in tests. */
export type DraftStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/**
 * localStorage key of an account's bonus-tool draft. It starts with the private-cache prefix
 * (`kp.private.`, docs/portal-howto.md) so logout removes it with the tokens, in every tab.
 */
export const draftKey = (accountNumber: string): string => `kp.private.bonus-wizard.${accountNumber}`;

/** The stored draft, or an empty one when there is none or it cannot be read (an older shape, hand edits). */
export function loadDraft(storage: DraftStorage, accountNumber: string): WizardState {
  try {
    const raw = storage.getItem(draftKey(accountNumber));
    if (!raw) return emptyWizard();
    const parsed = v.safeParse(WizardStateSchema, JSON.parse(raw));
    return parsed.success ? parsed.output : emptyWizard();
  } catch {
    return emptyWizard();
  }
}

/** Saves the draft; a full or blocked storage only costs the reload-safety, never the page. */
export function saveDraft(storage: DraftStorage, accountNumber: string, state: WizardState): void {
  try {
    storage.setItem(draftKey(accountNumber), JSON.stringify(state));
  } catch {
    // Storage full or denied (private mode): keep working in memory.
  }
}

export function clearDraft(storage: DraftStorage, accountNumber: string): void {
  try {
    storage.removeItem(draftKey(accountNumber));
  } catch {
    // Nothing stored that could be removed.
  }
}
