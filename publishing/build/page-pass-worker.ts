/**
 * A worker of the page pass (page-pass.ts): reads each file of a batch once, takes a page's
 * inline-script hashes and writes the file's compressed variants, all synchronously, since the
 * thread does nothing else.
 */
import { constants, copyFileSync, existsSync, linkSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parentPort } from "node:worker_threads";
import zlib from "node:zlib";
import { brotliOptions, GZIP_OPTIONS, isHashedAsset, worthCompressing } from "./compression.ts";
import { inlineScriptHashes } from "./inline-scripts.ts";
import type { PassBatch, PassAnswer, ReuseSources } from "./page-pass.ts";

/**
 * A new file in place of any old one: in a folder linked from a release, never written through a
 * link. `write` creates the file and fails when it exists (flag `wx`).
 */
function writeNew(file: string, write: (flag: string) => void): void {
  try {
    write("wx");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    rmSync(file, { force: true });
    write("wx");
  }
}

/**
 * Takes `previous`'s variants when it has the same content (a file unchanged since that release):
 * hard-linked, as a fast release links the live one's files (a release never changes once made),
 * or copied when the two folders lie on different file systems.
 */
function reuseCompressed(body: Buffer, previous: string, target: string): boolean {
  if (!existsSync(`${previous}.br`) || !existsSync(`${previous}.gz`)) return false;
  try {
    if (!body.equals(readFileSync(previous))) return false;
  } catch {
    return false;
  }
  for (const suffix of [".br", ".gz"]) {
    writeNew(target + suffix, () => {
      try {
        linkSync(previous + suffix, target + suffix);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
        copyFileSync(previous + suffix, target + suffix, constants.COPYFILE_EXCL);
      }
    });
  }
  return true;
}

function compress(outDir: string, file: string, body: Buffer, { reuseFrom, assetsFrom }: ReuseSources): void {
  if (!worthCompressing(body)) return;
  const target = path.join(outDir, file);
  if (reuseFrom && reuseCompressed(body, path.join(reuseFrom, file), target)) return;
  if (assetsFrom && isHashedAsset(file) && reuseCompressed(body, path.join(assetsFrom, file), target)) return;
  const br = zlib.brotliCompressSync(body, brotliOptions(file));
  const gz = zlib.gzipSync(body, GZIP_OPTIONS);
  writeNew(`${target}.br`, (flag) => writeFileSync(`${target}.br`, br, { flag }));
  writeNew(`${target}.gz`, (flag) => writeFileSync(`${target}.gz`, gz, { flag }));
}

parentPort?.on("message", ({ outDir, files, ...sources }: PassBatch) => {
  const answer: PassAnswer = { hashes: [] };
  try {
    for (const { file, compress: wanted } of files) {
      const body = readFileSync(path.join(outDir, file));
      if (file.endsWith(".html")) answer.hashes.push([file, inlineScriptHashes(body.toString("utf8"))]);
      if (wanted) compress(outDir, file, body, sources);
    }
  } catch (error) {
    answer.error = error instanceof Error ? (error.stack ?? error.message) : String(error);
  }
  parentPort?.postMessage(answer);
});
