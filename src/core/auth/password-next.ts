/**
 * Honest sign-out (docs/security.md): a sign-out that could not end the provider's session (the
 * provider did not answer in time, could not be reached, or there was nothing to send it) leaves
 * that session alive, and the next sign-in in this browser would pass without a password: on a
 * shared office PC, the next person in someone else's account. So this browser remembers it, and
 * every sign-in asks the provider for the password (`prompt=login`) until one has done so.
 *
 * Kept in localStorage under a key that no sign-out clears (it is not private data), so it holds
 * across tabs, reloads and browser restarts.
 */
export const PASSWORD_NEXT_KEY = "kp.auth.password-next";

type KeyStore = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** The provider's session may outlive this sign-out: the next sign-in asks for the password. */
export function rememberPasswordNext(storage: KeyStore): void {
  try {
    storage.setItem(PASSWORD_NEXT_KEY, "1");
  } catch {
    // Storage disabled: nothing else of the session can have been kept either.
  }
}

/** Whether the next sign-in must ask for the password. */
export function passwordNext(storage: KeyStore): boolean {
  try {
    return storage.getItem(PASSWORD_NEXT_KEY) !== null;
  } catch {
    return false;
  }
}

/** A sign-in that asked for the password (`prompt=login`) succeeded: sign-ins may pass silently again. */
export function forgetPasswordNext(storage: KeyStore): void {
  try {
    storage.removeItem(PASSWORD_NEXT_KEY);
  } catch {
    // Nothing stored.
  }
}

/** The extra authorization parameter while a password is due. */
export const promptFor = (storage: KeyStore): { prompt?: "login" } => (passwordNext(storage) ? { prompt: "login" } : {});
