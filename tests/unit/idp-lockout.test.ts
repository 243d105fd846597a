import { describe, expect, it } from "vitest";
import { afterFailure, CLEARED, FAILURE_WINDOW_MS, LOCK_MS, lockRemaining } from "../../stand-in/idp/lockout.ts";
import { generatePassword, hashPassword, verifyPassword } from "../../stand-in/idp/password.ts";
import { langFromUiLocales, escapeHtml } from "../../stand-in/idp/pages.ts";
import { lifetimesFromEnv, parseSeconds } from "../../stand-in/idp/lifetimes.ts";

const T0 = Date.UTC(2026, 0, 1);

describe("login lock-out", () => {
  it("locks at the fifth failure within the window, for LOCK_MS", () => {
    let state = CLEARED;
    for (let i = 0; i < 4; i++) state = afterFailure(state, T0 + i * 1000);
    expect(lockRemaining(state, T0 + 4000)).toBe(0);
    state = afterFailure(state, T0 + 4000);
    expect(lockRemaining(state, T0 + 4000)).toBe(LOCK_MS);
    expect(lockRemaining(state, T0 + 4000 + LOCK_MS - 1)).toBe(1);
    expect(lockRemaining(state, T0 + 4000 + LOCK_MS)).toBe(0);
  });

  it("does not lock when the failures are spread beyond the window", () => {
    let state = CLEARED;
    for (let i = 0; i < 4; i++) state = afterFailure(state, T0 + i * 1000);
    state = afterFailure(state, T0 + FAILURE_WINDOW_MS);
    expect(state).toEqual({ failedLogins: 1, firstFailedAt: T0 + FAILURE_WINDOW_MS, lockedUntil: null });
  });
});

describe("passwords", () => {
  it("verifies the right password and refuses another, with a salt per hash", async () => {
    const one = hashPassword("Welkom123!");
    const two = hashPassword("Welkom123!");
    expect(one).not.toBe(two);
    expect(one).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await verifyPassword("Welkom123!", one)).toBe(true);
    expect(await verifyPassword("welkom123!", one)).toBe(false);
    expect(await verifyPassword("Welkom123!", "md5$abc")).toBe(false);
  });

  it("generates distinct passwords of 16 characters", () => {
    const a = generatePassword();
    expect(a).toHaveLength(16);
    expect(generatePassword()).not.toBe(a);
  });
});

describe("page helpers", () => {
  it("takes English only when ui_locales starts with it", () => {
    expect(langFromUiLocales("en")).toBe("en");
    expect(langFromUiLocales("en-US nl")).toBe("en");
    expect(langFromUiLocales("nl-NL en")).toBe("nl");
    expect(langFromUiLocales(undefined)).toBe("nl");
  });
  it("escapes HTML", () => expect(escapeHtml(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;"));
});

describe("token lifetimes", () => {
  it("reads positive whole seconds from the environment and ignores anything else", () => {
    expect(lifetimesFromEnv({ KP_ACCESS_TOKEN_TTL: "30", KP_REFRESH_TOKEN_TTL: "-5", KP_ID_TOKEN_TTL: "abc" })).toMatchObject({
      accessToken: 30,
      refreshToken: 14 * 24 * 3600,
      idToken: 3600,
    });
    expect(parseSeconds("1.5")).toBeUndefined();
    expect(parseSeconds(12)).toBe(12);
  });
});
