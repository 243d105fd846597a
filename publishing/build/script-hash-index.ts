/**
 * The inline-script hashes of one site's live release, per page, kept in memory between publishes:
 * a fast release reads only the pages it wrote and removes the pages it removed, instead of reading
 * every page of the site to find the CSP's `script-src` hashes.
 *
 * The index knows which release it describes by the inode of that release's header context file:
 * every release writes that file anew (a fast release too), and moving a build into the releases
 * folder keeps its inode. Any other release (a rollback, a release that failed its checks) makes
 * the index read the whole release again, once.
 */
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { inlineScriptHashes } from "./inline-scripts.ts";

/** The file whose inode names a release (the header context; see build-site.ts). */
const MARKER = "_headers.json";

export type ScriptHashIndex = {
  /** Reads every page of `outDir` (a full build) and returns the sorted hashes. */
  collect: (outDir: string) => Promise<string[]>;
  /** The same from the hashes of every page, read by the caller (a full build's single pass over its files). */
  fill: (byPage: ReadonlyMap<string, readonly string[]>) => string[];
  /**
   * The hashes of `outDir`, a release made from `liveDir` in which `written` pages were written and
   * `removed` ones removed (paths relative to the release). Reads only those pages when the index
   * describes `liveDir`, else `liveDir`'s pages first.
   */
  update: (options: { liveDir: string; outDir: string; written: readonly string[]; removed: readonly string[] }) => Promise<string[]>;
  /** Records that the index describes `outDir`, once its header files are written. */
  seal: (outDir: string) => Promise<void>;
  /** Forgets which release the index describes (after a failure). */
  forget: () => void;
};

export function createScriptHashIndex(): ScriptHashIndex {
  const byPage = new Map<string, readonly string[]>();
  /** How many pages carry each hash: a hash leaves the policy when its last page goes. */
  const counts = new Map<string, number>();
  let describes: string | null = null;

  const set = (page: string, hashes: readonly string[] | null): void => {
    for (const hash of byPage.get(page) ?? []) {
      const left = (counts.get(hash) ?? 1) - 1;
      if (left > 0) counts.set(hash, left);
      else counts.delete(hash);
    }
    if (hashes === null) return void byPage.delete(page);
    byPage.set(page, hashes);
    for (const hash of hashes) counts.set(hash, (counts.get(hash) ?? 0) + 1);
  };
  const pageHashes = async (dir: string, page: string): Promise<string[]> => inlineScriptHashes(await readFile(path.join(dir, page), "utf8"));
  const sorted = (): string[] => [...counts.keys()].sort();

  const fill = (pages: ReadonlyMap<string, readonly string[]>): string[] => {
    describes = null;
    byPage.clear();
    counts.clear();
    for (const [page, hashes] of pages) set(page, hashes);
    return sorted();
  };

  const collect = async (outDir: string): Promise<string[]> => {
    const pages = new Map<string, readonly string[]>();
    const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
    for (const entry of entries) {
      if (!entry.isFile() || !entry.name.endsWith(".html")) continue;
      const page = path.relative(outDir, path.join(entry.parentPath, entry.name));
      pages.set(page, await pageHashes(outDir, page));
    }
    return fill(pages);
  };

  const markerOf = async (dir: string): Promise<string | null> => {
    const info = await stat(path.join(dir, MARKER)).catch(() => null);
    return info ? `${info.dev}:${info.ino}` : null;
  };

  return {
    collect,
    fill,
    update: async ({ liveDir, outDir, written, removed }) => {
      const live = await markerOf(liveDir);
      if (live === null || live !== describes) await collect(liveDir);
      // From here until `seal` the index describes neither release.
      describes = null;
      for (const page of removed) if (page.endsWith(".html")) set(page, null);
      for (const page of written) if (page.endsWith(".html")) set(page, await pageHashes(outDir, page));
      return sorted();
    },
    seal: async (outDir) => {
      describes = await markerOf(outDir);
    },
    forget: () => {
      describes = null;
    },
  };
}
