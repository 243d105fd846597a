import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { compareSites } from "../../dev/publish-differential.ts";
import { pruneReleases, releaseStore, swapLive, writeReleaseInfo, type ReleaseInfo, type ReleaseStore } from "../../publishing/releases/releases.ts";
import { changedSince, createRunner, createSparePool, createSpareRelease, type RunOptions, type SpareRelease } from "../../publishing/releases/spare-release.ts";
import { writeFakeSite } from "./support/fake-site.ts";

let store: ReleaseStore;
beforeEach(async () => {
  store = releaseStore(await mkdtemp(path.join(os.tmpdir(), "kp-spare-")));
  await mkdir(store.releases, { recursive: true });
});
afterEach(async () => {
  await rm(store.root, { recursive: true, force: true });
});

const dirOf = (id: string): string => path.join(store.releases, id);

/** A release made from `from` (copied) with `edit` applied, recorded as the fast path records it. */
async function release(id: string, info: Partial<ReleaseInfo>, edit: (dir: string) => Promise<void>, from?: string): Promise<string> {
  const dir = dirOf(id);
  if (from) await copyTree(dirOf(from), dir);
  else await writeFakeSite(dir, "eerste", 3);
  await edit(dir);
  await writeReleaseInfo(dir, { id, createdAt: "2026-11-25T04:00:00.000Z", trigger: "test", pages: 6, path: "fast", changed: [], previous: from ?? null, ...info });
  for (const name of ["sw.js", "_headers.json"]) await writeFile(path.join(dir, name), `${name} of ${id}\n`);
  return dir;
}

async function copyTree(from: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true });
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    if (entry.isDirectory()) await copyTree(source, path.join(to, entry.name));
    else await writeFile(path.join(to, entry.name), await readFile(source));
  }
}

const page = (dir: string, file: string, text: string): Promise<void> => writeFile(path.join(dir, file), text);

/** Takes a copy of release `id` into the folder `name` and checks it is that release, file for file; true when a spare served. */
async function takeCopy(spare: SpareRelease, id: string, name: string): Promise<boolean> {
  const out = path.join(store.root, name);
  const served = await spare.take(dirOf(id), out);
  expect(await compareSites(out, dirOf(id))).toMatchObject({ differences: [] });
  return served;
}

describe("the spare release", () => {
  it("is brought up to the live release by replacing only what the releases in between changed", async () => {
    await release("r1", { path: "full", changed: null }, async () => undefined);
    await release("r2", { changed: ["nieuws/artikel-1.html", "nieuws/artikel-2.html"] }, async (dir) => {
      await page(dir, "nieuws/artikel-1.html", "nieuwe titel");
      await page(dir, "nieuws/artikel-1.html.br", "gecomprimeerd");
      await rm(path.join(dir, "nieuws/artikel-2.html"));
    }, "r1");
    await release("r3", { changed: ["pagefind/"] }, async (dir) => {
      await mkdir(path.join(dir, "pagefind"), { recursive: true });
      await page(dir, "pagefind/index.pf_meta", "zoekindex");
    }, "r2");

    const spare = createSpareRelease(path.join(store.root, "spare"));
    spare.prepare(dirOf("r1"));
    await spare.settled();
    expect(await takeCopy(spare, "r2", "out2")).toBe(true);

    spare.prepare(dirOf("r2"));
    await spare.settled();
    expect(await takeCopy(spare, "r3", "out3")).toBe(true);
    // A spare taken leaves nothing to start from: each prepare copied, each take replaced files.
    expect(spare.stats()).toEqual({ copied: 2, patched: 2 });
    // Hard links: nothing was copied byte by byte, so the live release's files were never written.
    expect((await stat(path.join(store.root, "out3", "index.html"))).nlink).toBeGreaterThan(1);
  });

  it("copies the whole release when a full build lies between (what it changed is not known)", async () => {
    await release("r1", { path: "full", changed: null }, async () => undefined);
    await release("r2", { path: "full", changed: null, previous: "r1" }, (dir) => page(dir, "index.html", "alles nieuw"), "r1");
    expect(await changedSince(store.releases, "r1", "r2")).toBeNull();
    const spare = createSpareRelease(path.join(store.root, "spare"));
    spare.prepare(dirOf("r1"));
    await spare.settled();
    expect(await takeCopy(spare, "r2", "out")).toBe(true);
    expect(spare.stats()).toEqual({ copied: 2, patched: 0 });
  });

  it("takes the release pruning removes and makes the next spare from it", async () => {
    let previous: string | undefined;
    for (let n = 1; n <= 7; n++) {
      const id = `r${n}`;
      await release(id, n === 1 ? { path: "full", changed: null } : { changed: [`nieuws/artikel-${n % 3}.html`] }, (dir) =>
        n === 1 ? Promise.resolve() : page(dir, `nieuws/artikel-${n % 3}.html`, `versie ${n}`), previous);
      previous = id;
    }
    await swapLive(store, "r7");
    const spare = createSpareRelease(path.join(store.root, "spare"));
    expect(await pruneReleases(store, 6, spare.claim)).toEqual(["r1"]);
    await expect(stat(dirOf("r1"))).rejects.toThrow();
    spare.prepare(dirOf("r7"));
    await spare.settled();
    expect(await takeCopy(spare, "r7", "out")).toBe(true);
    expect(spare.stats()).toEqual({ copied: 0, patched: 1 });
    await spare.discard();
  });

  it("never keeps a publish waiting for a whole copy in the background: it links the live release itself", async () => {
    await release("r1", { path: "full", changed: null }, async () => undefined);
    await release("r2", { changed: ["nieuws/artikel-1.html"] }, (dir) => page(dir, "nieuws/artikel-1.html", "nieuwe titel"), "r1");
    const spare = createSpareRelease(path.join(store.root, "spare"));
    // Nothing to start from: the spare for r1 is a whole copy, still under way when the publish comes.
    spare.prepare(dirOf("r1"));
    expect(await takeCopy(spare, "r1", "out")).toBe(false);
    // The background copy went on and serves the next publish, brought up to r2 by replacing a file.
    await spare.settled();
    expect(await takeCopy(spare, "r2", "next")).toBe(true);
    expect(spare.stats()).toEqual({ copied: 1, patched: 1 });
    await spare.discard();
  });
});

describe("background commands", () => {
  /** Records each command; one at the lowest priority runs until it is stopped. */
  function commands() {
    const calls: string[] = [];
    const exec = (command: string, args: string[], options: RunOptions): Promise<unknown> => {
      calls.push([command, ...args].join(" "));
      if (command !== "nice") return Promise.resolve();
      return new Promise((_, reject) => options.signal?.addEventListener("abort", () => reject(new Error("killed")), { once: true }));
    };
    return { calls, runner: createRunner(exec) };
  }

  it("run at the lowest priority until a publish waits: then undone, and run again at normal priority", async () => {
    const { calls, runner } = commands();
    const copying = runner.run(true, "cp", ["-al", "live/pagefind", "spare/pagefind"], { restart: async () => void calls.push("undo") });
    expect(calls).toEqual(["nice -n 19 cp -al live/pagefind spare/pagefind"]);
    runner.hurry();
    await copying;
    expect(calls.slice(1)).toEqual(["undo", "cp -al live/pagefind spare/pagefind"]);
    // Until calm, what follows runs at normal priority too; after it, at the lowest again.
    await runner.run(true, "rm", ["-rf", "spare/old"]);
    expect(calls.at(-1)).toBe("rm -rf spare/old");
    runner.calm();
    void runner.run(true, "rm", ["-rf", "spare/next"]);
    expect(calls.at(-1)).toBe("nice -n 19 rm -rf spare/next");
    runner.hurry();
  });

  it("stop for good when their own work is stopped, hurried or not", async () => {
    const { calls, runner } = commands();
    const stop = new AbortController();
    const copying = runner.run(true, "cp", ["-al", "a", "b"], { signal: stop.signal, restart: async () => void calls.push("undo") });
    stop.abort();
    await expect(copying).rejects.toThrow("killed");
    expect(calls).toEqual(["nice -n 19 cp -al a b"]);
  });
});

describe("the pool of spares", () => {
  /** r1 from a full build, then r2 and r3 from fast publishes that each changed one article. */
  async function releases(): Promise<void> {
    await release("r1", { path: "full", changed: null }, async () => undefined);
    await release("r2", { changed: ["nieuws/artikel-1.html"] }, (dir) => page(dir, "nieuws/artikel-1.html", "nieuwe titel"), "r1");
    await release("r3", { changed: ["nieuws/artikel-2.html"] }, (dir) => page(dir, "nieuws/artikel-2.html", "nog een titel"), "r2");
  }

  it("fills every spare after a full build, then only patches: the spare a publish took stays empty", async () => {
    await releases();
    const pool = createSparePool(path.join(store.root, "spare"), 3);
    pool.prepare(dirOf("r1"));
    await pool.settled();
    expect(pool.stats()).toEqual({ copied: 3, patched: 0 });

    expect(await takeCopy(pool, "r2", "out2")).toBe(true);
    // r2 went live: the two spares left are patched, the next publish comes at once.
    pool.prepare(dirOf("r2"));
    expect(pool.ready()).toBe(true);
    expect(await takeCopy(pool, "r3", "out3")).toBe(true);
    pool.prepare(dirOf("r3"));
    await pool.settled();
    // No whole copy after the first build: one patch per take, one per spare kept at each release.
    expect(pool.stats()).toEqual({ copied: 3, patched: 5 });
    await pool.discard();
  });

  it("gives an empty spare the release pruning removes, and patches it up to the live one", async () => {
    await releases();
    const pool = createSparePool(path.join(store.root, "spare"), 2);
    pool.prepare(dirOf("r1"));
    await pool.settled();
    expect(await takeCopy(pool, "r2", "out2")).toBe(true);
    expect(await takeCopy(pool, "r2", "out2b")).toBe(true);
    expect(pool.holds()).toBe(false);
    await swapLive(store, "r3");
    expect(await pruneReleases(store, 2, pool.claim)).toEqual(["r1"]);
    expect(pool.holds()).toBe(true);
    pool.prepare(dirOf("r3"));
    await pool.settled();
    expect(await takeCopy(pool, "r3", "out")).toBe(true);
    // Two copies after the first build; r1 came back by pruning and was patched, not copied.
    expect(pool.stats().copied).toBe(2);
    await pool.discard();
  });

  it("copies every spare whole again after a full build, the empty ones too", async () => {
    await releases();
    await release("r4", { path: "full", changed: null, previous: "r3" }, (dir) => page(dir, "index.html", "nieuw menu"), "r3");
    const pool = createSparePool(path.join(store.root, "spare"), 2);
    pool.prepare(dirOf("r1"));
    await pool.settled();
    expect(await takeCopy(pool, "r2", "out2")).toBe(true);
    pool.prepare(dirOf("r4"));
    await pool.settled();
    expect(pool.stats().copied).toBe(4);
    expect(await takeCopy(pool, "r4", "out")).toBe(true);
    await pool.discard();
  });

  it("fills again when publishes have taken every spare and pruning gave none back", async () => {
    await releases();
    const pool = createSparePool(path.join(store.root, "spare"), 2);
    pool.prepare(dirOf("r1"));
    await pool.settled();
    expect(await takeCopy(pool, "r2", "out2")).toBe(true);
    expect(await takeCopy(pool, "r2", "out2b")).toBe(true);
    pool.prepare(dirOf("r2"));
    await pool.settled();
    expect(pool.stats().copied).toBe(4);
    expect(await takeCopy(pool, "r3", "out")).toBe(true);
    await pool.discard();
  });

  it("links the release itself while every spare is still being copied whole, and the copies go on", async () => {
    await release("r1", { path: "full", changed: null }, async () => undefined);
    const pool = createSparePool(path.join(store.root, "spare"), 2);
    pool.prepare(dirOf("r1"));
    expect(pool.ready()).toBe(false);
    expect(await takeCopy(pool, "r1", "out")).toBe(false);
    await pool.settled();
    expect(pool.stats()).toEqual({ copied: 2, patched: 0 });
    expect(pool.ready()).toBe(true);
    await pool.discard();
  });

  it("is filled at once from a full build's release before it goes live: the first publish after it takes a spare", async () => {
    await release("r1", { path: "full", changed: null }, async () => undefined);
    const pool = createSparePool(path.join(store.root, "spare"), 3);
    await pool.fill(dirOf("r1"));
    expect(pool.stats()).toEqual({ copied: 1, patched: 0 });
    // Live now: the other spares are copied in the background; the filled one serves at once.
    pool.prepare(dirOf("r1"));
    expect(pool.ready()).toBe(true);
    expect(await takeCopy(pool, "r1", "out")).toBe(true);
    await pool.settled();
    expect(pool.stats()).toEqual({ copied: 3, patched: 0 });
    await pool.discard();
  });

  it("serves a publish that comes while a spare still replaces the search index, file for file", async () => {
    await release("r1", { path: "full", changed: null }, async () => undefined);
    await release("r2", { changed: ["pagefind/"] }, async (dir) => {
      await mkdir(path.join(dir, "pagefind/fragment"), { recursive: true });
      await Promise.all(Array.from({ length: 400 }, (_, n) => page(dir, `pagefind/fragment/nl_${n}.pf_fragment`, `fragment ${n}`)));
    }, "r1");
    await release("r3", { changed: ["nieuws/artikel-1.html"] }, (dir) => page(dir, "nieuws/artikel-1.html", "nieuwe titel"), "r2");
    const pool = createSparePool(path.join(store.root, "spare"), 2);
    await pool.fill(dirOf("r1"));
    pool.prepare(dirOf("r1"));
    await pool.settled();
    pool.prepare(dirOf("r2"));
    expect(pool.ready()).toBe(true);
    expect(await takeCopy(pool, "r2", "out2")).toBe(true);
    pool.prepare(dirOf("r3"));
    await pool.settled();
    expect(await takeCopy(pool, "r3", "out3")).toBe(true);
    await pool.discard();
  });

  it("links the live release itself when it holds no spare at all", async () => {
    await release("r1", { path: "full", changed: null }, async () => undefined);
    const pool = createSparePool(path.join(store.root, "spare"), 2);
    expect(await takeCopy(pool, "r1", "out")).toBe(false);
    expect(pool.stats()).toEqual({ copied: 0, patched: 0 });
  });
});
