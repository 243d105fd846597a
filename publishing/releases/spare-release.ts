/**
 * The folder the next fast release starts from: a copy of the live release made in the background
 * right after it went live, so a publish never links the whole site while the editor waits.
 *
 * A copy costs what changed, not what the site holds: the release that pruning would delete is
 * taken instead (`claim`) and brought up to the live release by replacing only the files that the
 * releases in between changed. Each release records the release it followed (`previous`) and the
 * files it changed (`changed`; for a search-index release the index files that changed, or the
 * whole `pagefind/` folder when the refresh could not tell), so that walk is exact.
 * Whenever the walk is not known (a full build in between, a record missing) the copy is made the
 * slow way: every file hard-linked by one `cp` (mostly the kernel's work: about 3 s of one core for
 * the 220,000 files of a site of 20,000 articles). A spare asked for while such a copy runs links
 * the live release itself rather than wait; the pool (below) asks another spare instead.
 *
 * Background work runs at the lowest CPU priority, so that it never slows the publish running
 * meanwhile. A publish that has to wait for it (the spare is still replacing the search index)
 * hurries it: the command under way stops and runs again at normal priority.
 */
import { existsSync } from "node:fs";
import { link, mkdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { runCommand } from "./commands.ts";
import { KEEP_RELEASES, readReleaseInfo } from "./releases.ts";

const run = runCommand;

/** Files every release writes anew besides those it lists as changed. */
const ALWAYS_NEW = ["sw.js", "settings.js", "_headers", "_headers.json", "nginx-headers.conf", "release.json", "pagefind/offline-files.json"];
/** Releases walked back at most: beyond it copying the whole release is as quick. */
const MAX_WALK = 12;
const VARIANTS = ["", ".br", ".gz"];

export type SpareRelease = {
  /** Starts bringing the spare up to `liveDir` (a release just made live) in the background. */
  prepare: (liveDir: string) => void;
  /**
   * Moves a copy of `liveDir` into `outDir` (which must not exist): the spare when it is, or can
   * quickly be made, that copy; else a copy made now. True when the spare served.
   */
  take: (liveDir: string, outDir: string) => Promise<boolean>;
  /**
   * Makes the spare a copy of `dir` now, at normal priority: a full build's release before it goes
   * live, so that the first publish after it finds a spare (it would otherwise link the whole
   * release itself, beside the copies the spares start at the lowest priority).
   */
  fill: (dir: string) => Promise<void>;
  /** Offers a release folder pruning would delete; true when the spare took it (then it is gone from `dir`). */
  claim: (dir: string) => Promise<boolean>;
  /** Stops the background work and removes the spare. */
  discard: () => Promise<void>;
  /** How the spare was brought up to date so far: by replacing changed files, or by a whole copy. */
  stats: () => { patched: number; copied: number };
  /** Resolves once no background work is under way. */
  settled: () => Promise<void>;
  /** True when `take` would not wait for a whole copy (it would then link the release itself). */
  ready: () => boolean;
  /** True when the spare holds a release, or is being brought up to one: it has something to offer. */
  holds: () => boolean;
  /** True while background work is queued or under way. */
  busy: () => boolean;
};

/** Runs a whole copy when its turn comes: the spares of one pool copy one at a time. */
type CopyTurn = (copy: () => Promise<void>) => Promise<void>;

/** Copies at once: a spare on its own has nobody to share turns with. */
const copyNow: CopyTurn = (copy) => copy();

export type RunOptions = { signal?: AbortSignal; killSignal?: NodeJS.Signals };

/** Undoes a copy stopped halfway: its target goes (a copy of tens of thousands of links, by `rm`). */
const removing = (target: string) => (): Promise<unknown> => run("rm", ["-rf", target]);

/** Runs one command; `background` ones at the lowest priority unless a publish is waiting for them. */
type Runner = (background: boolean, command: string, args: string[], options?: RunOptions & { restart?: () => Promise<unknown> }) => Promise<unknown>;

/**
 * Commands for a later publish at the lowest CPU priority, so they yield to the publish running
 * meanwhile, until `hurry`: then the background command under way is stopped (after `restart`,
 * which undoes what it left half done) and run again at normal priority, as is every later one
 * until `calm`. The priority of a running process cannot be raised without privileges: stopping
 * and starting again is what is left.
 */
export function createRunner(exec: (command: string, args: string[], options: RunOptions) => Promise<unknown> = run): {
  run: Runner;
  hurry: () => void;
  calm: () => void;
} {
  let hurried = false;
  let lowest: AbortController | null = null;
  const runner: Runner = async (background, command, args, options = {}) => {
    const { restart, ...given } = options;
    if (background && !hurried) {
      const stop = (lowest = new AbortController());
      const signal = given.signal ? AbortSignal.any([given.signal, stop.signal]) : stop.signal;
      try {
        return await exec("nice", ["-n", "19", command, ...args], { ...given, signal, killSignal: "SIGKILL" });
      } catch (error) {
        if (!stop.signal.aborted || given.signal?.aborted) throw error;
        await restart?.();
      } finally {
        if (lowest === stop) lowest = null;
      }
    }
    return exec(command, args, given);
  };
  return {
    run: runner,
    hurry: () => {
      hurried = true;
      lowest?.abort();
    },
    calm: () => void (hurried = false),
  };
}

export function createSpareRelease(spareDir: string, copyTurn: CopyTurn = copyNow): SpareRelease {
  const recycledDir = `${spareDir}-recycled`;
  /** The release the spare folder copies exactly, when it is complete. */
  let spareOf: string | null = null;
  /** The release the claimed folder holds. */
  let recycledOf: string | null = null;
  let stop = new AbortController();
  const runner = createRunner();
  const runAt = runner.run;
  const counts = { patched: 0, copied: 0 };
  /** Background steps queued or running; the running one may be known to only replace a few files. */
  let preparing = 0;
  let patching = false;
  /** Spare work runs one step at a time. */
  let serial: Promise<unknown> = Promise.resolve();
  const queue = <T>(task: () => Promise<T>): Promise<T> => {
    const next = serial.then(task);
    serial = next.catch(() => undefined);
    return next;
  };

  /** Makes the spare folder a copy of `liveDir`; the cheapest way first. */
  const bringUpTo = async (liveDir: string, signal: AbortSignal, background: boolean): Promise<void> => {
    const id = path.basename(liveDir);
    if (spareOf === id) return;
    if (spareOf === null && recycledOf !== null && existsSync(recycledDir)) {
      await run("rm", ["-rf", spareDir]);
      await rename(recycledDir, spareDir);
      spareOf = recycledOf;
      recycledOf = null;
    }
    const from = spareOf;
    spareOf = null;
    const changed = from === null ? null : await changedSince(path.dirname(liveDir), from, id);
    if (changed === null) {
      if (background) patching = false;
      // In the background: in turn and at the lowest priority (at normal priority such copies took
      // the cores from the publishes right after a start). For a publish: at once, at normal priority.
      await (background ? copyTurn : copyNow)(async () => {
        signal.throwIfAborted();
        await runAt(background, "rm", ["-rf", spareDir], { signal });
        await runAt(background, "cp", ["-al", liveDir, spareDir], { signal, killSignal: "SIGKILL", restart: removing(spareDir) });
      });
      counts.copied++;
    } else {
      patching = background;
      for (const file of changed) {
        if (signal.aborted) throw new Error("stopped");
        await replaceFrom(liveDir, spareDir, file, background, runAt);
      }
      counts.patched++;
    }
    spareOf = id;
  };

  // Replacing a few files is worth waiting for; a whole copy (or one that may be) is not.
  const ready = (): boolean => preparing === 0 || (preparing === 1 && patching);
  const holds = (): boolean => spareOf !== null || recycledOf !== null || preparing > 0;

  const discard = async (): Promise<void> => {
    stop.abort();
    stop = new AbortController();
    await queue(async () => {
      spareOf = null;
      recycledOf = null;
      await Promise.all([rm(spareDir, { recursive: true, force: true }), rm(recycledDir, { recursive: true, force: true })]);
    });
  };

  return {
    prepare: (liveDir) => {
      const { signal } = stop;
      // Known at once in the usual case: a spare that holds a release (or may take a recycled one) patches.
      if (preparing === 0) patching = spareOf !== null || recycledOf !== null;
      preparing++;
      void queue(async () => {
        try {
          await bringUpTo(liveDir, signal, true);
        } catch {
          spareOf = null;
        } finally {
          preparing--;
          patching = false;
        }
      });
    },
    take: async (liveDir, outDir) => {
      if (!ready()) {
        await run("cp", ["-al", liveDir, outDir]);
        return false;
      }
      // The patch under way (the search index, tens of thousands of links) is now what a publish waits for.
      if (preparing > 0) runner.hurry();
      return queue(async () => {
        runner.calm();
        try {
          await bringUpTo(liveDir, stop.signal, false);
          await rename(spareDir, outDir);
          spareOf = null;
          return true;
        } catch {
          spareOf = null;
          await run("rm", ["-rf", spareDir]);
          await run("cp", ["-al", liveDir, outDir]);
          return false;
        }
      });
    },
    fill: (dir) =>
      queue(async () => {
        try {
          await bringUpTo(dir, stop.signal, false);
        } catch {
          spareOf = null;
        }
      }),
    claim: async (dir) => {
      // A spare that holds a release patches it; the recycled one is for a spare that was taken.
      if (holds() || existsSync(recycledDir)) return false;
      try {
        await rename(dir, recycledDir);
      } catch {
        return false;
      }
      recycledOf = path.basename(dir);
      return true;
    },
    discard,
    stats: () => ({ ...counts }),
    settled: () => serial.then(() => undefined),
    ready,
    holds,
    busy: () => preparing > 0,
  };
}

/**
 * Enough spares to carry the publishes after a start or a full build until pruning hands releases
 * back: one per release kept. Each publish takes one and leaves it empty; the others are patched.
 * Pruning gives an empty spare the release it removes, patched in turn, so once the store is full a
 * publish costs no whole copy at all. Whole copies are made only when nothing can be patched: after
 * a full build (or the start), or when the pool has run dry. They are made one at a time, at the
 * lowest priority: at 20,000 articles a copy takes about 3 s of a core, and one made beside each
 * publish (the pool of two before this one) kept the first publishes after a start waiting 5 to
 * 20 s for the cores or for a spare.
 */
export function createSparePool(spareDir: string, size = KEEP_RELEASES): SpareRelease {
  /** A spare that can serve a publish without a whole copy. */
  const serves = (spare: SpareRelease): boolean => spare.holds() && spare.ready();
  let copying: Promise<unknown> = Promise.resolve();
  const copyTurn: CopyTurn = (copy) => {
    const next = copying.then(copy);
    copying = next.catch(() => undefined);
    return next;
  };
  const spares = Array.from({ length: size }, (_, index) => createSpareRelease(`${spareDir}-${index + 1}`, copyTurn));
  /** The decision whether empty spares are filled, which reads the release that went live. */
  let deciding: Promise<unknown> = Promise.resolve();
  return {
    prepare: (liveDir) => {
      const holding = spares.filter((spare) => spare.holds());
      const empty = spares.filter((spare) => !spare.holds());
      for (const spare of holding) spare.prepare(liveDir);
      const fill = (): void => {
        for (const spare of empty) if (!spare.holds()) spare.prepare(liveDir);
      };
      if (empty.length === 0) return;
      if (holding.length === 0) {
        fill();
        return;
      }
      // A fast release leaves the spares that hold one patchable: the empty ones wait for pruning.
      deciding = deciding.then(async () => {
        if ((await readReleaseInfo(liveDir))?.path !== "fast") fill();
      });
    },
    take: async (liveDir, outDir) => {
      // One with nothing under way first: bringing it up to date costs the publish what changed since
      // its release, at normal priority and beside the render; one still patching has to be hurried.
      const free = spares.find((spare) => spare.holds() && !spare.busy()) ?? spares.find(serves);
      if (free) return free.take(liveDir, outDir);
      // Every spare still being copied (right after a start): the publish links its own copy at
      // normal priority while it renders, ahead of those at the lowest. Waiting for the first of
      // them kept the preview's first publishes at 20,000 articles waiting 6 to 10 s.
      await run("cp", ["-al", liveDir, outDir]);
      return false;
    },
    fill: async (dir) => {
      // An empty spare, else one with nothing under way: never one busy in the background.
      const idle = spares.find((spare) => !spare.holds()) ?? spares.find((spare) => !spare.busy());
      await idle?.fill(dir);
    },
    claim: async (dir) => {
      for (const spare of spares) if (await spare.claim(dir)) return true;
      return false;
    },
    discard: async () => void (await Promise.all(spares.map((spare) => spare.discard()))),
    stats: () =>
      spares.map((spare) => spare.stats()).reduce((sum, one) => ({ patched: sum.patched + one.patched, copied: sum.copied + one.copied })),
    settled: async () => {
      await deciding;
      await Promise.all(spares.map((spare) => spare.settled()));
    },
    ready: () => spares.some(serves),
    holds: () => spares.some((spare) => spare.holds()),
    busy: () => spares.some((spare) => spare.busy()),
  };
}

/**
 * Every file (or folder, ending in `/`) that differs between release `from` and release `to` of
 * the same store, from the records of the releases in between; null when that is not known.
 */
export async function changedSince(releasesDir: string, from: string, to: string): Promise<string[] | null> {
  const files = new Set<string>();
  let id = to;
  for (let step = 0; id !== from; step++) {
    const info = await readReleaseInfo(path.join(releasesDir, id));
    if (step >= MAX_WALK || !info || info.path !== "fast" || !info.changed || !info.previous) return null;
    for (const file of [...info.changed, ...ALWAYS_NEW]) files.add(file);
    id = info.previous;
  }
  return [...files].sort();
}

/**
 * Replaces `file` (with its compressed variants) in `target` by `source`'s, or removes it where
 * `source` has none; a folder (the whole search index) at the lowest priority when in the
 * `background`.
 */
async function replaceFrom(source: string, target: string, file: string, background: boolean, runAt: Runner): Promise<void> {
  if (file.endsWith("/")) {
    const dir = path.join(target, file.slice(0, -1));
    // The search index is tens of thousands of files: deleted by `rm`, not on this process's I/O
    // threads, which the publishing pipeline and the static server need meanwhile.
    await runAt(background, "rm", ["-rf", dir]);
    const from = path.join(source, file.slice(0, -1));
    if (existsSync(from)) await runAt(background, "cp", ["-al", from, dir], { restart: removing(dir) });
    return;
  }
  for (const suffix of VARIANTS) {
    const to = path.join(target, file + suffix);
    await rm(to, { force: true });
    const from = path.join(source, file + suffix);
    if (!(await stat(from).then((info) => info.isFile(), () => false))) continue;
    await mkdir(path.dirname(to), { recursive: true });
    await link(from, to);
  }
}
