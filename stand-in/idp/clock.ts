/**
 * The stand-in's clock for its own rules (login throttle, `updated_at`, consent time, a sign-in's
 * `auth_time` and the step-up rule that reads it). Tests move it
 * forward through the test hooks instead of waiting; the identity provider's token expiry uses real
 * time and is made short with the lifetime settings instead.
 */
let offsetMs = 0;

export const clock = {
  /** Epoch milliseconds. */
  now: (): number => Date.now() + offsetMs,
  nowSeconds: (): number => Math.floor((Date.now() + offsetMs) / 1000),
  nowIso: (): string => new Date(Date.now() + offsetMs).toISOString(),
  advance(ms: number): void {
    offsetMs += ms;
  },
  reset(): void {
    offsetMs = 0;
  },
};
