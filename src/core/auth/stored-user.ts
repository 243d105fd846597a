/**
 * oidc-client-ts's stored user, read and written without loading the library. A signed-in page
 * with a fresh token (the usual case) needs only this: the library is loaded when tokens have to
 * be fetched, so it stays out of the first portal page's script budget.
 *
 * The key and the shape are oidc-client-ts's own (`WebStorageStateStore` with its default `oidc.`
 * prefix, `UserManager`'s `user:<authority>:<client_id>`, `User.toStorageString()`);
 * tests/unit/auth-stored-user.test.ts checks them against the library.
 */

/** The fields of the stored user this site reads. */
export type StoredUser = {
  access_token: string;
  id_token?: string | undefined;
  refresh_token?: string | undefined;
  /** Epoch seconds. */
  expires_at?: number | undefined;
  profile: Record<string, unknown>;
};

/** The localStorage key under which oidc-client-ts keeps the user of this provider and client. */
export const storedUserKey = (authority: string, clientId: string): string =>
  `oidc.user:${authority}:${clientId}`;

/** The stored user, or null when there is none or it cannot be read. */
export function readStoredUser(storage: Storage, key: string): StoredUser | null {
  const raw = storage.getItem(key);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<StoredUser> | null;
    if (
      !parsed ||
      typeof parsed.access_token !== "string" ||
      typeof parsed.profile !== "object" ||
      parsed.profile === null
    )
      return null;
    return parsed as StoredUser;
  } catch {
    return null;
  }
}

/** Writes `user` back in the library's format (other fields it stored are kept as they were). */
export function writeStoredUser(storage: Storage, key: string, user: StoredUser): void {
  storage.setItem(key, JSON.stringify(user));
}

export function removeStoredUser(storage: Storage, key: string): void {
  storage.removeItem(key);
}
