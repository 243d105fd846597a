/**
 * The stand-in provider's webhook retries, like Mollie's: a delivery that fails (no 2xx, or no
 * answer) is tried again after a growing wait, then given up. The waits run on an injected timer, so
 * tests step through them exactly instead of sleeping.
 */
export const WEBHOOK_RETRY_DELAYS_MS = [
  1_000,
  5_000,
  30_000,
  2 * 60_000,
  10 * 60_000,
  60 * 60_000,
  2 * 3_600_000,
  6 * 3_600_000,
] as const;

/** The timer seam: real `setTimeout` by default. */
export type Timer = { after: (ms: number, run: () => void) => void };
export const realTimer: Timer = {
  after: (ms, run) => {
    setTimeout(run, ms).unref();
  },
};

/**
 * Sends with `send` (true when the receiver answered 2xx) and, while it fails, again after each of
 * `delays`; `done` hears how it ended and after how many attempts.
 */
export function deliverWithRetries(
  send: () => Promise<boolean>,
  timer: Timer,
  delays: readonly number[] = WEBHOOK_RETRY_DELAYS_MS,
  done: (result: { delivered: boolean; attempts: number }) => void = () => undefined,
): void {
  const attempt = (index: number): void => {
    void send()
      .catch(() => false)
      .then((delivered) => {
        const wait = delays[index];
        if (delivered || wait === undefined) done({ delivered, attempts: index + 1 });
        else timer.after(wait, () => attempt(index + 1));
      });
  };
  attempt(0);
}
