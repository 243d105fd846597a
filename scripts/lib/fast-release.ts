/**
 * A release made from the live one instead of a full build: the live release's files hard-linked
 * into the work folder (nothing copied, nothing the live site serves can change), the pages the
 * warm renderer rendered again written over their links, then the site-wide files rebuilt from the
 * result exactly as a full build makes them.
 */
import { execFile } from "node:child_process";
import { readdir, readFile, realpath, rm, stat } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import type { RuntimeSettings } from "../../src/core/settings.ts";
import { finishBuild, precompress } from "./build-site.ts";
import { inlineScriptHashes } from "./inline-scripts.ts";
import { buildSearchIndex } from "./search-index.ts";
import { writeSearchIndexList } from "./service-worker.ts";

const run = promisify(execFile);

/**
 * Files every fast release rebuilds from its pages; never taken over from the live release. The
 * search index is taken over and rebuilt after the swap (`refreshSearchIndex`): Pagefind cannot
 * update single pages, and indexing the whole site would cost more than everything else together.
 */
export const REGENERATED = ["sw.js", "settings.js", "_headers", "_headers.json", "nginx-headers.conf", "release.json"];

/** Hard-links every file of `liveDir` into `outDir` (which must not exist), then drops `regenerated`. */
export async function linkRelease(liveDir: string, outDir: string, regenerated: readonly string[] = REGENERATED): Promise<void> {
  // One `cp` is far quicker than a link call per file from JavaScript at tens of thousands of files.
  // The real folder, never a pointer to it: `cp -a` would copy the symlink itself.
  await run("cp", ["-al", await realpath(liveDir), outDir]);
  await Promise.all(
    regenerated.flatMap((name) => ["", ".br", ".gz"].map((suffix) => rm(path.join(outDir, name + suffix), { recursive: true, force: true }))),
  );
}

/** `finishBuild` for a linked release: only files without compressed variants are compressed. */
export function finishLinkedRelease(options: {
  outDir: string;
  liveDir: string;
  settings: RuntimeSettings;
  imageOrigin?: string | undefined;
  preview: boolean;
  onStep?: (step: string) => void;
}): Promise<void> {
  return finishBuild({
    ...options,
    reuseCompressedFrom: options.liveDir,
    keepCompressed: true,
    searchIndex: false,
    scriptHashes: linkedScriptHashes,
    reuseWorkerBundle: true,
  });
}

/** Inline-script hashes per file content, by inode: a page linked from the live release is read once. */
const hashesByInode = new Map<string, string[]>();

/** `collectScriptHashes` for a linked release: only pages written since are read. */
async function linkedScriptHashes(outDir: string): Promise<string[]> {
  const hashes = new Set<string>();
  const seen = new Set<string>();
  const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith(".html")) continue;
    const file = path.join(entry.parentPath, entry.name);
    const info = await stat(file);
    const key = `${info.dev}:${info.ino}:${info.mtimeMs}:${info.size}`;
    seen.add(key);
    let found = hashesByInode.get(key);
    if (!found) {
      found = inlineScriptHashes(await readFile(file, "utf8"));
      hashesByInode.set(key, found);
    }
    for (const hash of found) hashes.add(hash);
  }
  // Both sites share the cache; it is emptied when it holds far more pages than a site has.
  if (hashesByInode.size > 4 * seen.size) hashesByInode.clear();
  return [...hashes].sort();
}

/**
 * The release after a fast one: the same files with the search index rebuilt from its pages (and
 * the worker's list of index files), nothing else; written to `outDir`.
 */
export async function refreshSearchIndex(baseDir: string, outDir: string): Promise<void> {
  await linkRelease(baseDir, outDir, ["pagefind", "release.json"]);
  await buildSearchIndex(outDir);
  await writeSearchIndexList(outDir);
  await precompress(outDir, baseDir, true);
}

/** `refreshSearchIndex` in a child process at the lowest CPU priority (`nice`): background work. */
export async function refreshSearchIndexInBackground(baseDir: string, outDir: string, signal?: AbortSignal): Promise<void> {
  const script = path.join(import.meta.dirname, "refresh-search-index.ts");
  await run("nice", ["-n", "19", process.execPath, script, baseDir, outDir], {
    maxBuffer: 16 * 1024 * 1024,
    ...(signal ? { signal, killSignal: "SIGKILL" as const } : {}),
  });
}
