import { describe, expect, it } from "vitest";
import {
  ADDRESS_POLICY,
  CLIENT_POLICY,
  createLoginThrottle,
  delayFor,
  QUIET_WINDOW_MS,
} from "../../stand-in/idp/throttle.ts";
import { generatePassword, hashPassword, verifyPassword } from "../../stand-in/idp/password.ts";
import { langFromUiLocales, escapeHtml } from "../../stand-in/idp/pages.ts";
import { lifetimesFromEnv, parseSeconds } from "../../stand-in/idp/lifetimes.ts";

const T0 = Date.UTC(2026, 0, 1);

/** A throttle on a clock the test moves, whose sleeps are recorded, not slept. */
function throttleAt() {
  let now = T0;
  const waits: number[] = [];
  const throttle = createLoginThrottle({ now: () => now, sleep: async (ms) => void waits.push(ms) });
  return { throttle, waits, advance: (ms: number) => (now += ms) };
}

describe("login throttle", () => {
  it("lets the first mistakes pass, then doubles the wait per failure, never beyond the cap", () => {
    expect([0, 1, 2].map((n) => delayFor(n, ADDRESS_POLICY))).toEqual([0, 0, 0]);
    expect([3, 4, 5, 6, 7, 8, 50].map((n) => delayFor(n, ADDRESS_POLICY))).toEqual([1_000, 2_000, 4_000, 8_000, 15_000, 15_000, 15_000]);
    expect(delayFor(CLIENT_POLICY.free - 1, CLIENT_POLICY)).toBe(0);
    expect(delayFor(10_000, CLIENT_POLICY)).toBe(CLIENT_POLICY.maxDelayMs);
  });

  it("waits longer per failed address, but never refuses: the wait is all there is", async () => {
    const { throttle, waits } = throttleAt();
    for (let i = 0; i < 8; i++) {
      await throttle.wait("klant@example.com", "10.0.0.1");
      throttle.failed("klant@example.com", "10.0.0.1");
    }
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 15_000]);
    // The rightful owner from another place waits at most the cap, then is let in (succeeded clears).
    expect(await throttle.wait("klant@example.com", "192.168.1.5")).toBe(15_000);
    throttle.succeeded("klant@example.com");
    expect(await throttle.wait("klant@example.com", "192.168.1.5")).toBe(0);
  });

  it("treats an address no account has exactly like one that has an account", async () => {
    const known = throttleAt();
    const unknown = throttleAt();
    for (let i = 0; i < 6; i++) {
      known.waits.push(await known.throttle.wait("hoofdgebruiker@example.com", "10.0.0.1"));
      known.throttle.failed("hoofdgebruiker@example.com", "10.0.0.1");
      unknown.waits.push(await unknown.throttle.wait("niemand@example.com", "10.0.0.1"));
      unknown.throttle.failed("niemand@example.com", "10.0.0.1");
    }
    expect(unknown.waits).toEqual(known.waits);
  });

  it("slows one client trying many addresses, and a sign-in to its own account does not reset that", async () => {
    const { throttle } = throttleAt();
    for (let i = 0; i < CLIENT_POLICY.free; i++) {
      expect(await throttle.wait(`klant${i}@example.com`, "10.0.0.9")).toBe(0);
      throttle.failed(`klant${i}@example.com`, "10.0.0.9");
    }
    throttle.succeeded("eigen@example.com");
    expect(await throttle.wait("nog-een@example.com", "10.0.0.9")).toBe(CLIENT_POLICY.firstDelayMs);
    // Another client is not slowed by it.
    expect(await throttle.wait("nog-een@example.com", "10.0.0.10")).toBe(0);
  });

  it("forgets a count after a quiet window", async () => {
    const { throttle, advance } = throttleAt();
    for (let i = 0; i < 5; i++) throttle.failed("klant@example.com", "10.0.0.1");
    advance(QUIET_WINDOW_MS - 1);
    expect(await throttle.wait("klant@example.com", "10.0.0.2")).toBe(4_000);
    advance(1);
    expect(await throttle.wait("klant@example.com", "10.0.0.2")).toBe(0);
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
