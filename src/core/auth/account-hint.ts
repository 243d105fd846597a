import { SELECTED_ACCOUNT_KEY } from "./private-storage.ts";

/** The query parameter of /inloggen naming the account to open after signing in. */
export const ACCOUNT_HINT_PARAM = "account";

/**
 * The account a sign-in link names (`/inloggen?account=100002`), when it is shaped like an account
 * number. The provider sends a person who just accepted an invitation there, so someone with several
 * accounts lands on the one they were invited to.
 */
export function accountHint(search: string): string | undefined {
  const value = new URLSearchParams(search).get(ACCOUNT_HINT_PARAM);
  return value && /^\d{1,20}$/.test(value) ? value : undefined;
}

/**
 * Makes the hinted account the stored choice before the sign-in starts. Only a hint: the portal
 * opens it only if it is one of the person's own accounts (`chooseAccount`), else their usual one.
 */
export function preselectAccount(search: string, storage: Pick<Storage, "setItem">): void {
  const hinted = accountHint(search);
  if (hinted) storage.setItem(SELECTED_ACCOUNT_KEY, hinted);
}
