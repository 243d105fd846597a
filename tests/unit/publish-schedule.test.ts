import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { memoryLogger } from "../../publishing/server/log.ts";
import { parseWebhook, type ScheduleNotice } from "../../publishing/server/payload.ts";
import { createBuildQueue, type Trigger } from "../../publishing/server/queue.ts";
import { createScheduler } from "../../publishing/server/schedule.ts";
import { webhookFor } from "../../publishing/server/notify.ts";
import { entryChanges } from "../../publishing/server/fast-path.ts";

/** A clock and timers the test moves by hand (the scheduler's seams). */
function fakeTime(start: string) {
  let now = Date.parse(start);
  let timers: { at: number; run: () => void }[] = [];
  return {
    now: () => now,
    setTimer: (ms: number, run: () => void) => {
      const timer = { at: now + ms, run };
      timers.push(timer);
      return () => void (timers = timers.filter((each) => each !== timer));
    },
    /** Moves the clock and runs the timers that came due, as the event loop would. */
    advance: async (ms: number) => {
      now += ms;
      for (const timer of timers.filter((each) => each.at <= now)) {
        timers = timers.filter((each) => each !== timer);
        timer.run();
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    },
  };
}

const notice = (n: number, at: string, action: "publish" | "unpublish" = "publish"): ScheduleNotice => ({ id: `schedule-${n}`, entryId: `article:artikel-${n}`, action, at, cancelled: false });

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "kp-schedule-"));
});
afterEach(async () => rm(dir, { recursive: true, force: true }));

describe("the publishing server's schedule", () => {
  it("fires a scheduled publish at its time, as a change of its entry, and keeps the schedule on disk", async () => {
    const time = fakeTime("2026-11-29T22:58:30.000Z");
    const fired: Trigger[][] = [];
    const file = path.join(dir, "schedule.json");
    const scheduler = createScheduler({ file, fire: (triggers) => fired.push(triggers), log: memoryLogger(), ...time });
    await scheduler.start();
    await scheduler.note(notice(1, "2026-11-29T23:00:00.000Z", "unpublish"));
    expect(JSON.parse(await readFile(file, "utf8")).scheduled).toEqual([{ id: "schedule-1", entryId: "article:artikel-1", action: "unpublish", at: "2026-11-29T23:00:00.000Z" }]);
    await time.advance(89_000);
    expect(fired).toEqual([]);
    await time.advance(1_000);
    expect(fired).toEqual([[{ source: "schedule", topic: "ContentManagement.Entry.unpublish", id: "article:artikel-1", at: "2026-11-29T23:00:00.000Z" }]]);
    // The fast path takes it like a webhook about the entry.
    expect(entryChanges(fired[0] ?? [])).toEqual([{ id: "article:artikel-1" }]);
    expect(scheduler.list()).toEqual([]);
    expect(JSON.parse(await readFile(file, "utf8")).scheduled).toEqual([]);
    scheduler.close();
  });

  it("runs at start what came due while the server was down, and keeps the rest for later", async () => {
    const file = path.join(dir, "schedule.json");
    const before = fakeTime("2026-11-29T20:00:00.000Z");
    const first = createScheduler({ file, fire: () => undefined, log: memoryLogger(), ...before });
    await first.start();
    await first.note(notice(1, "2026-11-29T21:00:00.000Z"));
    await first.note(notice(2, "2026-11-30T09:00:00.000Z"));
    await first.note({ ...notice(3, "2026-11-29T21:00:00.000Z"), cancelled: false });
    await first.note({ ...notice(3, "2026-11-29T21:00:00.000Z"), cancelled: true });
    first.close();

    // Down until 22:00: the 21:00 publish is missed, and runs as soon as the server is back.
    const after = fakeTime("2026-11-29T22:00:00.000Z");
    const fired: Trigger[][] = [];
    const second = createScheduler({ file, fire: (triggers) => fired.push(triggers), log: memoryLogger(), ...after });
    await second.start();
    expect(fired.map((batch) => batch.map((trigger) => trigger.id))).toEqual([["article:artikel-1"]]);
    expect(second.list().map((item) => item.id)).toEqual(["schedule-2"]);
    second.close();
  });

  it("makes at most two builds of fifty items due in the same minute, even with a build running", async () => {
    const time = fakeTime("2026-11-29T22:59:00.000Z");
    const builds: Trigger[][] = [];
    let finishRunning: () => void = () => undefined;
    const queue = createBuildQueue(async (triggers) => {
      builds.push(triggers);
      // The first build (an editor's change) is still running when the minute comes.
      if (builds.length === 1) await new Promise<void>((resolve) => (finishRunning = resolve));
    });
    const scheduler = createScheduler({ file: path.join(dir, "schedule.json"), fire: (triggers) => triggers.forEach(queue.enqueue), log: memoryLogger(), ...time });
    await scheduler.start();
    for (let n = 0; n < 50; n++) await scheduler.note(notice(n, "2026-11-29T23:00:00.000Z"));
    queue.enqueue({ source: "webhook", topic: "ContentManagement.Entry.publish", id: "page:home", at: "2026-11-29T22:59:30.000Z" });
    await time.advance(60_000);
    finishRunning();
    await queue.idle();
    expect(builds).toHaveLength(2);
    expect(builds[1]).toHaveLength(50);
    scheduler.close();
  });

  it("reads the CMS's scheduled-action webhook: the entry, the action and the whole minute", () => {
    const { topic, body } = webhookFor({ action: "schedule", type: "article", slug: "zomeractie", locale: "nl-NL", scheduled: { id: "schedule-7", action: "publish", at: "2026-11-29T23:00:00.000Z" } });
    expect(topic).toBe("ContentManagement.ScheduledAction.create");
    expect(parseWebhook(topic, Buffer.from(body))).toEqual({
      topic,
      id: "article:zomeractie",
      sites: ["preview"],
      schedule: { id: "schedule-7", entryId: "article:zomeractie", action: "publish", at: "2026-11-29T23:00:00.000Z", cancelled: false },
    });
    // Not on a whole minute: refused as malformed.
    expect(parseWebhook(topic, Buffer.from(body.replace("23:00:00", "23:00:30")))).toBeNull();
  });
});
