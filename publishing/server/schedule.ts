/**
 * The publishing server's schedule: the scheduled publishes and unpublishes the CMS announced
 * (`ContentManagement.ScheduledAction.*` webhooks), kept on disk so a restart forgets none, each
 * turned into a change of its entry at its time — through the fast path, like a webhook. The CMS
 * schedules to the minute, so everything due in one minute fires at once: one batch of triggers,
 * which the queue makes one build (two when a build is already running). A time that passed while
 * the server was down fires at start. Time goes through the `now` and `setTimer` seams.
 */
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Logger } from "./log.ts";
import type { ScheduleNotice } from "./payload.ts";
import type { Trigger } from "./queue.ts";

export type ScheduledItem = { id: string; entryId: string; action: "publish" | "unpublish"; at: string };

export type Scheduler = {
  /** Records (or with `cancelled`, forgets) a scheduled action; written to disk before it resolves. */
  note: (notice: ScheduleNotice) => Promise<void>;
  /** What is still to come, soonest first. */
  list: () => ScheduledItem[];
  /** Reads the schedule from disk and fires what is due (missed while down); arms the timer. */
  start: () => Promise<void>;
  close: () => void;
};

type SchedulerOptions = {
  file: string;
  /** Receives the triggers of everything due at one time, together. */
  fire: (triggers: Trigger[]) => void;
  log: Logger;
  now?: (() => number) | undefined;
  /** Runs `run` after `ms`; returns a cancel function. */
  setTimer?: ((ms: number, run: () => void) => () => void) | undefined;
};

/** A timer never waits longer than this (Node's limit is about 24 days); it re-arms when it wakes. */
const LONGEST_WAIT_MS = 60 * 60 * 1000;

const realTimer = (ms: number, run: () => void): (() => void) => {
  const timer = setTimeout(run, ms);
  return () => clearTimeout(timer);
};

export function createScheduler(options: SchedulerOptions): Scheduler {
  const now = options.now ?? Date.now;
  const setTimer = options.setTimer ?? realTimer;
  const items = new Map<string, ScheduledItem>();
  let cancelTimer: (() => void) | undefined;
  let closed = false;
  /** Writes run one after another, the last state last. */
  let writing: Promise<void> = Promise.resolve();

  const sorted = (): ScheduledItem[] => [...items.values()].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.id < b.id ? -1 : 1));

  const persist = (): Promise<void> => {
    const body = `${JSON.stringify({ scheduled: sorted() }, null, 1)}\n`;
    writing = writing.then(async () => {
      await mkdir(path.dirname(options.file), { recursive: true });
      const temporary = `${options.file}.${process.pid}.tmp`;
      await writeFile(temporary, body);
      await rename(temporary, options.file);
    });
    return writing;
  };

  const fireDue = async (): Promise<void> => {
    const due = sorted().filter((item) => Date.parse(item.at) <= now());
    if (due.length === 0) return;
    for (const item of due) items.delete(item.id);
    await persist();
    const at = new Date(now()).toISOString();
    options.log("schedule.due", { items: due.map((item) => ({ id: item.id, entryId: item.entryId, action: item.action, at: item.at })) });
    options.fire(due.map((item) => ({ source: "schedule", topic: `ContentManagement.Entry.${item.action}`, id: item.entryId, at })));
  };

  const arm = (): void => {
    cancelTimer?.();
    cancelTimer = undefined;
    if (closed) return;
    const next = sorted()[0];
    if (!next) return;
    const wait = Math.max(0, Math.min(Date.parse(next.at) - now(), LONGEST_WAIT_MS));
    cancelTimer = setTimer(wait, () => {
      void fireDue()
        .catch((error: unknown) => options.log("schedule.failed", { error: String(error) }))
        .finally(arm);
    });
  };

  return {
    note: async (notice) => {
      if (notice.cancelled) items.delete(notice.id);
      else items.set(notice.id, { id: notice.id, entryId: notice.entryId, action: notice.action, at: notice.at });
      await persist();
      options.log("schedule.noted", { ...notice });
      arm();
    },
    list: sorted,
    start: async () => {
      try {
        const saved = JSON.parse(await readFile(options.file, "utf8")) as { scheduled?: ScheduledItem[] };
        for (const item of saved.scheduled ?? []) items.set(item.id, item);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") options.log("schedule.unreadable", { error: String(error) });
      }
      await fireDue();
      arm();
    },
    close: () => {
      closed = true;
      cancelTimer?.();
    },
  };
}
