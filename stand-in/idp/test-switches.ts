/**
 * What the test hooks can change in the provider at run time, and what it counts for them.
 * One object per provider instance; only reachable through /__test/ in test mode.
 */
import type { Lifetimes } from "./lifetimes.ts";

/** Ways to spoil the next ID token, to prove the site's own ID token checks refuse it. */
export const BAD_ID_TOKEN_KINDS = [
  "audience",
  "org_id",
  "issuer",
  "signature",
  "expired",
  "nonce",
  "no_nonce",
  "azp",
  "azp_foreign",
  "iat_future",
  "sub",
] as const;
export type BadIdTokenKind = (typeof BAD_ID_TOKEN_KINDS)[number];

export type GrantType = "authorization_code" | "refresh_token";

export type TestSwitches = {
  lifetimes: Lifetimes;
  /** Access-token lifetimes of single users (by e-mail), over `lifetimes`: a test's short tokens stay its own. */
  userAccessTokenSeconds: Map<string, number>;
  /**
   * Spoil the ID token of the next token response of this grant type ("any": the next one at all),
   * for this user only when `email` is given (so a test's switch cannot hit a parallel test's sign-in).
   */
  badIdToken: { kind: BadIdTokenKind; grant: GrantType | "any"; email?: string | undefined } | undefined;
  /** Successful token grants per user e-mail address. */
  grantCounts: Map<string, Record<GrantType, number>>;
  /** Make the token endpoint fail with this HTTP status this many times (network-error tests use 503). */
  tokenFailures: { status: number; remaining: number } | undefined;
  /**
   * The waits the login throttle imposed, in milliseconds, oldest first. In test mode the provider
   * records them here instead of waiting (throttle.ts), so tests read them exactly and at once.
   */
  loginWaits: number[];
  /** Forgets the login throttle's counts, of one typed address or all; how many were forgotten. */
  clearThrottle: (address?: string) => number;
};

export function createTestSwitches(lifetimes: Lifetimes): TestSwitches {
  return {
    lifetimes,
    userAccessTokenSeconds: new Map(),
    badIdToken: undefined,
    grantCounts: new Map(),
    tokenFailures: undefined,
    loginWaits: [],
    clearThrottle: () => 0,
  };
}

export function countGrant(switches: TestSwitches, email: string, grant: GrantType): void {
  const counts = switches.grantCounts.get(email) ?? { authorization_code: 0, refresh_token: 0 };
  counts[grant] += 1;
  switches.grantCounts.set(email, counts);
}
