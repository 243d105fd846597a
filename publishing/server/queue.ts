/**
 * Turns a burst of change notices into few builds: at most one build runs and at most one waits.
 * Everything that arrives while a build runs is folded into the waiting one, which starts when the
 * running build ends and then covers all of them. An idle queue waits a short settle time before it
 * starts, so the several webhooks of one editorial action (entry, then its locales) make one build.
 */

/** Why a build runs: one webhook (or a manual trigger). */
export type Trigger = { source: string; topic: string; id: string; at: string };

type QueueState = { running: Trigger[] | null; queued: Trigger[] };

export type BuildQueue = {
  /** Asks for a build covering this trigger. */
  enqueue: (trigger: Trigger) => void;
  state: () => QueueState;
  /** Resolves once nothing runs and nothing waits. */
  idle: () => Promise<void>;
};

type QueueOptions = {
  /** Quiet time an idle queue waits for more triggers before it starts a build. */
  settleMs?: number;
  /** The timer seam: resolves after `ms`. */
  wait?: (ms: number) => Promise<void>;
};

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** `run` receives the triggers a build covers; its errors are its own to report (the queue goes on). */
export function createBuildQueue(run: (triggers: Trigger[]) => Promise<void>, options: QueueOptions = {}): BuildQueue {
  const settleMs = options.settleMs ?? 0;
  const wait = options.wait ?? sleep;
  let running: Trigger[] | null = null;
  let settling = false;
  let queued: Trigger[] = [];
  const waiters: (() => void)[] = [];

  const next = (): void => {
    if (settling) return;
    if (running || queued.length === 0) {
      if (!running) for (const resolve of waiters.splice(0)) resolve();
      return;
    }
    start();
  };

  const settleThenStart = (): void => {
    if (settleMs <= 0) return next();
    settling = true;
    void wait(settleMs).then(() => {
      settling = false;
      next();
    });
  };

  const start = (): void => {
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
      if (!running && !settling) settleThenStart();
    },
    state: () => ({ running: running ? [...running] : null, queued: [...queued] }),
    idle: () =>
      !running && !settling && queued.length === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve)),
  };
}
