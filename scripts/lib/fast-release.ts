/**
 * A release made from the live one instead of a full build: the live release's files hard-linked
 * into the work folder (nothing copied, nothing the live site serves can change), the pages the
 * warm renderer rendered again written over their links, then the site-wide files rebuilt from the
 * result exactly as a full build makes them.
 */
import { execFile } from "node:child_process";
import { realpath, rm } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import type { RuntimeSettings } from "../../src/core/settings.ts";
import { finishBuild } from "./build-site.ts";

const run = promisify(execFile);

/** Files every release rebuilds from its pages; never taken over from the live release. */
export const REGENERATED = ["pagefind", "sw.js", "settings.js", "_headers", "_headers.json", "nginx-headers.conf", "release.json"];

/** Hard-links every file of `liveDir` into `outDir` (which must not exist), then drops the regenerated ones. */
export async function linkRelease(liveDir: string, outDir: string): Promise<void> {
  // One `cp` is far quicker than a link call per file from JavaScript at tens of thousands of files.
  // The real folder, never a pointer to it: `cp -a` would copy the symlink itself.
  await run("cp", ["-al", await realpath(liveDir), outDir]);
  await Promise.all(
    REGENERATED.flatMap((name) => ["", ".br", ".gz"].map((suffix) => rm(path.join(outDir, name + suffix), { recursive: true, force: true }))),
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
  return finishBuild({ ...options, reuseCompressedFrom: options.liveDir, keepCompressed: true });
}
