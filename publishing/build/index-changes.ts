/**
 * What a rebuilt search index changed against the index of the release it was built from. Pagefind
 * writes every file of its index anew on each run, but most of them (one fragment per page, the
 * index chunks) come out byte for byte the same when a publish changed a few pages: after one
 * changed article page, 38 of 10,000 files at 5,000 articles. A release that records exactly those
 * lets the spares (releases/spare-release.ts) replace those few links. Replacing the whole index
 * folder (some 40,000 files at 20,000 articles) kept a publish that took such a spare waiting 3.3 s.
 */
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";

const INDEX_DIR = "pagefind";
/** Compressed variants are replaced with their file (spare-release.ts), so a change names the file. */
const VARIANT = /\.(br|gz)$/;
/** Files compared at once. */
const BATCH = 64;

async function filesUnder(dir: string): Promise<Set<string>> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return new Set(entries.filter((entry) => entry.isFile()).map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name))));
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
 * gone, as paths of the release (`pagefind/…`), each compressed variant under its file's name;
 * sorted.
 */
export async function changedIndexFiles(baseDir: string, outDir: string): Promise<string[]> {
  const [before, after] = await Promise.all([filesUnder(path.join(baseDir, INDEX_DIR)), filesUnder(path.join(outDir, INDEX_DIR))]);
  const gone = [...before].filter((file) => !after.has(file));
  const added = [...after].filter((file) => !before.has(file));
  const inBoth = [...after].filter((file) => before.has(file));
  const changed = new Set([...gone, ...added]);
  for (let start = 0; start < inBoth.length; start += BATCH) {
    const batch = inBoth.slice(start, start + BATCH);
    const same = await Promise.all(batch.map((file) => sameBytes(path.join(baseDir, INDEX_DIR, file), path.join(outDir, INDEX_DIR, file))));
    for (const [index, file] of batch.entries()) if (!same[index]) changed.add(file);
  }
  return [...new Set([...changed].map((file) => `${INDEX_DIR}/${file.replace(VARIANT, "")}`))].sort();
}
