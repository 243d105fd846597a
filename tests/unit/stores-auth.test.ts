import { beforeEach, describe, expect, it } from "vitest";
import type { AuthService } from "../../src/core/auth/oidc-service.ts";
import { AuthError } from "../../src/core/auth/errors.ts";
import type { AuthUser } from "../../src/core/auth/user.ts";
import {
  $auth,
  followRefreshes,
  initAuth,
  isCallbackUrl,
  loginWithPopup,
  logout,
  resetAuth,
  signedOutElsewhere,
} from "../../src/core/stores/auth.ts";

const jan: AuthUser = {
  sub: "u1",
  name: "Jan Jansen",
  email: "jan@example.com",
  firstName: "Jan",
  lastName: "Jansen",
  updatedAt: 100,
  accountNumbers: ["100001"],
  sitePermissions: [{ accountNumber: "100001", permissions: ["FACTUREN"] }],
};

/** A scripted sign-in service that records what the store asked of it. */
function fakeService(overrides: Partial<AuthService> = {}) {
  const calls: string[] = [];
  let stored: AuthUser | null = null;
  let refreshListener: ((user: AuthUser) => void) | undefined;
  const service: AuthService = {
    handleRedirectCallback: (url) => {
      calls.push(`callback ${url}`);
      stored = jan;
      return Promise.resolve({ returnTo: "/mijn-account/facturen" });
    },
    hasSessionCookie: () => false,
    checkSession: () => {
      calls.push("checkSession");
      return Promise.resolve();
    },
    getUser: () => Promise.resolve(stored),
    loginWithPopup: () => {
      calls.push("popup");
      return Promise.resolve(jan);
    },
    logout: (options) => {
      calls.push(`logout ${JSON.stringify(options)}`);
      return Promise.resolve();
    },
    onUserRefreshed: (listener) => {
      refreshListener = listener;
      return () => (refreshListener = undefined);
    },
    ...overrides,
  };
  return { service, calls, setStored: (user: AuthUser | null) => (stored = user), refresh: (user: AuthUser) => refreshListener?.(user) };
}

beforeEach(() => resetAuth());

describe("auth store initial state", () => {
  it("starts loading, signed out, without user or error", () => {
    expect($auth.get()).toEqual({ isLoading: true, isAuthenticated: false, user: undefined, error: undefined });
  });
});

describe("callback detection", () => {
  it.each([
    ["https://site/callback?code=c&state=s", true],
    ["https://site/callback?error=access_denied&state=s", true],
    ["https://site/callback?code=c", false],
    ["https://site/callback?state=s", false],
    ["https://site/mijn-account/dashboard", false],
  ])("%s is a callback: %s", (url, expected) => {
    expect(isCallbackUrl(new URL(url))).toBe(expected);
  });
});

describe("initialisation", () => {
  it("handles a callback URL, loads the user and ends loading, returning the target", async () => {
    const fake = fakeService();
    const result = await initAuth(fake.service, new URL("https://site/callback?code=c&state=s"));
    expect(result).toEqual({ returnTo: "/mijn-account/facturen" });
    expect(fake.calls).toEqual(["callback https://site/callback?code=c&state=s"]);
    expect($auth.get()).toEqual({ isLoading: false, isAuthenticated: true, user: jan, error: undefined });
  });

  it("runs the silent session check when the is-authenticated cookie is set", async () => {
    const fake = fakeService({ hasSessionCookie: () => true });
    fake.setStored(jan);
    await initAuth(fake.service, new URL("https://site/mijn-account/dashboard"));
    expect(fake.calls).toEqual(["checkSession"]);
    expect($auth.get().isAuthenticated).toBe(true);
  });

  it("skips the session check without the cookie and ends signed out", async () => {
    const fake = fakeService();
    await initAuth(fake.service, new URL("https://site/mijn-account/dashboard"));
    expect(fake.calls).toEqual([]);
    expect($auth.get()).toEqual({ isLoading: false, isAuthenticated: false, user: undefined, error: undefined });
  });

  it("treats login_required from the session check as signed out, not as an error", async () => {
    const fake = fakeService({
      hasSessionCookie: () => true,
      checkSession: () => Promise.reject(new AuthError("login_required", "Login required")),
    });
    await initAuth(fake.service, new URL("https://site/"));
    expect($auth.get()).toMatchObject({ isLoading: false, isAuthenticated: false, error: undefined });
  });

  it("ends with the error of a failed callback", async () => {
    const fake = fakeService({ handleRedirectCallback: () => Promise.reject(new Error("Invalid state")) });
    await initAuth(fake.service, new URL("https://site/callback?code=c&state=wrong"));
    const state = $auth.get();
    expect(state.isLoading).toBe(false);
    expect(state.isAuthenticated).toBe(false);
    expect(state.error?.kind).toBe("invalid_state");
  });

  it("falls back to 'Login failed' for an error without a message", async () => {
    const fake = fakeService({ handleRedirectCallback: () => Promise.reject(new Error("")) });
    await initAuth(fake.service, new URL("https://site/callback?code=c&state=s"));
    expect($auth.get().error?.message).toBe("Login failed");
  });
});

describe("popup login", () => {
  it("sets loading while the popup is open, then the user", async () => {
    let finish!: (user: AuthUser) => void;
    const fake = fakeService({ loginWithPopup: () => new Promise((resolve) => (finish = resolve)) });
    $auth.set({ isLoading: false, isAuthenticated: false, user: undefined, error: undefined });
    const done = loginWithPopup(fake.service);
    expect($auth.get().isLoading).toBe(true);
    finish(jan);
    await done;
    expect($auth.get()).toEqual({ isLoading: false, isAuthenticated: true, user: jan, error: undefined });
  });

  it("ends with the error when the popup fails", async () => {
    const fake = fakeService({ loginWithPopup: () => Promise.reject(new Error("Popup closed by user")) });
    await loginWithPopup(fake.service);
    expect($auth.get()).toMatchObject({ isLoading: false, isAuthenticated: false });
    expect($auth.get().error?.kind).toBe("popup_cancelled");
  });
});

describe("logout", () => {
  it("clears the user and asks the service to end the session", async () => {
    const fake = fakeService();
    $auth.set({ isLoading: false, isAuthenticated: true, user: jan, error: undefined });
    await logout(fake.service, { federated: true });
    expect($auth.get()).toEqual({ isLoading: false, isAuthenticated: false, user: undefined, error: undefined });
    expect(fake.calls).toEqual(['logout {"federated":true}']);
  });

  it("refuses federated and localOnly together", async () => {
    const fake = fakeService();
    await expect(logout(fake.service, { federated: true, localOnly: true })).rejects.toThrow(
      "It is invalid to set both the `federated` and `localOnly` options to `true`",
    );
    expect(fake.calls).toEqual([]);
  });

  it("forgets the user when another tab logged out", () => {
    $auth.set({ isLoading: false, isAuthenticated: true, user: jan, error: undefined });
    signedOutElsewhere();
    expect($auth.get().user).toBeUndefined();
  });
});

describe("token refresh", () => {
  it("updates the user only when updated_at changed", async () => {
    const fake = fakeService();
    fake.setStored(jan);
    await initAuth(fake.service, new URL("https://site/"));
    // Without the cookie nothing was checked, but a stored user counts.
    const stop = followRefreshes(fake.service);
    const before = $auth.get().user;
    fake.refresh({ ...jan, sitePermissions: [] });
    expect($auth.get().user).toBe(before);
    const changed = { ...jan, updatedAt: 200, sitePermissions: [] };
    fake.refresh(changed);
    expect($auth.get().user).toBe(changed);
    stop();
  });
});
