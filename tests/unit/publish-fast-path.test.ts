import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { currentRelease, releaseStore, type ReleaseStore } from "../../publishing/releases/releases.ts";
import { adoptListing, byKey, planRender, type PathState } from "../../publishing/warm-renderer/plan.ts";
import { entryChanges } from "../../publishing/server/fast-path.ts";
import { memoryLogger } from "../../publishing/server/log.ts";
import { createSitePipeline, type FastPath } from "../../publishing/server/pipeline.ts";
import type { Trigger } from "../../publishing/server/queue.ts";
import { writeFakeSite } from "./support/fake-site.ts";

const at = "2026-11-25T03:00:00.000Z";
const webhook = (id: string, topic = "ContentManagement.Entry.publish"): Trigger => ({ source: "webhook", topic, id, at });

describe("which pages a publish renders", () => {
  const path = (key: string, cacheKey?: string): PathState => ({ key, requestPath: `/${key}.html`, cacheKey });

  it("renders keyed paths whose key changed, new paths, and unkeyed paths whose reads changed; removes the gone", () => {
    const live = [path("a", "1"), path("b", "2"), path("home"), path("contact"), path("gone", "9")];
    const next = [path("a", "1"), path("b", "3"), path("home"), path("contact"), path("new", "4")];
    const reads = new Map([
      ["/home.html", ["init:nl-NL", "all-articles:nl-NL"]],
      ["/contact.html", ["init:nl-NL", "page:nl-NL:contact"]],
    ]);
    const plan = planRender(byKey(live), next, reads, new Set(["all-articles:nl-NL"]));
    expect(plan.render).toEqual(["b", "home", "new"]);
    expect(plan.remove).toEqual(["/gone.html"]);
    expect([...plan.live.keys()]).toEqual(["a", "b", "home", "contact", "new"]);
  });

  it("renders an unkeyed path whose reads are not known", () => {
    expect(planRender(byKey([path("x")]), [path("x")], new Map(), new Set()).render).toEqual(["x"]);
  });

  it("passes over a live path's very state at a glance, unless it has no key and what it read changed", () => {
    const [keyed, unkeyed] = [path("a", "1"), path("home")];
    const reads = new Map([["/home.html", ["all-articles:nl-NL"]]]);
    expect(planRender(byKey([keyed, unkeyed]), [keyed, unkeyed], reads, new Set()).render).toEqual([]);
    expect(planRender(byKey([keyed, unkeyed]), [keyed, unkeyed], reads, new Set(["all-articles:nl-NL"])).render).toEqual(["home"]);
  });

  it("takes over the listing of the same paths, whose states the next plan then passes over at a glance", () => {
    const build = [path("a", "1"), path("home")];
    const listed = [path("a", "1"), path("home")];
    const reads = new Map([["/home.html", ["all-articles:nl-NL"]]]);
    const live = adoptListing(byKey(build), listed, reads);
    expect([...(live?.values() ?? [])]).toEqual(listed);
    expect(live?.get("a")).toBe(listed[0]);
    // A listing that differs in what a plan would render or remove is not taken over.
    expect(adoptListing(byKey(build), [path("a", "2"), path("home")], reads)).toBeNull();
    expect(adoptListing(byKey(build), [path("a", "1")], reads)).toBeNull();
    expect(adoptListing(byKey(build), listed, new Map())).toBeNull();
  });

  it("keeps a file that another path renders to now", () => {
    const moved = { key: "other-route\u0000/a", requestPath: "/a.html", cacheKey: "1" };
    expect(planRender(byKey([path("a", "1")]), [moved], new Map(), new Set())).toMatchObject({ render: [moved.key], remove: [] });
  });
});

describe("which changes may take the fast path", () => {
  it("takes webhooks about entries, not assets, manual or startup builds", () => {
    expect(entryChanges([webhook("article:a"), webhook("page:b", "ContentManagement.Entry.unpublish")])).toEqual([{ id: "article:a" }, { id: "page:b" }]);
    expect(entryChanges([webhook("article:a"), webhook("img1", "ContentManagement.Asset.publish")])).toBeNull();
    expect(entryChanges([{ source: "manual", topic: "startup", id: "live", at }])).toBeNull();
  });
});

describe("the pipeline with a fast path", () => {
  let store: ReleaseStore;
  const log = memoryLogger();
  let fullBuilds = 0;
  let discarded = 0;
  const pipelineWith = (publish: FastPath["publish"]) =>
    createSitePipeline({
      site: "live",
      store,
      log,
      build: async (outDir) => {
        fullBuilds++;
        await writeFakeSite(outDir, `full ${fullBuilds}`, 3);
      },
      fast: { publish, discard: () => void discarded++ },
    });

  beforeEach(async () => {
    store = releaseStore(await mkdtemp(path.join(os.tmpdir(), "kp-fast-path-")));
    fullBuilds = 0;
    discarded = 0;
    // The first release has nothing to start from: always the full build.
    const first = await pipelineWith(() => Promise.reject(new Error("not called"))).run([webhook("article:a")]);
    expect(first).toMatchObject({ result: "success", path: "full", fullReason: null });
  });
  afterEach(async () => {
    await rm(store.root, { recursive: true, force: true });
  });

  it("publishes what the fast path wrote and records what it rendered and changed", async () => {
    const record = await pipelineWith(async (outDir) => {
      await writeFakeSite(outDir, "fast", 3);
      return { wide: null, rendered: 2, changed: ["nieuws/a.html", "en/nieuws/a.html"] };
    }).run([webhook("article:a")]);
    expect(record).toMatchObject({ result: "success", path: "fast", rendered: 2, changed: ["nieuws/a.html", "en/nieuws/a.html"] });
    expect(fullBuilds).toBe(1);
    const info = JSON.parse(await readFile(path.join(store.current, "release.json"), "utf8")) as { path: string; changed: string[] };
    expect(info).toMatchObject({ path: "fast", changed: ["nieuws/a.html", "en/nieuws/a.html"] });
  });

  it("takes the full build for a wide change and says why", async () => {
    const record = await pipelineWith(async () => ({ wide: "menus or site configuration changed" })).run([webhook("article:a")]);
    expect(record).toMatchObject({ result: "success", path: "full", fullReason: "menus or site configuration changed" });
    expect(fullBuilds).toBe(2);
    expect(log.entries.some((entry) => entry.event === "publish.full_path")).toBe(true);
  });

  it("falls back to the full build when the fast path fails, forgetting its state; the live release stays until then", async () => {
    const before = await currentRelease(store);
    const record = await pipelineWith(async (outDir) => {
      await writeFakeSite(outDir, "half", 3);
      // The live release is still the one before while the fast path runs.
      expect(await currentRelease(store)).toBe(before);
      throw new Error("renderer crashed");
    }).run([webhook("article:a")]);
    expect(record).toMatchObject({ result: "success", path: "full", fullReason: "fast path failed: renderer crashed" });
    expect(discarded).toBe(1);
    expect(await readFile(path.join(store.current, "index.html"), "utf8")).toContain("full 2");
  });

  it("never publishes a fast release that fails the checks", async () => {
    const record = await pipelineWith(async (outDir) => {
      // No home page: the checks refuse it.
      await mkdir(outDir, { recursive: true });
      return { wide: null, rendered: 1, changed: [] };
    }).run([webhook("article:a")]);
    expect(record).toMatchObject({ result: "success", path: "full" });
    expect(record.fullReason).toMatch(/^fast path failed: release checks failed/);
    expect(discarded).toBe(1);
  });
});

/** A pipeline whose full builds and fast releases write a fake site; `fast` adds to its fast path. */
const fakeSitePipeline = (store: ReleaseStore, fast: Partial<FastPath> = {}) =>
  createSitePipeline({
    site: "live",
    store,
    log: memoryLogger(),
    build: (outDir) => writeFakeSite(outDir, "full", 3),
    fast: {
      publish: async (outDir) => {
        await writeFakeSite(outDir, "fast", 3);
        return { wide: null, rendered: 1, changed: ["index.html"] };
      },
      discard: () => undefined,
      ...fast,
    },
  });

describe("the spare for the first publish after a full build", () => {
  it("is made from the full build's release before it goes live, never from a fast one's", async () => {
    const store = releaseStore(await mkdtemp(path.join(os.tmpdir(), "kp-fast-path-")));
    const told: { dir: string; liveThen: string | null }[] = [];
    const pipeline = fakeSitePipeline(store, { beforeFullRelease: async (dir) => void told.push({ dir, liveThen: await currentRelease(store) }) });
    const full = await pipeline.run([webhook("article:a")]);
    expect((await pipeline.run([webhook("article:b")])).path).toBe("fast");
    expect(told).toEqual([{ dir: path.join(store.releases, full.release ?? ""), liveThen: null }]);
    await rm(store.root, { recursive: true, force: true });
  });
});

describe("the search index after a fast release", () => {
  /** A pipeline whose builds and fast releases write a fake site, and whose search index `refresh` rebuilds. */
  const pipelineIndexing = (store: ReleaseStore, refresh: NonNullable<FastPath["refreshSearchIndex"]>) =>
    fakeSitePipeline(store, { refreshSearchIndex: refresh });

  it("goes live in a release of its own once rebuilt, unless a newer release went live meanwhile", async () => {
    const store = releaseStore(await mkdtemp(path.join(os.tmpdir(), "kp-fast-index-")));
    try {
      const refreshed: string[] = [];
      const pipeline = pipelineIndexing(store, async (baseDir, outDir) => {
        refreshed.push(path.basename(baseDir));
        await writeFakeSite(outDir, "fast", 3);
        await writeFile(path.join(outDir, "index-rebuilt.txt"), "yes");
        return ["pagefind/fragment/nl_1a2b3c4.pf_fragment", "pagefind/pagefind-entry.json"];
      });
      await pipeline.run([webhook("article:a")]);
      const fast = await pipeline.run([webhook("article:a")]);
      expect(fast.path).toBe("fast");
      await pipeline.searchIndexIdle();
      expect(refreshed).toEqual([fast.release]);
      const live = await currentRelease(store);
      expect(live).not.toBe(fast.release);
      expect(await readFile(path.join(store.current, "index-rebuilt.txt"), "utf8")).toBe("yes");
      // The files the rebuild reported are what the release changed (the spares replace those alone).
      expect(JSON.parse(await readFile(path.join(store.current, "release.json"), "utf8"))).toMatchObject({
        changed: ["pagefind/fragment/nl_1a2b3c4.pf_fragment", "pagefind/pagefind-entry.json"],
        previous: fast.release,
      });
    } finally {
      await rm(store.root, { recursive: true, force: true });
    }
  });

  it("stops a rebuild under way when a change comes, and rebuilds for the release live after its build", async () => {
    const store = releaseStore(await mkdtemp(path.join(os.tmpdir(), "kp-fast-index-")));
    try {
      const refreshed: { base: string; stopped: boolean }[] = [];
      let started: () => void = () => undefined;
      const firstStarted = new Promise<void>((resolve) => (started = resolve));
      const pipeline = pipelineIndexing(store, async (baseDir, outDir, signal) => {
        const call = { base: path.basename(baseDir), stopped: false };
        refreshed.push(call);
        if (refreshed.length === 1) {
          // The first rebuild runs until it is stopped.
          started();
          await new Promise<void>((_, reject) => signal.addEventListener("abort", () => ((call.stopped = true), reject(new Error("stopped")))));
        }
        await writeFakeSite(outDir, "fast", 3);
        await writeFile(path.join(outDir, "index-rebuilt.txt"), call.base);
        // A rebuild that cannot tell what changed: its release records the whole index folder.
        return undefined;
      });
      await pipeline.run([webhook("article:a")]);
      const first = await pipeline.run([webhook("article:a")]);
      await firstStarted;
      // A change on its way (its build still queued) already stops the rebuild, which waits for that build.
      pipeline.changeComing();
      await expect.poll(() => refreshed[0]?.stopped).toBe(true);
      expect(refreshed).toHaveLength(1);
      const second = await pipeline.run([webhook("article:b")]);
      await pipeline.searchIndexIdle();
      expect(refreshed).toEqual([
        { base: first.release, stopped: true },
        { base: second.release, stopped: false },
      ]);
      expect(await readFile(path.join(store.current, "index-rebuilt.txt"), "utf8")).toBe(second.release);
      expect(JSON.parse(await readFile(path.join(store.current, "release.json"), "utf8"))).toMatchObject({ changed: ["pagefind/"] });
    } finally {
      await rm(store.root, { recursive: true, force: true });
    }
  });
});
