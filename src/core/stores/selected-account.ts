import { persistentAtom } from "@nanostores/persistent";
import { computed } from "nanostores";
import type { Permission } from "../api/schemas/common.ts";
import type { Account } from "../api/schemas/people.ts";
import { SELECTED_ACCOUNT_KEY } from "../auth/private-storage.ts";
import { permissionsFor } from "../auth/user.ts";
import { $auth } from "./auth.ts";
import { $accounts } from "./accounts.ts";

/** The stored choice, shared across tabs through localStorage; undefined until one is made. */
export const $storedAccount = persistentAtom<string | undefined>(SELECTED_ACCOUNT_KEY, undefined);

/**
 * The initial choice: the stored value if it is one of the user's accounts; else the
 * account matching the user's first account number; else the first account.
 */
export function chooseAccount(
  accounts: readonly Pick<Account, "accountnumber">[],
  stored: string | undefined,
  userAccountNumbers: readonly string[],
): string | undefined {
  const numbers = accounts.map((account) => account.accountnumber);
  if (stored && numbers.includes(stored)) return stored;
  const first = userAccountNumbers[0];
  if (first && numbers.includes(first)) return first;
  return numbers[0];
}

/** The selected account number, once the accounts are known. */
export const $selectedAccount = computed([$accounts, $storedAccount, $auth], (accounts, stored, auth) =>
  accounts.status === "ready" ? chooseAccount(accounts.list, stored, auth.user?.accountNumbers ?? []) : undefined,
);

/** The selected account's full record (name, address) from the accounts list. */
export const $selectedAccountRecord = computed([$accounts, $selectedAccount], (accounts, number) =>
  accounts.list.find((account) => account.accountnumber === number),
);

/** The signed-in user's permissions on the selected account, from the token's sitePermissions claim. */
export const $permissions = computed([$auth, $selectedAccount], (auth, number): Permission[] =>
  permissionsFor(auth.user?.sitePermissions ?? [], number),
);

/** How the page is reloaded after a switch; a seam so tests can see it happen. */
let reload: () => void = () => window.location.reload();
export function setReload(next: () => void): void {
  reload = next;
}

/** Switching to another account saves it and reloads the page, so no island keeps the old account's data. */
export function selectAccount(accountNumber: string): void {
  if (accountNumber === $selectedAccount.get()) return;
  $storedAccount.set(accountNumber);
  reload();
}

/** Saves the initial choice so every tab and the next visit agree on it (no reload). */
export function rememberInitialChoice(): void {
  const chosen = $selectedAccount.get();
  if (chosen && chosen !== $storedAccount.get()) $storedAccount.set(chosen);
}

/** Logout forgets the choice. */
export function clearSelectedAccount(): void {
  $storedAccount.set(undefined);
}
