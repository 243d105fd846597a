import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { promisify } from "node:util";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  KEEP_RELEASES,
  adoptBuild,
  checkBuild,
  currentRelease,
  listReleases,
  newReleaseId,
  pruneReleases,
  removeInBackground,
  releaseStore,
  rollback,
  swapLive,
  type ReleaseStore,
} from "../../publishing/releases/releases.ts";
import { writeFakeSite } from "./support/fake-site.ts";

let store: ReleaseStore;

beforeEach(async () => {
  store = releaseStore(await mkdtemp(path.join(os.tmpdir(), "kp-releases-")));
});
afterEach(async () => {
  await rm(store.root, { recursive: true, force: true });
});

/** Builds a fake site into the work folder and adopts it as a release made at `minute`. */
async function addRelease(minute: number, text = `release ${minute}`): Promise<string> {
  await writeFakeSite(store.work, text);
  const id = newReleaseId(store, new Date(Date.UTC(2026, 10, 22, 3, minute)));
  await adoptBuild(store, store.work, id);
  return id;
}

const liveHome = (): Promise<string> => readFile(path.join(store.current, "index.html"), "utf8");

describe("release store", () => {
  it("names releases by time so they sort oldest first, with a suffix on a clash", async () => {
    const a = await addRelease(1);
    const b = await addRelease(2);
    await writeFakeSite(store.work, "same minute");
    const c = newReleaseId(store, new Date(Date.UTC(2026, 10, 22, 3, 2)));
    expect(a).toBe("20261122-030100-000");
    expect(c).toBe(`${b}-2`);
    await adoptBuild(store, store.work, c);
    expect(await listReleases(store)).toEqual([a, b, c]);
  });

  it("swaps the live pointer to a release and follows each swap", async () => {
    const a = await addRelease(1);
    const b = await addRelease(2);
    expect(await currentRelease(store)).toBeNull();
    await swapLive(store, a);
    expect(await liveHome()).toContain("release 1");
    await swapLive(store, b);
    expect(await currentRelease(store)).toBe(b);
    expect(await liveHome()).toContain("release 2");
    await expect(swapLive(store, "does-not-exist")).rejects.toThrow(/No release/);
    expect(await currentRelease(store)).toBe(b);
  });

  it(`keeps the newest ${KEEP_RELEASES} releases and never prunes the live one`, async () => {
    const ids: string[] = [];
    for (let minute = 1; minute <= 8; minute++) ids.push(await addRelease(minute));
    await swapLive(store, ids[0] as string);
    const removed = await pruneReleases(store);
    expect(removed).toEqual(ids.slice(1, 4));
    expect(await listReleases(store)).toEqual([ids[0], ...ids.slice(4)]);
    expect(existsSync(path.join(store.current, "index.html"))).toBe(true);
  });

  it("can move pruned releases aside at once and delete them in the background", async () => {
    const ids: string[] = [];
    for (let minute = 1; minute <= 7; minute++) ids.push(await addRelease(minute));
    await swapLive(store, ids[6] as string);
    const remove = removeInBackground(store);
    const asked: string[] = [];
    const prunedIds = await pruneReleases(store, undefined, undefined, (dir) => (asked.push(path.basename(dir)), remove(dir)));
    expect(prunedIds).toEqual(ids.slice(0, 2));
    expect(asked).toEqual(ids.slice(0, 2));
    expect(await listReleases(store)).toEqual(ids.slice(2));
    await remove.settled();
    expect((await readdir(store.root)).filter((entry) => entry.startsWith("pruned-"))).toEqual([]);
    expect(existsSync(path.join(store.current, "index.html"))).toBe(true);
  });

  it("deletes a half-made folder in the background under a name of its own, again and again", async () => {
    // The deletions wait until the test lets them go: what `discard` waits for is then plain to see.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const remove = removeInBackground(store, async (dir) => {
      await held;
      await rm(dir, { recursive: true, force: true });
    });
    const scratch = path.join(store.root, "work-search-index");
    for (const round of [1, 2]) {
      await writeFakeSite(scratch, `zoekindex ${round}`);
      await remove.discard(scratch);
      expect(existsSync(scratch)).toBe(false);
      // Moved aside at once, under a name of its own each time; deleted later, not before `discard` returns.
      expect((await readdir(store.root)).filter((entry) => entry.startsWith("pruned-work-search-index-"))).toHaveLength(round);
    }
    await remove.discard(scratch);
    release();
    await remove.settled();
    expect((await readdir(store.root)).filter((entry) => entry.startsWith("pruned-"))).toEqual([]);
  });

  it("rolls back to the release before the live one, one step per call", async () => {
    const [a, b, c] = [await addRelease(1), await addRelease(2), await addRelease(3)];
    await swapLive(store, c);
    expect(await rollback(store)).toEqual({ from: c, to: b });
    expect(await liveHome()).toContain("release 2");
    expect(await rollback(store)).toEqual({ from: b, to: a });
    await expect(rollback(store)).rejects.toThrow(/no earlier release/);
    expect(await currentRelease(store)).toBe(a);
  });
});

describe("npm run rollback", () => {
  it("makes the previous live release live again and says so as one JSON line", async () => {
    const releasesDir = path.join(store.root, "stack");
    const live = releaseStore(path.join(releasesDir, "live"));
    const ids: string[] = [];
    for (const minute of [1, 2]) {
      await writeFakeSite(live.work, `release ${minute}`);
      ids.push(await adoptBuild(live, live.work, newReleaseId(live, new Date(Date.UTC(2026, 10, 22, 3, minute)))).then((dir) => path.basename(dir)));
    }
    await swapLive(live, ids[1] as string);
    const script = path.resolve(import.meta.dirname, "../../publishing/releases/rollback.ts");
    const { stdout } = await promisify(execFile)(process.execPath, [script, "--releases-dir", releasesDir]);
    expect(JSON.parse(stdout)).toEqual({ event: "release.rollback", site: "live", from: ids[1], to: ids[0] });
    expect(await currentRelease(live)).toBe(ids[0]);
  });
});

describe("release checks", () => {
  it("passes a complete build and counts its pages", async () => {
    await writeFakeSite(store.work, "ok", 10);
    expect(await checkBuild(store.work, 12)).toEqual({ ok: true, pages: 13, problems: [] });
  });

  it("refuses a build without the home or 404 page", async () => {
    await writeFakeSite(store.work, "ok", 10);
    await rm(path.join(store.work, "index.html"));
    await writeFile(path.join(store.work, "404.html"), "");
    const result = await checkBuild(store.work, null);
    expect(result.ok).toBe(false);
    expect(result.problems).toEqual(["index.html is missing", "404.html is missing"]);
  });

  it("refuses a build whose page count collapsed against the live release", async () => {
    await writeFakeSite(store.work, "few", 2);
    const result = await checkBuild(store.work, 40);
    expect(result.ok).toBe(false);
    expect(result.problems).toEqual(["page count collapsed from 40 to 5"]);
    expect((await checkBuild(store.work, 10)).ok).toBe(true);
  });
});
