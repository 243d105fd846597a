/**
 * What a rebuilt search index changed against the index of the release it was built from. Pagefind
 * writes every file of its index anew on each run, but most of them (one fragment per page, the
 * index chunks) come out byte for byte the same when a publish changed a few pages: after one
 * changed article page, 38 of 10,000 files at 5,000 articles. A release that records exactly those
 * lets the spares (releases/spare-release.ts) replace those few links. Replacing the whole index
 * folder (some 40,000 files at 20,000 articles) kept a publish that took such a spare waiting 3.3 s.
 */
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { filesUnder, forEachLimited } from "./build-site.ts";
import { isCompressedVariant } from "./compression.ts";
import { SEARCH_INDEX_DIR } from "./search-index.ts";

/** Files compared at once. */
const COMPARING = 64;

/** The files under `dir`, relative to it; none when there is no such folder. */
async function filesIfAny(dir: string): Promise<Set<string>> {
  try {
    return new Set(await filesUnder(dir));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return new Set();
    throw error;
  }
}

async function sameBytes(a: string, b: string): Promise<boolean> {
  const [sizeA, sizeB] = await Promise.all([stat(a), stat(b)]).then((infos) => infos.map((info) => info.size));
  if (sizeA !== sizeB) return false;
  const [bytesA, bytesB] = await Promise.all([readFile(a), readFile(b)]);
  return bytesA.equals(bytesB);
}

/**
 * The files of `outDir`'s search index that are new, differ byte for byte from `baseDir`'s, or are
 * gone, as paths of the release (`pagefind/…`), each compressed variant under its file's name
 * (spare-release.ts replaces a file with its variants); sorted.
 */
export async function changedIndexFiles(baseDir: string, outDir: string): Promise<string[]> {
  const [before, after] = await Promise.all([filesIfAny(path.join(baseDir, SEARCH_INDEX_DIR)), filesIfAny(path.join(outDir, SEARCH_INDEX_DIR))]);
  const changed = new Set([...before].filter((file) => !after.has(file)));
  const inBoth: string[] = [];
  for (const file of after) {
    if (before.has(file)) inBoth.push(file);
    else changed.add(file);
  }
  await forEachLimited(inBoth, COMPARING, async (file) => {
    if (!(await sameBytes(path.join(baseDir, SEARCH_INDEX_DIR, file), path.join(outDir, SEARCH_INDEX_DIR, file)))) changed.add(file);
  });
  const withoutVariant = (file: string): string => (isCompressedVariant(file) ? file.replace(/\.[^.]+$/, "") : file);
  return [...new Set([...changed].map((file) => `${SEARCH_INDEX_DIR}/${withoutVariant(file)}`))].sort();
}
