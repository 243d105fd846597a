import { cp, mkdtemp, readdir, realpath, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { storeDirFor } from "../../publishing/server/index.ts";
import { releaseStore } from "../../publishing/releases/releases.ts";
import { testStackConfig } from "../../dev/lib/stack-config.ts";

/**
 * Where the checks on the built output find it: the live release the Playwright global setup built
 * for this run (KP_TEST_PORT_BASE picks the stack), resolved through its `current` pointer so a
 * publish during the run cannot swap files under a check.
 */
export function liveBuildDir(): Promise<string> {
  return realpath(releaseStore(storeDirFor(testStackConfig().releasesDir, "live")).current);
}

/** Every `.html` file of a build folder, as sorted paths relative to it with `/` separators. */
export async function htmlFilesOf(buildDir: string): Promise<string[]> {
  const entries = await readdir(buildDir, { recursive: true });
  return entries
    .map((entry) => entry.split(path.sep).join("/"))
    .filter((entry) => entry.endsWith(".html"))
    .sort();
}

/**
 * A throw-away copy of a build folder (or of the listed files of it) in the system's temp folder,
 * where a test plants a fault to prove a check catches it. `dispose` removes it.
 */
export async function scratchCopy(buildDir: string, only?: string[]): Promise<{ dir: string; dispose: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "kp-quality-"));
  if (only) {
    for (const file of only) await cp(path.join(buildDir, file), path.join(dir, file), { recursive: true });
  } else {
    await cp(buildDir, dir, { recursive: true });
  }
  return { dir, dispose: () => rm(dir, { recursive: true, force: true }) };
}
