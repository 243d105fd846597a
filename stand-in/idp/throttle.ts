/**
 * Login throttling that neither locks out nor tells (docs/security.md, "Sign-in throttling").
 *
 * Failed passwords are counted per typed e-mail address (whether or not an account has it) and per
 * client address. Past a few free failures, every further attempt on that address or from that
 * client waits first, longer with each failure (doubling, capped), before its password is checked.
 * Nothing is ever refused: the right password, after its wait, signs in. The count of an address
 * fades after a quiet window and a sign-in with the right password clears it; a client address's
 * count only fades, so signing in to one's own account does not reset the wait for guessing others.
 *
 * A lock-out (the previous rule) let anyone lock a customer out by typing wrong passwords, and its
 * different answer for known addresses told which addresses exist.
 */

export type ThrottlePolicy = {
  /** Failures that cost nothing: people mistype. */
  free: number;
  /** The first wait after the free failures; each further failure doubles it. */
  firstDelayMs: number;
  /** No wait is longer: the right password is never kept out for minutes. */
  maxDelayMs: number;
};

/** Per typed e-mail address: three free mistakes, then 1 s, 2 s, 4 s, 8 s, 15 s at most. */
export const ADDRESS_POLICY: ThrottlePolicy = { free: 3, firstDelayMs: 1_000, maxDelayMs: 15_000 };
/**
 * Per client address: more room (an office behind one address, a colleague's typos), then the same
 * growth. One guesser trying many addresses meets this one.
 */
export const CLIENT_POLICY: ThrottlePolicy = { free: 20, firstDelayMs: 1_000, maxDelayMs: 15_000 };
/** A count not added to for this long is forgotten. */
export const QUIET_WINDOW_MS = 15 * 60_000;
/** At most this many counts are kept; the stalest go first (an attacker cannot grow the memory). */
const MAX_ENTRIES = 50_000;

/** The wait before an attempt, given the failures counted so far. */
export function delayFor(failures: number, policy: ThrottlePolicy): number {
  const over = failures - policy.free;
  if (over < 0) return 0;
  return Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** Math.min(over, 30));
}

type Count = { failures: number; lastFailureAt: number };

export type LoginThrottle = {
  /** Waits as long as the address and the client have earned, then returns the milliseconds waited. */
  wait: (address: string, client: string) => Promise<number>;
  /** One more failed password for this typed address from this client. */
  failed: (address: string, client: string) => void;
  /** The right password for this address: its count is cleared (the client's is not). */
  succeeded: (address: string) => void;
  /** Forgets every count, or the counts of one address (test hook). */
  clear: (address?: string) => number;
};

/** The throttle, with its clock and sleep handed in so tests run it exactly and at once. */
export function createLoginThrottle(deps: { now: () => number; sleep: (ms: number) => Promise<void> }): LoginThrottle {
  const counts = new Map<string, Count>();
  const key = (kind: "address" | "client", value: string): string => `${kind}:${value}`;

  function current(name: string): number {
    const count = counts.get(name);
    if (!count) return 0;
    if (deps.now() - count.lastFailureAt >= QUIET_WINDOW_MS) {
      counts.delete(name);
      return 0;
    }
    return count.failures;
  }

  function add(name: string): void {
    const failures = current(name) + 1;
    // Re-inserted so the Map's order is the order of last failure: the stalest come first.
    counts.delete(name);
    counts.set(name, { failures, lastFailureAt: deps.now() });
    while (counts.size > MAX_ENTRIES) counts.delete(counts.keys().next().value as string);
  }

  return {
    async wait(address, client) {
      const ms = Math.max(
        delayFor(current(key("address", address)), ADDRESS_POLICY),
        delayFor(current(key("client", client)), CLIENT_POLICY),
      );
      if (ms > 0) await deps.sleep(ms);
      return ms;
    },
    failed(address, client) {
      add(key("address", address));
      add(key("client", client));
    },
    succeeded(address) {
      counts.delete(key("address", address));
    },
    clear(address) {
      if (address === undefined) {
        const size = counts.size;
        counts.clear();
        return size;
      }
      return counts.delete(key("address", address)) ? 1 : 0;
    },
  };
}

/** Real waiting, for a provider that serves people. */
export const realSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
