import { AuthError } from "./errors.ts";

/** The part of the Web Locks API we use; tests and old browsers get `createLocalLocks()`. */
export type LockRequester = <T>(name: string, options: { signal: AbortSignal }, callback: () => Promise<T>) => Promise<T>;

/**
 * Waiting for another tab's renewal: up to 5000 ms per attempt, up to 10 attempts. Long enough for a slow
 * refresh; a tab that hangs while holding the lock still cannot block this one for good.
 */
export const LOCK_WAIT_MS = 5000;
export const LOCK_ATTEMPTS = 10;

/** Name of the cross-tab lock around token renewal: one refresh in flight across all tabs. */
export const TOKEN_LOCK_NAME = "klantportaal.token";

/**
 * Runs `callback` while holding the lock `name`. Each attempt waits at most `waitMs`; after `attempts`
 * failed waits it gives up with a timeout error rather than hanging the page.
 */
export async function withLock<T>(
  locks: LockRequester,
  name: string,
  callback: () => Promise<T>,
  { waitMs = LOCK_WAIT_MS, attempts = LOCK_ATTEMPTS } = {},
): Promise<T> {
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), waitMs);
    let acquired = false;
    try {
      return await locks(name, { signal: controller.signal }, () => {
        acquired = true;
        clearTimeout(timer);
        return callback();
      });
    } catch (error) {
      // Only a wait that timed out is retried; an error from the callback itself is the caller's.
      if (acquired || !controller.signal.aborted) throw error;
    } finally {
      clearTimeout(timer);
    }
  }
  throw new AuthError("timeout", "Timeout", { code: "timeout" });
}

/** The browser's Web Locks, shared by every tab of the origin; falls back to a lock within this tab. */
export function browserLocks(): LockRequester {
  const manager = typeof navigator !== "undefined" ? navigator.locks : undefined;
  if (!manager) return createLocalLocks();
  return <T>(name: string, options: { signal: AbortSignal }, callback: () => Promise<T>) =>
    manager.request(name, options, callback) as Promise<T>;
}

/** A lock within one JavaScript realm with the same contract as Web Locks (abortable waits). */
export function createLocalLocks(): LockRequester {
  const tails = new Map<string, Promise<unknown>>();
  return <T>(name: string, options: { signal: AbortSignal }, callback: () => Promise<T>): Promise<T> => {
    const previous = tails.get(name) ?? Promise.resolve();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    tails.set(name, previous.then(() => held));
    return new Promise<T>((resolve, reject) => {
      let granted = false;
      const onAbort = (): void => {
        if (granted) return;
        // Give up our place: whoever queued after us waits only for those before us.
        release();
        reject(new DOMException("The lock request was aborted", "AbortError"));
      };
      options.signal.addEventListener("abort", onAbort, { once: true });
      void previous.then(async () => {
        if (options.signal.aborted) return;
        granted = true;
        options.signal.removeEventListener("abort", onAbort);
        try {
          resolve(await callback());
        } catch (error) {
          reject(error as Error);
        } finally {
          release();
        }
      });
    });
  };
}
