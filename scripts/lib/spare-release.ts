/**
 * The folder the next fast release starts from: a copy of the live release made in the background
 * right after it went live, so a publish never links the whole site while the editor waits.
 *
 * A copy costs what changed, not what the site holds: the release that pruning would delete is
 * taken instead (`claim`) and brought up to the live release by replacing only the files that the
 * releases in between changed. Each release records the release it followed (`previous`) and the
 * files it changed (`changed`; `pagefind/` for a search-index release), so that walk is exact.
 * Whenever the walk is not known (a full build in between, a record missing) the copy is made the
 * slow way: every file hard-linked by one `cp` (mostly the kernel's work: under half a second for
 * 56,000 files, so it runs at normal priority and is done before the next publish, not starved by
 * the search index built at the lowest priority meanwhile). A spare asked for while such a copy
 * runs links the live release itself rather than wait; the pool of two (below) asks the other
 * spare instead, and waits only when both are being copied.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { link, mkdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { readReleaseInfo } from "./releases.ts";

const run = promisify(execFile);

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
   * quickly be made, that copy; else a copy made now, unless `wait` asks for the spare whatever
   * its background work costs. True when the spare served.
   */
  take: (liveDir: string, outDir: string, wait?: boolean) => Promise<boolean>;
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
};

export function createSpareRelease(spareDir: string): SpareRelease {
  const recycledDir = `${spareDir}-recycled`;
  /** The release the spare folder copies exactly, when it is complete. */
  let spareOf: string | null = null;
  /** The release the claimed folder holds. */
  let recycledOf: string | null = null;
  let stop = new AbortController();
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
      await run("rm", ["-rf", spareDir], { signal });
      await run("cp", ["-al", liveDir, spareDir], { signal, killSignal: "SIGKILL" });
      counts.copied++;
    } else {
      patching = background;
      for (const file of changed) {
        if (signal.aborted) throw new Error("stopped");
        await replaceFrom(liveDir, spareDir, file);
      }
      counts.patched++;
    }
    spareOf = id;
  };

  // Replacing a few files is worth waiting for; a whole copy (or one that may be) is not.
  const ready = (): boolean => preparing === 0 || (preparing === 1 && patching);

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
    take: async (liveDir, outDir, wait = false) => {
      if (!wait && !ready()) {
        await run("cp", ["-al", liveDir, outDir]);
        return false;
      }
      return queue(async () => {
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
    claim: async (dir) => {
      // A spare that holds a release patches it; the recycled one is for a spare that was taken.
      if (spareOf !== null || recycledOf !== null || existsSync(recycledDir)) return false;
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
  };
}

/**
 * Two spares, each kept up to date: after a publish took one, the other is only patched, so the
 * next publish finds a spare even while the whole copy that replaces the first is still running
 * (the first publishes after a start, before pruning leaves a release to recycle). Only when both
 * are being copied does a publish wait, for the first.
 */
export function createSparePool(spareDir: string, size = 2): SpareRelease {
  const spares = Array.from({ length: size }, (_, index) => createSpareRelease(`${spareDir}-${index + 1}`));
  return {
    prepare: (liveDir) => {
      for (const spare of spares) spare.prepare(liveDir);
    },
    take: async (liveDir, outDir) => {
      const free = spares.find((spare) => spare.ready());
      if (free) return free.take(liveDir, outDir);
      // Both are being copied whole: a third copy beside them would only slow all three down (at
      // 20,000 articles one took 28 s that way). The publish waits for the first one instead.
      return (spares[0] as SpareRelease).take(liveDir, outDir, true);
    },
    claim: async (dir) => {
      for (const spare of spares) if (await spare.claim(dir)) return true;
      return false;
    },
    discard: async () => void (await Promise.all(spares.map((spare) => spare.discard()))),
    stats: () =>
      spares.map((spare) => spare.stats()).reduce((sum, one) => ({ patched: sum.patched + one.patched, copied: sum.copied + one.copied })),
    settled: async () => void (await Promise.all(spares.map((spare) => spare.settled()))),
    ready: () => spares.some((spare) => spare.ready()),
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

/** Replaces `file` (with its compressed variants) in `target` by `source`'s, or removes it where `source` has none. */
async function replaceFrom(source: string, target: string, file: string): Promise<void> {
  if (file.endsWith("/")) {
    const dir = file.slice(0, -1);
    // The search index is tens of thousands of files: deleted by `rm`, not on this process's I/O
    // threads, which the publishing pipeline and the static server need meanwhile.
    await run("rm", ["-rf", path.join(target, dir)]);
    if (existsSync(path.join(source, dir))) await run("cp", ["-al", path.join(source, dir), path.join(target, dir)]);
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
