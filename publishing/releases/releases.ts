/**
 * Release folders of one site (live or preview) and its live pointer. Layout of a store folder:
 *
 *   releases/<id>/   one complete build each; the newest KEEP_RELEASES are kept
 *   current          symlink to releases/<id>: what the static server serves
 *   work/            where a build writes before its output is moved into releases/
 *   cache/           Astro's cache folder (incremental build cache, content data store)
 *
 * The pointer is swapped by renaming a fresh symlink over it, which is atomic on POSIX file systems:
 * a request sees the old release or the new one, never a mix.
 */
import { existsSync } from "node:fs";
import { cp, mkdir, readdir, readFile, readlink, rename, rm, stat, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { runCommand } from "./commands.ts";
import { NGINX_INCLUDE_FILE, nginxIncludeProblem } from "../serving/nginx.ts";

/** How many releases stay on disk (the live one included), for rollback. */
export const KEEP_RELEASES = 5;
/** A new build may lose at most this share of the live release's pages before it is refused. */
const MAX_PAGE_LOSS = 0.5;

export type ReleaseStore = {
  root: string;
  releases: string;
  current: string;
  work: string;
  cache: string;
};

/** What the pipeline records in each release, read back by the status endpoint and the checks. */
export type ReleaseInfo = {
  id: string;
  createdAt: string;
  trigger: string;
  pages: number;
  /** How it was made: "fast" (the affected pages only) or "full"; absent in older releases. */
  path?: "fast" | "full" | null;
  /** Files that differ from the release before (fast path only): what a CDN must purge. */
  changed?: string[] | null;
  /** The release this one replaced as live (the one `changed` is counted against). */
  previous?: string | null;
};

export function releaseStore(root: string): ReleaseStore {
  return {
    root,
    releases: path.join(root, "releases"),
    current: path.join(root, "current"),
    work: path.join(root, "work"),
    cache: path.join(root, "cache"),
  };
}

/** A sortable, unique id from the clock: `20261122-024512-123`, with `-2`, `-3`… on a clash. */
export function newReleaseId(store: ReleaseStore, now: Date): string {
  const stamp = now.toISOString().replace(/[-:]/g, "").replace("T", "-").replace(".", "-").replace("Z", "");
  let id = stamp;
  for (let n = 2; existsSync(path.join(store.releases, id)); n++) id = `${stamp}-${n}`;
  return id;
}

/** Release ids on disk, oldest first. */
export async function listReleases(store: ReleaseStore): Promise<string[]> {
  if (!existsSync(store.releases)) return [];
  const entries = await readdir(store.releases, { withFileTypes: true });
  return entries
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith("."))
    .map((entry) => entry.name)
    .sort(compareIds);
}

/** Ids sort by time; a clash suffix (`-2`) sorts after its stem, numerically. */
function compareIds(a: string, b: string): number {
  return a.localeCompare(b, "en", { numeric: true });
}

/** The id the live pointer names, or null before the first release. */
export async function currentRelease(store: ReleaseStore): Promise<string | null> {
  try {
    return path.basename(await readlink(store.current));
  } catch {
    return null;
  }
}

/** Points `current` at a release atomically (symlink beside it, then rename over it). */
export async function swapLive(store: ReleaseStore, id: string): Promise<void> {
  const target = path.join(store.releases, id);
  if (!existsSync(target)) throw new Error(`No release ${id} to make live`);
  const temporary = `${store.current}.next-${process.pid}`;
  await rm(temporary, { force: true });
  await symlink(path.relative(store.root, target), temporary);
  await rename(temporary, store.current);
}

/** Removes the oldest releases beyond `keep`, never the live one. Returns the removed ids. */
export async function pruneReleases(
  store: ReleaseStore,
  keep = KEEP_RELEASES,
  /** Offered each release folder before it is deleted; true when it took the folder away (to reuse it). */
  claim?: (dir: string) => Promise<boolean>,
  /** Deletes a release folder; by default at once. */
  remove: (dir: string) => Promise<void> = (dir) => rm(dir, { recursive: true, force: true }),
): Promise<string[]> {
  const ids = await listReleases(store);
  const live = await currentRelease(store);
  const removable = ids.filter((id) => id !== live);
  const excess = ids.length - keep;
  const removed = excess > 0 ? removable.slice(0, excess) : [];
  for (const id of removed) {
    const dir = path.join(store.releases, id);
    if (!(claim && (await claim(dir)))) await remove(dir);
  }
  return removed;
}

/**
 * A `remove` for `pruneReleases` that moves the release aside (a rename: the folder is gone from
 * the releases at once) and deletes it in the background at the lowest priority. Deleting a release
 * of tens of thousands of pages takes seconds, and the next publish must not wait for it. Folders
 * left aside by a process that stopped are deleted by the next prune.
 */
export function removeInBackground(
  store: ReleaseStore,
  /** Deletes a folder for good: a lowest-priority `rm -rf` (tests hold it to see what waits for it). */
  deleteFolder: (dir: string) => Promise<unknown> = (dir) => runCommand("nice", ["-n", "19", "rm", "-rf", dir]),
): ((dir: string) => Promise<void>) & { discard: (dir: string) => Promise<void>; settled: () => Promise<void> } {
  let deleting: Promise<unknown> = Promise.resolve();
  let discarded = 0;
  /** Folders queued for deletion, each once however many prunes see it. */
  const queued = new Set<string>();
  const deleteLater = (dir: string): void => {
    if (queued.has(dir)) return;
    queued.add(dir);
    deleting = deleting
      .then(() => deleteFolder(dir))
      .catch(() => undefined)
      .finally(() => queued.delete(dir));
  };
  const remove = async (dir: string): Promise<void> => {
    await rename(dir, path.join(store.root, `pruned-${path.basename(dir)}`));
    for (const entry of await readdir(store.root)) if (entry.startsWith("pruned-")) deleteLater(path.join(store.root, entry));
  };
  /**
   * Deletes a scratch folder of the store (a search index given up half-made: a whole release of
   * links) the same way, under a name of its own; nothing when there is none. Deleted in this
   * process, it took the cores from the publish that had just stopped it.
   */
  const discard = async (dir: string): Promise<void> => {
    const aside = path.join(store.root, `pruned-${path.basename(dir)}-${process.pid}-${++discarded}`);
    try {
      await rename(dir, aside);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
      // Not on the store's file system (a work folder placed elsewhere): deleted here after all.
      await rm(dir, { recursive: true, force: true });
      return;
    }
    deleteLater(aside);
  };
  /** Resolves once every deletion started so far has ended. */
  const settled = async (): Promise<void> => void (await deleting);
  return Object.assign(remove, { discard, settled });
}

/** Makes the release before the live one live again. Returns `{from, to}`; throws when there is none. */
export async function rollback(store: ReleaseStore): Promise<{ from: string; to: string }> {
  const ids = await listReleases(store);
  const live = await currentRelease(store);
  const index = live ? ids.indexOf(live) : -1;
  const previous = index > 0 ? ids[index - 1] : undefined;
  if (!live || !previous) throw new Error("There is no earlier release to roll back to");
  await swapLive(store, previous);
  return { from: live, to: previous };
}

/**
 * Moves a finished build into the releases folder under `id`: a rename on the same file system, else
 * a copy into a hidden folder renamed into place, so a release folder is never seen half-written.
 */
export async function adoptBuild(store: ReleaseStore, buildDir: string, id: string): Promise<string> {
  await mkdir(store.releases, { recursive: true });
  const target = path.join(store.releases, id);
  try {
    await rename(buildDir, target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
    const staging = path.join(store.releases, `.incoming-${id}`);
    await cp(buildDir, staging, { recursive: true });
    await rename(staging, target);
    await rm(buildDir, { recursive: true, force: true });
  }
  return target;
}

export async function writeReleaseInfo(dir: string, info: ReleaseInfo): Promise<void> {
  await writeFile(path.join(dir, "release.json"), `${JSON.stringify(info, null, 2)}\n`);
}

export async function readReleaseInfo(dir: string): Promise<ReleaseInfo | null> {
  try {
    return JSON.parse(await readFile(path.join(dir, "release.json"), "utf8")) as ReleaseInfo;
  } catch {
    return null;
  }
}

/** Number of HTML pages in a build folder. */
export async function countPages(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile() && entry.name.endsWith(".html")).length;
}

type CheckResult = { ok: boolean; pages: number; problems: string[] };

/**
 * The gate before a swap: the home and 404 pages exist, the page count did not collapse compared
 * with the live release (a content API answering with empty lists must not empty the site), and
 * nginx, where installed, accepts the release's header include. `liveDir`: the live release, whose
 * include passed this check; an identical include is not checked again.
 */
export async function checkBuild(dir: string, livePages: number | null, knownPages?: number, liveDir?: string): Promise<CheckResult> {
  const problems: string[] = [];
  for (const page of ["index.html", "404.html"]) {
    const file = path.join(dir, page);
    if (!existsSync(file) || (await stat(file)).size === 0) problems.push(`${page} is missing`);
  }
  // A fast release knows its count (the live one's plus the pages it added, less those it removed).
  const pages = knownPages ?? (existsSync(dir) ? await countPages(dir) : 0);
  if (livePages !== null && pages < Math.ceil(livePages * (1 - MAX_PAGE_LOSS))) {
    problems.push(`page count collapsed from ${livePages} to ${pages}`);
  }
  const nginx = liveDir && (await sameFile(path.join(dir, NGINX_INCLUDE_FILE), path.join(liveDir, NGINX_INCLUDE_FILE))) ? null : await nginxIncludeProblem(dir);
  if (nginx) problems.push(nginx);
  return { ok: problems.length === 0, pages, problems };
}

/** True when both files exist with the same bytes. */
async function sameFile(a: string, b: string): Promise<boolean> {
  try {
    const [one, other] = await Promise.all([readFile(a), readFile(b)]);
    return one.equals(other);
  } catch {
    return false;
  }
}
