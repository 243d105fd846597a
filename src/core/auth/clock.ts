/**
 * The clock every expiry, leeway and lock decision reads, so tests set the time exactly instead of
 * waiting (the same seam as oidc-client-ts's `Timer.getEpochTime`).
 */
let nowMs: () => number = () => Date.now();

/** Milliseconds since the epoch, from the current clock. */
export const now = (): number => nowMs();

/** Seconds since the epoch, as token claims count them. */
export const epochSeconds = (): number => Math.floor(nowMs() / 1000);

/** Replaces the clock (tests); call with no argument to restore the real one. */
export function setClock(clock?: () => number): void {
  nowMs = clock ?? (() => Date.now());
}
