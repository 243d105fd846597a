import { decodeJwt } from "jose";
import * as v from "valibot";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { runtimeSettingsFor } from "../../dev/lib/stack-config.ts";
import { createApiClient } from "../../src/core/api/client.ts";
import { PATHS } from "../../src/core/api/paths.ts";
import { AccountSchema } from "../../src/core/api/schemas/people.ts";
import type { AuthError } from "../../src/core/auth/errors.ts";
import type { SessionBrowser } from "../../src/core/auth/session-browser.ts";
import { readStoredUser, storedUserKey, writeStoredUser } from "../../src/core/auth/stored-user.ts";
import { createProviderTokens } from "../../src/core/auth/token-source.ts";
import type { AuthUser } from "../../src/core/auth/user.ts";
import { createLocalLocks } from "../../src/core/session/local-locks.ts";
import { startTestBackend, type TestBackend } from "../support/backend.ts";
import { signIn } from "./support/tokens.ts";

/**
 * The access token's whole path against the stand-in: the API client asks `accessToken()`, a 401
 * renews through the real provider flows (oidc-client-ts, our ID token checks), and the call is
 * repeated with the renewed token. The page around it is a recording SessionBrowser.
 */

let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(async () => {
  await backend.close();
});
beforeEach(async () => {
  await hook("reset");
});

const hook = (name: string, body: unknown = {}): Promise<Response> =>
  fetch(`${backend.url}/__test/${name}`, { method: "POST", body: JSON.stringify(body) });

/** A signed-in browser: the user's real tokens stored as oidc-client-ts stores them, with `accessToken` in place of the real one. */
async function signedInBrowser(email: string, accessToken?: string) {
  const settings = runtimeSettingsFor(backend.config);
  const tokens = await signIn(backend, email);
  const storage = new Map<string, string>();
  const store = {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => void storage.set(key, value),
    removeItem: (key: string) => void storage.delete(key),
    key: (index: number) => [...storage.keys()][index] ?? null,
    get length() {
      return storage.size;
    },
    clear: () => storage.clear(),
  } as Storage;
  const userKey = storedUserKey(settings.auth.domain, settings.auth.clientId);
  // The fields oidc-client-ts keeps besides those the site reads (token_type, scope) go in too.
  const user = {
    access_token: accessToken ?? tokens.access_token,
    id_token: tokens.id_token,
    refresh_token: tokens.refresh_token,
    token_type: tokens.token_type,
    scope: tokens.scope,
    expires_at: Math.floor(Date.now() / 1000) + tokens.expires_in,
    profile: decodeJwt(tokens.id_token) as Record<string, unknown>,
  };
  writeStoredUser(store, userKey, user);
  const page = { loggedOutTold: 0, forgotten: 0, signedIn: 0 };
  const browser = {
    origin: "http://localhost",
    storage: store,
    locks: createLocalLocks(),
    crossOriginIsolated: () => false,
    markSignedIn: () => void (page.signedIn += 1),
    markSignedOut: () => undefined,
    forgetPrivateData: async () => void (page.forgotten += 1),
    tellLoggedOut: () => void (page.loggedOutTold += 1),
  } as Partial<SessionBrowser> as SessionBrowser;
  const failures: AuthError[] = [];
  const renewedUsers: AuthUser[] = [];
  const provider = createProviderTokens(settings.auth, browser, (error) => void failures.push(error));
  provider.onUserRefreshed((user) => renewedUsers.push(user));
  const asked: (string | undefined)[] = [];
  const api = createApiClient({
    apiUrl: settings.apiUrl,
    subscriptionKey: settings.subscriptionKey,
    accessToken: (rejected) => {
      asked.push(rejected);
      return provider.accessToken(rejected);
    },
    onConsentRequired: () => undefined,
    retryLimit: 0,
  });
  return { api, asked, page, failures, renewedUsers, stored: () => readStoredUser(store, userKey), tokens };
}

const accounts = (api: ReturnType<typeof createApiClient>) => api.request(PATHS.accounts, v.array(AccountSchema));

describe("the access token for an API call", () => {
  it("sends a fresh stored token as it is, asking once and renewing nothing", async () => {
    const browser = await signedInBrowser("hoofdgebruiker@example.com");
    await expect(accounts(browser.api)).resolves.not.toBeNull();
    expect(browser.asked).toEqual([undefined]);
    expect(browser.stored()?.refresh_token).toBe(browser.tokens.refresh_token);
    expect(browser.renewedUsers).toEqual([]);
  });

  it("renews a token the API refuses through the provider and repeats the call with the renewed token", async () => {
    const pageFetch = globalThis.fetch;
    const browser = await signedInBrowser("hoofdgebruiker@example.com", "refused-by-the-api");
    await expect(accounts(browser.api)).resolves.not.toBeNull();
    expect(browser.asked).toEqual([undefined, "refused-by-the-api"]);
    const renewed = browser.stored();
    expect(renewed?.access_token).not.toBe("refused-by-the-api");
    // Refresh tokens rotate: the one the provider issued at sign-in is used up.
    expect(renewed?.refresh_token).not.toBe(browser.tokens.refresh_token);
    expect(browser.renewedUsers.map((user) => user.email)).toEqual(["hoofdgebruiker@example.com"]);
    expect(browser.failures).toEqual([]);
    expect(globalThis.fetch).toBe(pageFetch);
  });

  it("ends the session in every tab when the renewal brings an ID token that fails a check", async () => {
    const browser = await signedInBrowser("hoofdgebruiker@example.com", "refused-by-the-api");
    await hook("bad-id-token", { kind: "audience", grant: "refresh_token" });
    const error = (await accounts(browser.api).catch((e: unknown) => e)) as AuthError;
    expect(error.kind).toBe("token_refused");
    expect(browser.failures.map((failure) => failure.code)).toEqual(["token_refused"]);
    expect(browser.stored()).toBeNull();
    expect(browser.page).toMatchObject({ loggedOutTold: 1, forgotten: 1 });
  });
});
