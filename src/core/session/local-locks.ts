import type { LockRequester } from "../auth/token-source.ts";

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
