import { spawn, type ChildProcess } from "node:child_process";
import { readFile } from "node:fs/promises";
import { afterEach, describe, expect, it } from "vitest";
import { createHolds } from "../../publishing/warm-renderer/client.ts";

/** The scheduler's state letter of a process: T when stopped, S or R when not. */
async function stateOf(child: ChildProcess): Promise<string> {
  const stat = await readFile(`/proc/${child.pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
}

/** Waits for the state the signal just sent leads to (signals are delivered, not awaited). */
async function settlesTo(child: ChildProcess, stopped: boolean): Promise<void> {
  while ((await stateOf(child)) === "T" !== stopped) await new Promise((resolve) => setImmediate(resolve));
}

let child: ChildProcess | null = null;
afterEach(() => {
  child?.kill("SIGKILL");
  child = null;
});

describe("holding the preview's renderer while the live site publishes", () => {
  it("stops the process at the first hold and resumes it when the last hold is given back", async () => {
    child = spawn("sleep", ["30"]);
    const hold = createHolds(() => child);
    const first = hold();
    const second = hold();
    await settlesTo(child, true);
    first();
    // Given back twice counts once: the other hold still stands.
    first();
    expect(await stateOf(child)).toBe("T");
    second();
    await settlesTo(child, false);
    expect(await stateOf(child)).not.toBe("T");
  });

  it("resumes the process it stopped, not one started meanwhile, and holds nothing when there is none", async () => {
    const stoppedOne = spawn("sleep", ["30"]);
    child = stoppedOne;
    const hold = createHolds(() => child);
    const release = hold();
    await settlesTo(stoppedOne, true);
    child = spawn("sleep", ["30"]);
    release();
    await settlesTo(stoppedOne, false);
    expect(await stateOf(child)).not.toBe("T");
    stoppedOne.kill("SIGKILL");

    const none = createHolds(() => null);
    expect(() => none()()).not.toThrow();
  });
});
