/**
 * A release made from the live one instead of a full build: the live release's files hard-linked
 * into the work folder (nothing copied, nothing the live site serves can change), the pages the
 * warm renderer rendered again written over their links, then the site-wide files rebuilt from the
 * result exactly as a full build makes them.
 */
import { spawn } from "node:child_process";
import { mkdir, realpath, rename, rm } from "node:fs/promises";
import path from "node:path";
import { runCommand } from "../releases/commands.ts";
import * as v from "valibot";
import type { RuntimeSettings } from "../../src/core/settings.ts";
import { precompress, precompressFiles, writeHeaderFiles, writeSettings } from "./build-site.ts";
import { headerContextFor } from "../serving/headers.ts";
import type { ScriptHashIndex } from "./script-hash-index.ts";
import { changedIndexFiles } from "./index-changes.ts";
import { buildSearchIndex, SEARCH_INDEX_DIR } from "./search-index.ts";
import { buildServiceWorker, reuseServiceWorker, SEARCH_INDEX_LIST, writeSearchIndexList } from "./service-worker.ts";

/**
 * Files every fast release rebuilds from its pages; never taken over from the live release. The
 * search index is taken over and rebuilt after the swap (`refreshSearchIndex`): Pagefind cannot
 * update single pages, and indexing the whole site would cost more than everything else together.
 */
const REGENERATED = ["sw.js", "settings.js", "_headers", "_headers.json", "_redirects", "nginx-headers.conf", "release.json"];

/** Hard-links every file of `liveDir` into `outDir` (which must not exist), then drops `regenerated`. */
async function linkRelease(liveDir: string, outDir: string, regenerated: readonly string[] = REGENERATED): Promise<void> {
  // One `cp` is far quicker than a link call per file from JavaScript at tens of thousands of files.
  // The real folder, never a pointer to it: `cp -a` would copy the symlink itself.
  await runCommand("cp", ["-al", await realpath(liveDir), outDir]);
  await dropRegenerated(outDir, regenerated);
}

/** Removes the files every fast release writes anew (with their compressed variants) from a linked copy. */
export async function dropRegenerated(outDir: string, regenerated: readonly string[] = REGENERATED): Promise<void> {
  await Promise.all(regenerated.flatMap((name) => variantsOf(outDir, name).map((file) => rm(file, { recursive: true, force: true }))));
}

/** A file of a release and its precompressed copies. */
const variantsOf = (dir: string, file: string): string[] => ["", ".br", ".gz"].map((suffix) => path.join(dir, file + suffix));

/**
 * Moves the files rendered into `renderedDir` over their links in `outDir` (a linked copy of the
 * live release) and deletes `removed` there; compressed variants of both go, they are made anew.
 * A rename replaces the link itself: nothing is written through to the live release.
 */
export async function placeRendered(renderedDir: string, outDir: string, rendered: readonly string[], removed: readonly string[]): Promise<void> {
  await Promise.all([
    ...rendered.map(async (file) => {
      const [target, ...compressed] = variantsOf(outDir, file) as [string, ...string[]];
      await mkdir(path.dirname(target), { recursive: true });
      await Promise.all(compressed.map((variant) => rm(variant, { force: true })));
      await rename(path.join(renderedDir, file), target);
    }),
    ...removed.flatMap((file) => variantsOf(outDir, file).map((variant) => rm(variant, { force: true }))),
  ]);
}

/**
 * Every site-wide file of a release linked from `liveDir`, rebuilt from what the warm renderer
 * wrote and removed (relative paths) exactly as a full build makes it, reading and compressing only
 * those files: the worker (the live one with a new build id unless a file it precaches changed),
 * settings.js, the header files (inline-script hashes from `hashes`) and the compressed variants.
 */
export async function finishFastRelease(options: {
  outDir: string;
  liveDir: string;
  written: readonly string[];
  removed: readonly string[];
  hashes: ScriptHashIndex;
  settings: RuntimeSettings;
  imageOrigin?: string | undefined;
  preview: boolean;
  onStep?: (step: string) => void;
}): Promise<void> {
  const { outDir, liveDir, written, removed } = options;
  const step = options.onStep ?? (() => undefined);
  const changed = [...written, ...removed];
  // The pages are compressed (on zlib's threads) while the site-wide files are made; those files after.
  const pagesCompressed = precompressFiles(outDir, written, liveDir);
  // Its failure is reported below, once awaited; meanwhile it must not count as unhandled.
  pagesCompressed.catch(() => undefined);
  let reused: boolean;
  try {
    reused = await reuseServiceWorker(liveDir, outDir, changed);
    // A worker built anew also writes the search-index list again (the same content, a new file).
    if (!reused) await buildServiceWorker(outDir, undefined, { reuseBundle: true });
    step("service-worker");
    await writeSettings(outDir, options.settings);
    const scriptHashes = await options.hashes.update({ liveDir, outDir, written, removed });
    await writeHeaderFiles(outDir, headerContextFor(options.settings, { imageOrigin: options.imageOrigin, scriptHashes, preview: options.preview }));
    await options.hashes.seal(outDir);
    step("headers");
  } catch (error) {
    // Nothing may still write into the folder once the failure is reported: the pipeline empties it.
    await pagesCompressed.catch(() => undefined);
    throw error;
  }
  // The release record is written later, by the pipeline, and never compressed.
  const regenerated = REGENERATED.filter((file) => file !== "release.json");
  await Promise.all([pagesCompressed, precompressFiles(outDir, [...regenerated, ...(reused ? [] : [SEARCH_INDEX_LIST])], liveDir)]);
  step("compress");
}

/**
 * The release after a fast one: the same files with the search index rebuilt from its pages (and
 * the worker's list of index files), nothing else; written to `outDir`. Resolves to the index's
 * files that changed against `baseDir`'s (`changedIndexFiles`), which the release records.
 */
export async function refreshSearchIndex(baseDir: string, outDir: string): Promise<string[]> {
  await linkRelease(baseDir, outDir, [SEARCH_INDEX_DIR, "release.json"]);
  await buildSearchIndex(outDir);
  await writeSearchIndexList(outDir);
  await precompress(outDir, baseDir, true);
  return changedIndexFiles(baseDir, outDir);
}

/** The line on which the refresh's process reports the index files that changed (refresh-search-index.ts). */
export const INDEX_CHANGES_LINE = "KP_INDEX_CHANGES ";

/**
 * `refreshSearchIndex` in a child process at the lowest CPU priority (`nice`): background work. It
 * runs in a process group of its own, so stopping it also stops Pagefind's indexer, which would
 * otherwise go on writing into a folder that is being removed. Resolves to the index files that
 * changed, as the process reported them.
 */
export async function refreshSearchIndexInBackground(baseDir: string, outDir: string, signal?: AbortSignal): Promise<string[]> {
  const script = path.join(import.meta.dirname, "refresh-search-index.ts");
  signal?.throwIfAborted();
  const child = spawn("nice", ["-n", "19", process.execPath, script, baseDir, outDir], { detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let tail = "";
  let output = "";
  child.stderr.on("data", (chunk: Buffer) => void (tail = (tail + chunk.toString()).slice(-2000)));
  child.stdout.on("data", (chunk: Buffer) => void (output += chunk.toString()));
  const stop = (): void => {
    if (child.pid !== undefined) {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // Already gone.
      }
    }
  };
  signal?.addEventListener("abort", stop, { once: true });
  try {
    await new Promise<void>((resolve, reject) => {
      child.on("error", reject);
      // "close": the output is all read by then.
      child.on("close", (code, killed) => (code === 0 ? resolve() : reject(new Error(`search index refresh failed (${killed ?? code}): ${tail}`))));
    });
    const reported = output.split("\n").find((line) => line.startsWith(INDEX_CHANGES_LINE));
    if (!reported) throw new Error(`search index refresh reported no changes: ${output.slice(-2000)}`);
    return v.parse(v.array(v.string()), JSON.parse(reported.slice(INDEX_CHANGES_LINE.length)));
  } finally {
    signal?.removeEventListener("abort", stop);
    // Nothing of the group may outlive the refresh (Pagefind's indexer after a crash of its parent).
    stop();
  }
}
