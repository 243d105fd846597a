import { atom } from "nanostores";
import * as v from "valibot";
import type { ApiClient } from "../api/client.ts";
import { ApiError } from "../api/errors.ts";
import { AccountSchema, type Account } from "../api/schemas/people.ts";
import { PATHS } from "../api/paths.ts";

export type AccountsState = {
  status: "idle" | "loading" | "ready" | "error";
  list: Account[];
};

/** The signed-in user's accounts (GET /accounts), loaded once per page. */
export const $accounts = atom<AccountsState>({ status: "idle", list: [] });

const AccountsSchema = v.nullable(v.array(AccountSchema));

/**
 * Loads the accounts (spec section 7): a 403 with statusCode 1 goes to consent (the client does that);
 * any other refusal or a null body is an empty list; a network failure or a broken answer sets the
 * error state, which the UI shows with a retry.
 */
export async function loadAccounts(api: ApiClient): Promise<void> {
  $accounts.set({ status: "loading", list: $accounts.get().list });
  try {
    const list = await api.request(PATHS.accounts, AccountsSchema);
    $accounts.set({ status: "ready", list: list ?? [] });
  } catch (error) {
    if (error instanceof ApiError) $accounts.set({ status: "ready", list: [] });
    else $accounts.set({ status: "error", list: [] });
  }
}

/** Starts loading unless a load is done or under way (several islands may ask on one page). */
export function ensureAccounts(api: ApiClient): void {
  const { status } = $accounts.get();
  if (status === "idle" || status === "error") void loadAccounts(api);
}

/** Forgets the accounts (logout, tests). */
export function resetAccounts(): void {
  $accounts.set({ status: "idle", list: [] });
}
