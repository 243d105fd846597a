/**
 * The pass of a full build over its own files, on worker threads, one per core: each file is read
 * once, for its inline-script hashes when it is a page (the CSP's `script-src`) and for its
 * compressed variants. At 5,000 articles that is 18,000 pages: on this thread, with a promise per
 * file operation and zlib's threads behind it, the pass kept one core busy with bookkeeping and
 * took 20 to 35 s; the workers do the same work synchronously, side by side.
 */
import { once } from "node:events";
import os from "node:os";
import { Worker } from "node:worker_threads";

/** Where a pass may take compressed variants instead of compressing (build-site.ts, `finishBuild`). */
export type ReuseSources = { reuseFrom: string | null; assetsFrom: string | null };
/** What a worker is given: files relative to `outDir`, with whether to compress each. */
export type PassBatch = ReuseSources & { outDir: string; files: { file: string; compress: boolean }[] };
/** What it answers: each page's hashes, or the error that stopped the batch. */
export type PassAnswer = { hashes: [string, string[]][]; error?: string };

/**
 * Files per message: small enough to share the work out evenly and to yield to `pause` within
 * about 50 ms (the preview's pass while the live site publishes), large enough that the messages
 * cost nothing beside the work.
 */
const BATCH = 50;

/**
 * Reads every file of `files`, hashes the pages' inline scripts and compresses those marked (taking
 * `reuseFrom`'s variants of files identical there, and `assetsFrom`'s of hashed assets identical
 * there). `pause` is awaited before each batch: a build of lower priority yields to another site's
 * publish. Returns the hashes per page. On a failure no new batch starts, and the promise rejects
 * once every worker has stopped.
 */
export async function hashAndCompress(
  outDir: string,
  files: readonly { file: string; compress: boolean }[],
  options: ReuseSources & { pause?: (() => Promise<void>) | undefined },
): Promise<Map<string, string[]>> {
  const byPage = new Map<string, string[]>();
  const count = Math.max(1, Math.min(os.availableParallelism(), Math.ceil(files.length / BATCH)));
  const workers = Array.from({ length: count }, () => new Worker(new URL("./page-pass-worker.ts", import.meta.url)));
  let next = 0;
  let failure: { error: unknown } | null = null;
  const drive = async (worker: Worker): Promise<void> => {
    const ended = once(worker, "exit").then(() => {
      throw new Error("the worker ended");
    });
    // Settled by `terminate` at the latest; only a wait for an answer reports it.
    ended.catch(() => undefined);
    while (next < files.length && !failure) {
      await options.pause?.();
      const batch: PassBatch = { outDir, reuseFrom: options.reuseFrom, assetsFrom: options.assetsFrom, files: files.slice(next, next + BATCH) };
      next += BATCH;
      try {
        worker.postMessage(batch);
        // `once` rejects on the worker's 'error' event; an exit without an answer is a failure too.
        const [answer] = (await Promise.race([once(worker, "message"), ended])) as [PassAnswer];
        if (answer.error) throw new Error(`page pass: ${answer.error}`);
        for (const [page, hashes] of answer.hashes) byPage.set(page, hashes);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  try {
    await Promise.all(workers.map(drive));
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
  if (failure) throw (failure as { error: unknown }).error;
  return byPage;
}
