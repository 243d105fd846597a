import { describe, expect, it } from "vitest";
import { createBuildQueue, type Trigger } from "../../publishing/server/queue.ts";

const trigger = (id: string): Trigger => ({ source: "test", topic: "ContentManagement.Entry.publish", id, at: "" });

/** A build runner whose builds end when the test says so. */
function controlledRunner() {
  const builds: string[][] = [];
  const finishers: ((error?: Error) => void)[] = [];
  const run = (triggers: Trigger[]): Promise<void> => {
    builds.push(triggers.map((t) => t.id));
    return new Promise<void>((resolve, reject) => finishers.push((error) => (error ? reject(error) : resolve())));
  };
  const finish = async (error?: Error): Promise<void> => {
    finishers.shift()?.(error);
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { builds, run, finish };
}

/** A timer seam the test fires by hand. */
function manualTimer() {
  const pending: { ms: number; fire: () => void }[] = [];
  const wait = (ms: number): Promise<void> => new Promise((resolve) => pending.push({ ms, fire: resolve }));
  const fire = async (): Promise<void> => {
    pending.shift()?.fire();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { pending, wait, fire };
}

describe("build queue", () => {
  it("turns a burst of 20 triggers into at most 2 builds, covering every trigger", async () => {
    const runner = controlledRunner();
    const queue = createBuildQueue(runner.run);
    for (let n = 0; n < 20; n++) queue.enqueue(trigger(`t${n}`));
    expect(runner.builds).toHaveLength(1);
    expect(queue.state().queued).toHaveLength(19);
    await runner.finish();
    expect(runner.builds).toHaveLength(2);
    await runner.finish();
    await queue.idle();
    expect(runner.builds.length).toBeLessThanOrEqual(2);
    expect(runner.builds.flat()).toEqual(Array.from({ length: 20 }, (_, n) => `t${n}`));
  });

  it("keeps at most one build running and one waiting", async () => {
    const runner = controlledRunner();
    const queue = createBuildQueue(runner.run);
    queue.enqueue(trigger("a"));
    queue.enqueue(trigger("b"));
    queue.enqueue(trigger("c"));
    expect(queue.state()).toEqual({ running: [trigger("a")], queued: [trigger("b"), trigger("c")] });
    await runner.finish();
    expect(queue.state()).toEqual({ running: [trigger("b"), trigger("c")], queued: [] });
    queue.enqueue(trigger("d"));
    await runner.finish();
    await runner.finish();
    expect(runner.builds).toEqual([["a"], ["b", "c"], ["d"]]);
  });

  it("goes on after a failed build", async () => {
    const runner = controlledRunner();
    const queue = createBuildQueue(runner.run);
    queue.enqueue(trigger("a"));
    queue.enqueue(trigger("b"));
    await runner.finish(new Error("build failed"));
    expect(runner.builds).toEqual([["a"], ["b"]]);
    await runner.finish();
    await queue.idle();
  });

  it("waits the settle time when idle, so one editorial action makes one build", async () => {
    const runner = controlledRunner();
    const timer = manualTimer();
    const queue = createBuildQueue(runner.run, { settleMs: 1000, wait: timer.wait });
    queue.enqueue(trigger("entry"));
    queue.enqueue(trigger("nl-NL"));
    queue.enqueue(trigger("en-US"));
    expect(runner.builds).toEqual([]);
    expect(timer.pending.map((p) => p.ms)).toEqual([1000]);
    await timer.fire();
    expect(runner.builds).toEqual([["entry", "nl-NL", "en-US"]]);
    // Triggers during a build wait for it, not for another settle time.
    queue.enqueue(trigger("later"));
    await runner.finish();
    expect(runner.builds).toEqual([["entry", "nl-NL", "en-US"], ["later"]]);
    expect(timer.pending).toEqual([]);
    await runner.finish();
    await queue.idle();
  });
});
