import { computed } from "nanostores";
import * as v from "valibot";
import type { ApiClient } from "../api/client.ts";
import { ApiError } from "../api/errors.ts";
import { AccountSchema, type Account } from "../api/schemas/people.ts";
import { PATHS } from "../api/paths.ts";
import { createResource, dataOf } from "./resource.ts";

export type AccountsState = {
  status: "idle" | "loading" | "ready" | "error";
  list: Account[];
};

const AccountsSchema = v.nullable(v.array(AccountSchema));

/** Whether the accounts were asked for since the page opened or the last reset. */
let started = false;
/** The call the next load makes; set by `loadAccounts`, which the islands give the page's API client. */
let fetchAccounts: (signal: AbortSignal) => Promise<Account[] | null> = () => Promise.resolve(null);

/**
 * The accounts: a 403 with statusCode 1 goes to consent (the client does that);
 * any other refusal or a null body is an empty list; a network failure or a broken answer is the
 * error state, which the UI shows with a retry.
 */
const accounts = createResource<Account[]>(async (signal) => {
  try {
    return (await fetchAccounts(signal)) ?? [];
  } catch (error) {
    if (error instanceof ApiError) return [];
    throw error;
  }
});

/** The signed-in user's accounts (GET /accounts), loaded once per page. */
export const $accounts = computed(accounts.$state, (state): AccountsState => ({
  status: !started ? "idle" : state.status === "forbidden" ? "ready" : state.status,
  list: dataOf(state) ?? [],
}));

/** Loads the accounts now; an answer for an earlier request is dropped. */
export function loadAccounts(api: ApiClient): Promise<void> {
  started = true;
  fetchAccounts = (signal) => api.request(PATHS.accounts, AccountsSchema, { signal });
  return accounts.load();
}

/** Starts loading unless a load is done or under way (several islands may ask on one page). */
export function ensureAccounts(api: ApiClient): void {
  if (!started || $accounts.get().status === "error") void loadAccounts(api);
}

/** Forgets the accounts (logout, tests). */
export function resetAccounts(): void {
  started = false;
  accounts.reset();
}
