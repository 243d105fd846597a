import type { Permission } from "../api/schemas/common.ts";
import type { AccountsState } from "../stores/accounts.ts";
import type { AuthState } from "../stores/auth.ts";
import { isAllowed } from "./index.ts";

/** What a private page shows, decided from the stores; only "allowed" renders the page's own content. */
export type GuardView =
  | { kind: "loading" }
  | { kind: "auth-error" }
  | { kind: "sign-in" }
  | { kind: "accounts-error" }
  | { kind: "no-accounts" }
  | { kind: "forbidden" }
  | { kind: "allowed" };

export type GuardInput = {
  auth: AuthState;
  /** The session ended while the page was open: keep showing it (a dialog offers to sign in again). */
  sessionExpired: boolean;
  /** A logout is under way: wait for it rather than start a new sign-in. */
  signingOut?: boolean;
  accounts: AccountsState;
  /** False for pages that need no account (consent): they only need a signed-in user. */
  needsAccount: boolean;
  required: readonly Permission[];
  held: readonly Permission[];
};

/** The one decision every private page makes, in order: sign-in, accounts, permission. */
export function guardView(input: GuardInput): GuardView {
  const { auth, accounts } = input;
  if (input.signingOut) return { kind: "loading" };
  if (input.sessionExpired && auth.user) return { kind: "allowed" };
  if (auth.isLoading) return { kind: "loading" };
  if (auth.error && !auth.isAuthenticated) return { kind: "auth-error" };
  if (!auth.isAuthenticated) return { kind: "sign-in" };
  if (!input.needsAccount) return { kind: "allowed" };
  if (accounts.status === "error") return { kind: "accounts-error" };
  if (accounts.status !== "ready") return { kind: "loading" };
  if (accounts.list.length === 0) return { kind: "no-accounts" };
  return isAllowed(input.required, input.held) ? { kind: "allowed" } : { kind: "forbidden" };
}
