import { User, UserManager, WebStorageStateStore } from "oidc-client-ts";
import { describe, expect, it } from "vitest";
import { readStoredUser, removeStoredUser, storedUserKey, writeStoredUser } from "../../src/core/auth/stored-user.ts";

/** localStorage's contract, in memory. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

const AUTHORITY = "http://localhost:4010";
const CLIENT_ID = "klantportaal-local";

/** A UserManager configured like the site's (same store, authority and client), with its storage. */
function library() {
  const storage = memoryStorage();
  const store = new WebStorageStateStore({ store: storage });
  const manager = new UserManager({
    authority: AUTHORITY,
    client_id: CLIENT_ID,
    redirect_uri: `${AUTHORITY}/callback`,
    userStore: store,
    stateStore: store,
  });
  return { storage, manager, key: storedUserKey(AUTHORITY, CLIENT_ID) };
}

const user = () =>
  new User({
    access_token: "access-1",
    id_token: "id-1",
    refresh_token: "refresh-1",
    token_type: "Bearer",
    scope: "openid offline_access",
    profile: { sub: "usr-0001", iss: AUTHORITY, aud: CLIENT_ID, exp: 2_000_000_000, iat: 1_900_000_000, email: "a@example.com" },
    expires_at: 1_900_000_600,
  });

describe("the stored user without the library", () => {
  it("reads what oidc-client-ts stored, under the same key", async () => {
    const { storage, manager, key } = library();
    await manager.storeUser(user());
    expect(readStoredUser(storage, key)).toMatchObject({
      access_token: "access-1",
      id_token: "id-1",
      refresh_token: "refresh-1",
      expires_at: 1_900_000_600,
      profile: { sub: "usr-0001", email: "a@example.com" },
    });
  });

  it("writes back a user the library reads (the frame renewal drops the refresh token this way)", async () => {
    const { storage, manager, key } = library();
    await manager.storeUser(user());
    const stored = readStoredUser(storage, key)!;
    delete stored.refresh_token;
    writeStoredUser(storage, key, stored);
    const reread = await manager.getUser();
    expect(reread?.access_token).toBe("access-1");
    expect(reread?.refresh_token).toBeUndefined();
    expect(reread?.scope).toBe("openid offline_access");
  });

  it("removes the user so the library finds none", async () => {
    const { storage, manager, key } = library();
    await manager.storeUser(user());
    removeStoredUser(storage, key);
    expect(await manager.getUser()).toBeNull();
    expect(readStoredUser(storage, key)).toBeNull();
  });

  it("treats a missing, broken or foreign entry as no user", () => {
    const { storage, key } = library();
    expect(readStoredUser(storage, key)).toBeNull();
    storage.setItem(key, "{not json");
    expect(readStoredUser(storage, key)).toBeNull();
    storage.setItem(key, JSON.stringify({ access_token: 42, profile: {} }));
    expect(readStoredUser(storage, key)).toBeNull();
    storage.setItem(key, "null");
    expect(readStoredUser(storage, key)).toBeNull();
  });
});
