import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setClock } from "../../src/core/auth/clock.ts";
import { AuthError } from "../../src/core/auth/errors.ts";
import { createLocalLocks } from "../../src/core/session/local-locks.ts";
import {
  createTokenSource,
  TOKEN_LOCK_NAME,
  withLock,
  type LockRequester,
  type TokenSnapshot,
  type TokenSourceDeps,
} from "../../src/core/auth/token-source.ts";

const T0 = 1_800_000_000;

/** A token cache shared by "tabs" (like localStorage) and a provider that counts grants. */
function world(initial: TokenSnapshot | null) {
  let stored = initial;
  let counter = 0;
  const calls = { refresh: 0, frame: 0, logout: 0 };
  const locks = createLocalLocks();
  const issue = (hasRefreshToken: boolean): void => {
    counter += 1;
    stored = { accessToken: `at-${counter}`, expiresAt: T0 + 3600, hasRefreshToken };
  };
  const tab = (overrides: Partial<TokenSourceDeps> = {}) =>
    createTokenSource({
      read: () => Promise.resolve(stored),
      refresh: async () => {
        calls.refresh += 1;
        await Promise.resolve();
        issue(true);
      },
      frame: () => {
        calls.frame += 1;
        issue(false);
        return Promise.resolve();
      },
      logoutLocally: () => {
        calls.logout += 1;
        stored = null;
        return Promise.resolve();
      },
      locks,
      marginSeconds: 60,
      crossOriginIsolated: () => false,
      ...overrides,
    });
  return { tab, calls, locks, get stored() { return stored; } };
}

const providerError = (code: string): Error => Object.assign(new Error(code), { error: code });

beforeEach(() => setClock(() => T0 * 1000));
afterEach(() => {
  setClock();
  vi.useRealTimers();
});

describe("token order: cache, lock, refresh token, frame", () => {
  it("returns a cached token that is fresh beyond the margin without renewing", async () => {
    const w = world({ accessToken: "cached", expiresAt: T0 + 61, hasRefreshToken: true });
    await expect(w.tab().getAccessToken()).resolves.toBe("cached");
    expect(w.calls).toEqual({ refresh: 0, frame: 0, logout: 0 });
  });

  it("counts a token as expired 60 s early and renews it with the refresh token", async () => {
    const w = world({ accessToken: "cached", expiresAt: T0 + 60, hasRefreshToken: true });
    await expect(w.tab().getAccessToken()).resolves.toBe("at-1");
    expect(w.calls).toEqual({ refresh: 1, frame: 0, logout: 0 });
  });

  it("renews a token that expired long ago (the laptop slept)", async () => {
    const w = world({ accessToken: "old", expiresAt: T0 - 86_400, hasRefreshToken: true });
    await expect(w.tab().getAccessToken()).resolves.toBe("at-1");
  });

  it("returns undefined for nobody signed in, without asking the provider", async () => {
    const w = world(null);
    await expect(w.tab().getAccessToken()).resolves.toBeUndefined();
    expect(w.calls.frame).toBe(0);
  });

  it("tries the frame without a stored session for the silent session check", async () => {
    const w = world(null);
    await expect(w.tab().getAccessToken({ allowWithoutSession: true })).resolves.toBe("at-1");
    expect(w.calls).toEqual({ refresh: 0, frame: 1, logout: 0 });
  });

  it("renews a token the API refused even when the cache thinks it is fresh", async () => {
    const w = world({ accessToken: "refused", expiresAt: T0 + 3000, hasRefreshToken: true });
    await expect(w.tab().getAccessToken({ rejected: "refused" })).resolves.toBe("at-1");
    expect(w.calls.refresh).toBe(1);
  });

  it("falls back to the frame when there is no refresh token", async () => {
    const w = world({ accessToken: "old", expiresAt: T0 - 1, hasRefreshToken: false });
    await expect(w.tab().getAccessToken()).resolves.toBe("at-1");
    expect(w.calls).toEqual({ refresh: 0, frame: 1, logout: 0 });
  });

  it("falls back to the frame when the refresh token is refused", async () => {
    const w = world({ accessToken: "old", expiresAt: T0 - 1, hasRefreshToken: true });
    const tab = w.tab({ refresh: () => Promise.reject(providerError("invalid_grant")) });
    await expect(tab.getAccessToken()).resolves.toBe("at-1");
    expect(w.calls.frame).toBe(1);
  });

  it("does not hide another refresh failure behind the frame", async () => {
    const w = world({ accessToken: "old", expiresAt: T0 - 1, hasRefreshToken: true });
    const tab = w.tab({ refresh: () => Promise.reject(new TypeError("Failed to fetch")) });
    await expect(tab.getAccessToken()).rejects.toMatchObject({ kind: "token_failed" });
    expect(w.calls.frame).toBe(0);
  });

  it("logs out locally only when the frame answers login_required", async () => {
    const w = world({ accessToken: "old", expiresAt: T0 - 1, hasRefreshToken: false });
    const tab = w.tab({ frame: () => Promise.reject(providerError("login_required")) });
    const error = (await tab.getAccessToken().catch((e: unknown) => e)) as AuthError;
    expect(error.kind).toBe("login_required");
    expect(w.calls.logout).toBe(1);
    expect(w.stored).toBeNull();
  });

  it("refuses the frame in a cross-origin isolated context", async () => {
    const w = world({ accessToken: "old", expiresAt: T0 - 1, hasRefreshToken: false });
    const tab = w.tab({ crossOriginIsolated: () => true });
    await expect(tab.getAccessToken()).rejects.toMatchObject({ kind: "cross_origin_isolated" });
    expect(w.calls.frame).toBe(0);
  });
});

describe("one refresh in flight", () => {
  it("with three tabs asking at once, the provider sees one refresh and every tab gets its token", async () => {
    const w = world({ accessToken: "old", expiresAt: T0 - 1, hasRefreshToken: true });
    const tabs = [w.tab(), w.tab(), w.tab()];
    const tokens = await Promise.all(tabs.flatMap((tab) => [tab.getAccessToken(), tab.getAccessToken()]));
    expect(tokens).toEqual(Array(6).fill("at-1"));
    expect(w.calls.refresh).toBe(1);
  });
});

describe("storage that reaches other tabs late", () => {
  /**
   * Two tabs whose copies of the stored tokens sync only when `sync()` runs, as Chromium's
   * localStorage between renderer processes; the provider refuses a rotated refresh token.
   */
  function laggingTabs(afterRenewal: (sync: () => void) => () => Promise<void>) {
    const copies = [
      { accessToken: "old", expiresAt: T0 - 1, refreshToken: "rt-0" },
      { accessToken: "old", expiresAt: T0 - 1, refreshToken: "rt-0" },
    ];
    let valid = "rt-0";
    let issued = 0;
    const calls = { refresh: 0, refused: 0, frame: 0 };
    const locks = createLocalLocks();
    const sync = (): void => void (copies[1] = { ...copies[0]! });
    const tab = (index: 0 | 1) =>
      createTokenSource({
        read: () => Promise.resolve({ ...copies[index]!, hasRefreshToken: true }),
        refresh: async () => {
          calls.refresh += 1;
          await Promise.resolve();
          if (copies[index]!.refreshToken !== valid) {
            calls.refused += 1;
            throw providerError("invalid_grant");
          }
          issued += 1;
          valid = `rt-${issued}`;
          copies[index] = { accessToken: `at-${issued}`, expiresAt: T0 + 3600, refreshToken: valid };
        },
        frame: () => {
          calls.frame += 1;
          return Promise.resolve();
        },
        logoutLocally: () => Promise.resolve(),
        locks,
        marginSeconds: 60,
        crossOriginIsolated: () => false,
        afterRenewal: afterRenewal(sync),
      });
    return { tabs: [tab(0), tab(1)] as const, calls };
  }

  it("keeps the lock after a renewal until the other tab can see it: no rotated token is sent", async () => {
    let settled!: () => void;
    const w = laggingTabs((sync) => () => new Promise<void>((resolve) => (settled = () => (sync(), resolve()))));
    const first = w.tabs[0].getAccessToken();
    const second = w.tabs[1].getAccessToken();
    // The renewing tab has its token while it still holds the lock; the other tab waits.
    await expect(first).resolves.toBe("at-1");
    expect(w.calls.refresh).toBe(1);
    settled();
    await expect(second).resolves.toBe("at-1");
    expect(w.calls).toEqual({ refresh: 1, refused: 0, frame: 0 });
  });

  it("without that wait the other tab sends the rotated token and falls back to the frame", async () => {
    const w = laggingTabs(() => () => Promise.resolve());
    await Promise.all([w.tabs[0].getAccessToken(), w.tabs[1].getAccessToken()]);
    expect(w.calls).toEqual({ refresh: 2, refused: 1, frame: 1 });
  });
});

describe("cross-tab lock timing", () => {
  /** A lock some other tab holds until `release()`. */
  function heldElsewhere(locks: LockRequester) {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    void locks(TOKEN_LOCK_NAME, { signal: new AbortController().signal }, () => held);
    return { release };
  }

  it("waits 5000 ms per attempt and gives up with a timeout after 10 attempts", async () => {
    vi.useFakeTimers();
    const locks = createLocalLocks();
    heldElsewhere(locks);
    let ran = false;
    const result = withLock(locks, TOKEN_LOCK_NAME, () => {
      ran = true;
      return Promise.resolve("x");
    }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(49_999);
    let settled = false;
    void result.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = (await result) as AuthError;
    expect(error).toBeInstanceOf(AuthError);
    expect(error.kind).toBe("timeout");
    expect(ran).toBe(false);
  });

  it("gets the lock on a later attempt once the other tab lets go", async () => {
    vi.useFakeTimers();
    const locks = createLocalLocks();
    const other = heldElsewhere(locks);
    const result = withLock(locks, TOKEN_LOCK_NAME, () => Promise.resolve("mine"));
    await vi.advanceTimersByTimeAsync(12_000);
    other.release();
    await expect(result).resolves.toBe("mine");
  });

  it("passes an error from inside the lock through without retrying", async () => {
    const locks = createLocalLocks();
    let runs = 0;
    await expect(
      withLock(locks, TOKEN_LOCK_NAME, () => {
        runs += 1;
        return Promise.reject(new Error("boom"));
      }),
    ).rejects.toThrow("boom");
    expect(runs).toBe(1);
  });
});
