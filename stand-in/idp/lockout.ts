/**
 * Login lock-out: 5 failed passwords for one e-mail address within 15 minutes lock it for 15 minutes.
 * Pure functions over the state stored on the user, so the rule is tested without a server.
 */
const MAX_FAILURES = 5;
export const FAILURE_WINDOW_MS = 15 * 60_000;
export const LOCK_MS = 15 * 60_000;

type LoginState = { failedLogins: number; firstFailedAt: number | null; lockedUntil: number | null };

export const CLEARED: LoginState = { failedLogins: 0, firstFailedAt: null, lockedUntil: null };

/** Milliseconds until the lock ends, or 0 when not locked. */
export const lockRemaining = (state: LoginState, now: number): number =>
  state.lockedUntil !== null && state.lockedUntil > now ? state.lockedUntil - now : 0;

/** The state after one more failed password; the fifth failure in the window starts a lock. */
export function afterFailure(state: LoginState, now: number): LoginState {
  const inWindow = state.firstFailedAt !== null && now - state.firstFailedAt < FAILURE_WINDOW_MS;
  const failedLogins = inWindow ? state.failedLogins + 1 : 1;
  const firstFailedAt = inWindow ? state.firstFailedAt : now;
  if (failedLogins >= MAX_FAILURES) return { failedLogins: 0, firstFailedAt: null, lockedUntil: now + LOCK_MS };
  return { failedLogins, firstFailedAt, lockedUntil: null };
}
