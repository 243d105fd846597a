/**
 * One site's publishing pipeline: build into the store's work folder, check the result, move it into
 * a new release folder, swap the live pointer, run the deploy step, prune old releases. Any failure
 * before the swap leaves the live release exactly as it was; the failure is logged and kept for status.
 */
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import {
  adoptBuild,
  checkBuild,
  countPages,
  currentRelease,
  newReleaseId,
  pruneReleases,
  readReleaseInfo,
  removeInBackground,
  swapLive,
  writeReleaseInfo,
  type ReleaseStore,
} from "../releases/releases.ts";
import type { DeployStep } from "./deploy.ts";
import type { Logger } from "./log.ts";
import type { Trigger } from "./queue.ts";

/** Builds the site into `outDir`; must stop when `signal` aborts. */
export type SiteBuilder = (
  outDir: string,
  context: { signal: AbortSignal; cacheDir: string; liveDir: string | null },
) => Promise<void>;

/**
 * Publishes a change by re-rendering only what it affects into `outDir`, starting from the live
 * release. Answers `{ wide }` when the change needs the full build (menus, configuration, an entry
 * it cannot place, no warm state); throws when it fails (the full build then takes over).
 */
export type FastPath = {
  publish: (
    outDir: string,
    context: { liveDir: string; triggers: Trigger[]; signal: AbortSignal },
  ) => Promise<
    | { wide: string }
    | {
        wide: null;
        rendered: number;
        changed: string[];
        /** Pages added less pages removed: the release's page count without counting its files. */
        pageDelta?: number;
        ms?: Record<string, number>;
      }
  >;
  /** Forgets the warm state (after a failure or a release that did not go live). */
  discard: () => void;
  /** Told each release folder just made live (to prepare the next publish in the background). */
  released?: (dir: string) => void;
  /**
   * Told a full build's release folder before it goes live: the spare for the first publish after
   * it is made then (a second, against a build of a minute), not while that publish waits.
   */
  beforeFullRelease?: (dir: string) => Promise<void>;
  /** Offered each release folder pruning would delete (see `pruneReleases`). */
  claim?: (dir: string) => Promise<boolean>;
  /** Stops background work (shutdown). */
  close?: () => Promise<void>;
  /**
   * Writes into `outDir` the release `baseDir` (a fast release) with its search index rebuilt.
   * Runs after the swap, beside further publishes; its release goes live only if `baseDir` still is.
   * Resolves to the files of the index that changed (`pagefind/…`), which the release records for
   * the spares; undefined records the whole `pagefind/` folder.
   */
  refreshSearchIndex?: (baseDir: string, outDir: string, signal: AbortSignal) => Promise<readonly string[] | undefined>;
};

export type BuildRecord = {
  result: "success" | "failed";
  /** "fast": only the affected pages were rendered; "full": a whole build. */
  path: "fast" | "full" | null;
  /** Why a change took the full build (null for the fast path and the very first build). */
  fullReason: string | null;
  /** Pages (HTML and JSON) rendered again by the fast path. */
  rendered: number | null;
  /** Files of the release that differ from the previous one, when the fast path knows them. */
  changed: string[] | null;
  triggers: Trigger[];
  startedAt: string;
  durationMs: number;
  release: string | null;
  pages: number | null;
  error: string | null;
  /** What the release checks found (a first release goes live despite them). */
  problems: string[];
  deploy: "ok" | "failed" | "none";
  /** When the release went live (the swap); null when it did not. */
  liveAt?: string | null;
};

/** How many build records a pipeline keeps for the publish receipt (newest first). */
const RECENT_BUILDS = 50;

export type SitePipeline = {
  site: string;
  store: ReleaseStore;
  run: (triggers: Trigger[]) => Promise<BuildRecord>;
  /** Resolves once no fast release waits for its search index. */
  searchIndexIdle: () => Promise<void>;
  lastBuild: () => BuildRecord | null;
  /** The latest builds, newest first (the publish receipt). */
  recentBuilds: () => BuildRecord[];
  /**
   * A build is on its way (queued, perhaps behind the other site's): the search-index rebuild under
   * way is stopped, since that build replaces the release it indexes, and taken up again after it.
   */
  changeComing: () => void;
  /** Stops a running build and the search-index work (shutdown); the live release stays. */
  abort: () => void;
};

export function createSitePipeline(options: {
  site: string;
  store: ReleaseStore;
  build: SiteBuilder;
  /** Where builds are written before they become a release; default the store's `work/`. */
  workDir?: string | undefined;
  deploy?: DeployStep | undefined;
  /** Re-renders only what a change affects; without it every change takes the full build. */
  fast?: FastPath | undefined;
  log: Logger;
  now?: () => Date;
}): SitePipeline {
  const { site, store, log } = options;
  const work = options.workDir ?? store.work;
  const now = options.now ?? (() => new Date());
  let last: BuildRecord | null = null;
  const recent: BuildRecord[] = [];
  let controller: AbortController | null = null;

  /** Builds share the work folder: a run asked for while one is going waits for it. */
  let previous: Promise<unknown> = Promise.resolve();
  function exclusive<T>(task: () => Promise<T>): Promise<T> {
    const next = previous.then(task);
    previous = next.catch(() => undefined);
    return next;
  }
  const run = (triggers: Trigger[]): Promise<BuildRecord> => exclusive(() => runNow(triggers));

  /** Pruned releases are deleted in the background: a publish right after a swap does not wait for it. */
  const removeAside = removeInBackground(store);

  /** The live fast release whose search index is still its predecessor's, if any. */
  let staleIndex: string | null = null;
  let indexing: Promise<void> | null = null;
  /** Stops the search-index work on shutdown. */
  const indexStop = new AbortController();
  const indexWork = `${work}-search-index`;

  /**
   * Stops the rebuild under way when a build starts: the release it indexes is about to be
   * replaced, so its index would be thrown away, and meanwhile it takes the cores the build needs.
   */
  let indexRun: AbortController | null = null;
  /** Settles when the build on its way is done (set from `changeComing` until then). */
  let buildComing: PromiseWithResolvers<void> | null = null;
  const changeComing = (): void => {
    buildComing ??= Promise.withResolvers<void>();
    indexRun?.abort();
  };

  /** Rebuilds the search index of the newest fast release, again while a newer one went live meanwhile. */
  function refreshIndexSoon(): void {
    indexing ??= (async () => {
      for (let base = staleIndex; base !== null && options.fast?.refreshSearchIndex && !indexStop.signal.aborted; base = staleIndex) {
        const started = now().getTime();
        const current = (indexRun = new AbortController());
        try {
          await removeAside.discard(indexWork);
          const indexChanged = await options.fast.refreshSearchIndex(path.join(store.releases, base), indexWork, AbortSignal.any([indexStop.signal, current.signal]));
          await exclusive(async () => {
            // A release that went live meanwhile has its own turn (or a fresh index, after a full build).
            if ((await currentRelease(store)) !== base) return;
            const info = await readReleaseInfo(path.join(store.releases, base));
            const id = newReleaseId(store, now());
            await writeReleaseInfo(indexWork, {
              ...(info ?? { trigger: "", pages: 0 }),
              id,
              createdAt: now().toISOString(),
              path: "fast",
              changed: indexChanged ? [...indexChanged] : ["pagefind/"],
              previous: base,
            });
            const dir = await adoptBuild(store, indexWork, id);
            await swapLive(store, id);
            staleIndex = null;
            log("release.search_index", { site, release: id, base, ms: now().getTime() - started, files: indexChanged?.length ?? null });
            await prune();
            options.fast?.released?.(dir);
          });
        } catch (error) {
          await removeAside.discard(indexWork).catch(() => undefined);
          if (current.signal.aborted && !indexStop.signal.aborted) {
            // Taken up again once that build is done, for whatever release is live then.
            log("release.search_index_deferred", { site, base });
            await (buildComing?.promise ?? exclusive(async () => undefined));
            continue;
          }
          log("release.search_index_failed", { site, base, error: error instanceof Error ? error.message : String(error) });
          if (staleIndex === base) staleIndex = null;
        } finally {
          if (indexRun === current) indexRun = null;
        }
      }
    })().finally(() => (indexing = null));
  }

  async function runNow(triggers: Trigger[]): Promise<BuildRecord> {
    const started = now();
    const trigger = triggers.map((t) => `${t.topic} ${t.id}`).join(", ");
    log("build.start", { site, trigger, coalesced: triggers.length });
    changeComing();
    controller = new AbortController();
    const record: BuildRecord = {
      result: "failed",
      path: null,
      fullReason: null,
      rendered: null,
      changed: null,
      triggers,
      startedAt: started.toISOString(),
      durationMs: 0,
      release: null,
      pages: null,
      error: null,
      problems: [],
      deploy: "none",
      liveAt: null,
    };
    try {
      const liveId = await currentRelease(store);
      const liveDir = liveId ? path.join(store.releases, liveId) : null;
      const livePages = liveDir ? ((await readReleaseInfo(liveDir))?.pages ?? (await countPages(liveDir))) : null;

      // A build killed earlier may have left files behind: every build starts from an empty folder.
      await rm(work, { recursive: true, force: true });
      await mkdir(path.dirname(work), { recursive: true });
      let check = options.fast && liveDir ? await tryFastPath(options.fast, liveDir, livePages, triggers, record) : null;
      if (!check) {
        record.path = "full";
        await rm(work, { recursive: true, force: true });
        await options.build(work, { signal: controller.signal, cacheDir: store.cache, liveDir });
        check = await checkBuild(work, livePages);
      }
      record.pages = check.pages;
      record.problems = check.problems;
      // With no live release there is nothing to protect: an imperfect first site beats none at all.
      if (!check.ok && liveId) throw new Error(`release checks failed: ${check.problems.join("; ")}`);
      if (!check.ok) log("release.checks_failed", { site, problems: check.problems, publishedAnyway: true });

      const beforeSwap = now().getTime();
      const id = newReleaseId(store, now());
      await writeReleaseInfo(work, {
        id,
        createdAt: now().toISOString(),
        trigger,
        pages: check.pages,
        path: record.path,
        changed: record.changed,
        previous: liveId,
      });
      const dir = await adoptBuild(store, work, id);
      const spareStarted = now().getTime();
      if (record.path === "full") await options.fast?.beforeFullRelease?.(dir);
      const spareMs = now().getTime() - spareStarted;
      await swapLive(store, id);
      record.result = "success";
      record.release = id;
      record.liveAt = now().toISOString();
      // From the first webhook of the batch: the queue's settle time and any build it waited for count too.
      const firstTrigger = Math.min(...triggers.map((t) => Date.parse(t.at)).filter(Number.isFinite));
      log("release.live", {
        site,
        release: id,
        previous: liveId,
        pages: check.pages,
        path: record.path,
        rendered: record.rendered,
        ms: { queued: Number.isFinite(firstTrigger) ? started.getTime() - firstTrigger : null, build: beforeSwap - started.getTime(), swap: now().getTime() - beforeSwap - spareMs, ...(spareMs > 0 ? { spare: spareMs } : {}) },
      });

      staleIndex = record.path === "fast" && options.fast?.refreshSearchIndex ? id : null;
      // Pruning first: the spare for the next publish may be made from the release it removes.
      await prune();
      options.fast?.released?.(dir);
      if (options.deploy) record.deploy = await deploy(options.deploy, { site, id, dir });
      if (staleIndex) refreshIndexSoon();
    } catch (error) {
      // Whatever the warm renderer holds may now be ahead of the live release.
      options.fast?.discard();
      record.error = error instanceof Error ? error.message : String(error);
      await rm(work, { recursive: true, force: true }).catch(() => undefined);
      log("build.failed", { site, trigger, error: record.error, live: await currentRelease(store) });
    } finally {
      controller = null;
      record.durationMs = now().getTime() - started.getTime();
      last = record;
      recent.unshift(record);
      recent.splice(RECENT_BUILDS);
      buildComing?.resolve();
      buildComing = null;
    }
    if (record.result === "success") log("build.done", { site, release: record.release, durationMs: record.durationMs });
    return record;
  }

  /**
   * The fast path into the work folder, checked like a full build. Null when the full build must
   * run instead: the change is too wide, or the fast path failed (then its state is discarded and
   * the work folder emptied; the live release was never touched).
   */
  async function tryFastPath(
    fast: FastPath,
    liveDir: string,
    livePages: number | null,
    triggers: Trigger[],
    record: BuildRecord,
  ): Promise<Awaited<ReturnType<typeof checkBuild>> | null> {
    const started = now().getTime();
    try {
      const outcome = await fast.publish(work, { liveDir, triggers, signal: controller?.signal ?? new AbortController().signal });
      if (outcome.wide !== null) {
        record.fullReason = outcome.wide;
        log("publish.full_path", { site, reason: outcome.wide });
        return null;
      }
      const checked = now().getTime();
      const known = livePages !== null && outcome.pageDelta !== undefined ? livePages + outcome.pageDelta : undefined;
      const check = await checkBuild(work, livePages, known, liveDir);
      if (!check.ok) throw new Error(`release checks failed: ${check.problems.join("; ")}`);
      record.path = "fast";
      record.rendered = outcome.rendered;
      record.changed = outcome.changed;
      const phases = { ...outcome.ms, check: now().getTime() - checked };
      log("publish.fast_path", { site, rendered: outcome.rendered, changed: outcome.changed.length, ms: now().getTime() - started, phases });
      return check;
    } catch (error) {
      fast.discard();
      record.fullReason = `fast path failed: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`;
      log("publish.fast_path_failed", { site, error: error instanceof Error ? error.message : String(error) });
      return null;
    }
  }

  /** Housekeeping after a swap; its failure must not make a live release look failed. */
  async function prune(): Promise<void> {
    try {
      const removed = await pruneReleases(store, undefined, options.fast?.claim, removeAside);
      if (removed.length > 0) log("release.pruned", { site, releases: removed });
    } catch (error) {
      log("release.prune_failed", { site, error: error instanceof Error ? error.message : String(error) });
    }
  }

  async function deploy(step: DeployStep, release: { site: string; id: string; dir: string }): Promise<"ok" | "failed"> {
    try {
      await step(release);
      log("deploy.done", { site, release: release.id });
      return "ok";
    } catch (error) {
      log("deploy.failed", { site, release: release.id, error: error instanceof Error ? error.message : String(error) });
      return "failed";
    }
  }

  const searchIndexIdle = async (): Promise<void> => {
    while (indexing) await indexing;
  };
  const abort = (): void => {
    controller?.abort();
    indexStop.abort();
    void options.fast?.close?.();
  };
  return { site, store, run, searchIndexIdle, lastBuild: () => last, recentBuilds: () => [...recent], changeComing, abort };
}
