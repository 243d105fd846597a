/**
 * Turns a burst of change notices into few builds: at most one build runs and at most one waits.
 * Everything that arrives while a build runs is folded into the waiting one, which starts when the
 * running build ends and then covers all of them.
 */

/** Why a build runs: one webhook (or a manual trigger). */
export type Trigger = { source: string; topic: string; id: string; at: string };

export type QueueState = { running: Trigger[] | null; queued: Trigger[] };

export type BuildQueue = {
  /** Asks for a build covering this trigger. */
  enqueue: (trigger: Trigger) => void;
  state: () => QueueState;
  /** Resolves once nothing runs and nothing waits. */
  idle: () => Promise<void>;
};

/** `run` receives the triggers a build covers; its errors are its own to report (the queue goes on). */
export function createBuildQueue(run: (triggers: Trigger[]) => Promise<void>): BuildQueue {
  let running: Trigger[] | null = null;
  let queued: Trigger[] = [];
  const waiters: (() => void)[] = [];

  const next = (): void => {
    if (running || queued.length === 0) {
      if (!running) for (const resolve of waiters.splice(0)) resolve();
      return;
    }
    const batch = queued;
    queued = [];
    running = batch;
    void run(batch)
      .catch(() => undefined)
      .finally(() => {
        running = null;
        next();
      });
  };

  return {
    enqueue(trigger) {
      queued.push(trigger);
      next();
    },
    state: () => ({ running: running ? [...running] : null, queued: [...queued] }),
    idle: () =>
      !running && queued.length === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve)),
  };
}
