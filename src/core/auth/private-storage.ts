/** localStorage keys with this prefix are private caches, removed at logout (see docs/portal-howto.md). */
export const PRIVATE_CACHE_PREFIX = "kp.private.";

/** localStorage key of the chosen account; the value is the account number as a plain string. */
export const SELECTED_ACCOUNT_KEY = "selectedAccount";

/** True for a localStorage key that holds something of the signed-in user, forgotten at logout. */
export const isPrivateKey = (key: string): boolean => key.startsWith(PRIVATE_CACHE_PREFIX) || key === SELECTED_ACCOUNT_KEY;
