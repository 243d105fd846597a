/**
 * `npm run bench`: measures the publishing figures on this machine and prints one JSON object
 * (progress goes to stderr). Each figure is the median of its runs (KP_BENCH_RUNS,
 * KP_BENCH_PUBLISH_RUNS);
 * docs/publishing.md explains every figure. Not part of `npm test`: it takes several minutes.
 */
import { execFileSync, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, stat, symlink, writeFile } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { measureBudgets, type BudgetName } from "./lib/budgets.ts";
import { runAstroBuild } from "../publishing/build/build-site.ts";
import { headerContextFor } from "../publishing/serving/headers.ts";
import { runDifferential } from "./publish-differential.ts";
import { countPages, releaseStore } from "../publishing/releases/releases.ts";
import { backendUrl, contentApiUrl, previewUrl, rebuildUrl, runtimeSettingsFor, siteUrl, testStackConfig, type StackConfig } from "./lib/stack-config.ts";
import { TEST_ADMIN_SECRET } from "../stand-in/content-admin.ts";
import { startBackendThread, type BackendThread } from "./lib/backend-thread.ts";
import { startPublishing, storeDirFor } from "../publishing/server/index.ts";
import { createLogger } from "../publishing/server/log.ts";
import { startStaticServerProcess, type StaticServerProcess } from "../publishing/serving/static-server-process.ts";
import { postContentAdmin } from "./lib/content-admin-call.ts";
import { epochMs, startEditorThread, type AdminCall, type Expectation } from "./lib/editor-thread.ts";

const root = path.resolve(import.meta.dirname, "..");
/** Runs per figure; builds of thousands of pages take minutes on two cores, so the defaults are small. */
const RUNS = Math.max(1, Number(process.env["KP_BENCH_RUNS"] ?? 2));
const PUBLISH_RUNS = Math.max(2, Number(process.env["KP_BENCH_PUBLISH_RUNS"] ?? 5));
/** Generated article counts measured, smallest first (e.g. `1000,5000,20000`; `20,40` for a quick trial). */
const SIZES = (process.env["KP_BENCH_SIZES"] ?? "1000,5000,20000").split(",").map(Number).filter((size) => size > 0);
/** The longer differential run: changes through the fast path before the comparison with a full build. */
const DIFFERENTIAL_STEPS = Math.max(1, Number(process.env["KP_BENCH_DIFFERENTIAL_STEPS"] ?? 30));
const DIFFERENTIAL_SEED = Number(process.env["KP_BENCH_DIFFERENTIAL_SEED"] ?? 1717);
/** "publishing": only the per-size publishing figures (no long path, bare floor or differential run); for profiling. */
const ONLY = process.env["KP_BENCH_ONLY"] ?? "";
/** Builds must write inside the project (see isInsideProject); the tests' ignored data folder holds them. */
const benchRoot = path.join(root, ".test-data", "bench");
const progress = (message: string): void => void process.stderr.write(`[bench] ${message}\n`);

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};
/** Nearest-rank percentile. */
const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
};
const round = (value: number, digits = 1): number => Number(value.toFixed(digits));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "localhost", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** The webhook secret between the stand-in CMS and the publishing server of the bench. */
const WEBHOOK_SECRET = "bench-webhook-secret";

/**
 * A stand-in backend seeded with `extra` generated archive articles, in its own folder, on a thread
 * and ports of its own (backend-thread.ts); with `publishing`, its CMS sends each change to the
 * publishing server as a signed webhook, as it does at `npm start`.
 */
async function benchBackend(dir: string, extra: number, publishing: boolean): Promise<{ config: StackConfig; backend: BackendThread }> {
  const config: StackConfig = {
    ...testStackConfig(),
    backendPort: await freePort(),
    sitePort: await freePort(),
    rebuildPort: await freePort(),
    previewPort: await freePort(),
    dataDir: path.join(dir, "data"),
    releasesDir: path.join(dir, "releases"),
  };
  const webhook = publishing ? { url: `${rebuildUrl(config)}/hooks/content`, secret: WEBHOOK_SECRET } : null;
  const backend = await startBackendThread(config, { webhook, env: { KP_EXTRA_ARTICLES: String(extra) } });
  return { config, backend };
}

/** Highest resident memory of a process so far (VmHWM), in MB; 0 once it is gone. */
function peakRssMb(pid: number): number {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match?.[1] ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** Clock ticks per second of /proc's CPU times (`getconf CLK_TCK`; 100 on Linux as shipped). */
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * CPU seconds a process has used so far (user and system, every thread), with those of its children
 * that have ended when asked (Pagefind, the spares' copies); 0 once it is gone or off Linux. A start's
 * CPU is steadier than its wall time on a machine whose speed moves from run to run.
 */
function cpuSeconds(pid: number | "self", withEndedChildren = false): number {
  try {
    // Fields after the process name (proc(5)): the state is field 3, utime 14, stime 15, cutime 16, cstime 17.
    const fields = (readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1] ?? "").split(" ").map(Number);
    const own = (fields[11] ?? 0) + (fields[12] ?? 0);
    const ended = withEndedChildren ? (fields[13] ?? 0) + (fields[14] ?? 0) : 0;
    return (own + ended) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

type Timed = { seconds: number; pages: number; peakRssMb: number; reused: number };

/** One `astro build` of the site; cold when `cacheDir` is new. Samples the process's peak memory. */
async function timedSiteBuild(config: StackConfig, outDir: string, cacheDir: string): Promise<Timed> {
  let peak = 0;
  let reused = 0;
  let timer: NodeJS.Timeout | undefined;
  const started = performance.now();
  await runAstroBuild({
    outDir,
    cacheDir,
    contentApiUrl: contentApiUrl(config),
    contentApiKey: config.subscriptionKey,
    siteUrl: siteUrl(config),
    // Astro marks each page it took from the incremental cache instead of rendering it.
    log: (line) => void (/\((restored|cached)\)/.test(line) && reused++),
    onProcess: (pid) => {
      timer = setInterval(() => (peak = Math.max(peak, peakRssMb(pid))), 100);
    },
  }).finally(() => clearInterval(timer));
  const seconds = (performance.now() - started) / 1000;
  return { seconds, pages: await countPages(outDir), peakRssMb: peak, reused };
}

/** Admin action on the stand-in CMS (the bench backend runs in test mode: the known admin secret). */
async function admin(config: StackConfig, route: string, body: unknown): Promise<void> {
  await postContentAdmin(backendUrl(config), TEST_ADMIN_SECRET, route, body);
}

/** A title edit as an editor makes one: the draft edited, then published. */
const retitleCalls = (slug: string, title: string): AdminCall[] => [
  { route: `articles/${slug}/edit`, body: { locale: "nl-NL", title } },
  { route: `articles/${slug}/publish`, body: { locale: "nl-NL" } },
];

async function retitle(config: StackConfig, slug: string, title: string): Promise<void> {
  for (const { route, body } of retitleCalls(slug, title)) await admin(config, route, body);
}

type BuildStack = { dir: string; config: StackConfig; backend: BackendThread; output: string; cache: string };

/**
 * Cold builds with `extra` generated articles, then `edits` rebuilds after one edit each (warm cache,
 * new output folder each time, as a release does). With `keep`, the backend, the last output and its
 * cache stay for the publishing figures, which then need no first build of their own.
 */
async function siteBuilds(extra: number, coldRuns: number, edits: number, keep: boolean) {
  const dir = await mkdtemp(path.join(benchRoot, `builds-${extra}-`));
  const { config, backend } = await benchBackend(dir, extra, false);
  const output = (name: string): string => path.join(dir, name);
  let kept: BuildStack | null = null;
  try {
    const cold: Timed[] = [];
    for (let run = 0; run < coldRuns; run++) {
      const result = await timedSiteBuild(config, output(`cold-${run}`), output(`cache-${run}`));
      progress(`${extra} articles, cold build ${run + 1}/${coldRuns}: ${result.pages} pages in ${result.seconds.toFixed(1)} s`);
      cold.push(result);
      if (!(keep && run === coldRuns - 1)) await rm(output(`cold-${run}`), { recursive: true, force: true });
    }
    const warmCache = output(`cache-${coldRuns - 1}`);
    const incremental: number[] = [];
    const reused: number[] = [];
    for (let run = 0; run < edits; run++) {
      await retitle(config, `archief-${String(run + 1).padStart(5, "0")}`, `Bewerkt voor de benchmark ${run}`);
      const result = await timedSiteBuild(config, output(`edit-${run}`), warmCache);
      progress(`${extra} articles, rebuild after one edit ${run + 1}/${edits}: ${result.seconds.toFixed(1)} s, ${result.reused} pages reused`);
      incremental.push(result.seconds);
      reused.push(result.reused);
      await rm(output(`edit-${run}`), { recursive: true, force: true });
    }
    if (keep) kept = { dir, config, backend, output: output(`cold-${coldRuns - 1}`), cache: warmCache };
    return {
      pagesPerSecond: median(cold.map((r) => r.pages / r.seconds)),
      pages: cold[0]?.pages ?? 0,
      peakRssMb: median(cold.map((r) => r.peakRssMb)),
      rebuildSeconds: incremental.length ? median(incremental) : null,
      rebuildPagesReused: reused.length ? median(reused) : null,
      kept,
    };
  } finally {
    if (!kept) {
      await backend.close();
      await rm(dir, { recursive: true, force: true });
    }
  }
}

/** The framework's floor: the same number of pages from a one-file template, no data fetching. */
async function bareAstroPagesPerSecond(pages: number): Promise<number> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "kp-bench-bare-"));
  try {
    await symlink(path.join(root, "node_modules"), path.join(dir, "node_modules"));
    await mkdir(path.join(dir, "src", "pages"), { recursive: true });
    // Its own cache folder: the default would resolve through the node_modules link into the repository's.
    await writeFile(
      path.join(dir, "astro.config.mjs"),
      `export default { build: { format: "file" }, trailingSlash: "never", cacheDir: "./.astro-cache" };\n`,
    );
    await writeFile(
      path.join(dir, "src", "pages", "[slug].astro"),
      `---
export function getStaticPaths() {
  return Array.from({ length: ${pages} }, (_, n) => ({ params: { slug: "artikel-" + n }, props: { n } }));
}
const { n } = Astro.props;
---
<html lang="nl"><head><meta charset="utf-8" /><title>Artikel {n}</title></head>
<body><main><h1>Artikel {n}</h1><p>Een artikel uit het archief, nummer {n}.</p></main></body></html>
`,
    );
    const rates: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      await rm(path.join(dir, "dist"), { recursive: true, force: true });
      await rm(path.join(dir, ".astro-cache"), { recursive: true, force: true });
      const started = performance.now();
      // Astro's own build time, as for the site's cold build; the process's wall time if it is not printed.
      let reported: number | null = null;
      await new Promise<void>((resolve, reject) => {
        const child = spawn(process.execPath, [path.join(root, "node_modules/astro/bin/astro.mjs"), "build", "--root", dir], {
          cwd: dir,
          env: { ...process.env, ASTRO_TELEMETRY_DISABLED: "1" },
          stdio: ["ignore", "pipe", "ignore"],
        });
        child.stdout.on("data", (chunk: Buffer) => {
          for (const line of chunk.toString().split("\n")) reported ??= astroBuildSeconds(line);
        });
        child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`bare astro build failed (${code})`))));
      });
      const seconds = reported ?? (performance.now() - started) / 1000;
      progress(`bare template, ${pages} pages, build ${run + 1}/${RUNS}: ${seconds.toFixed(1)} s`);
      rates.push(pages / seconds);
    }
    return median(rates);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Astro's own build time from its closing line (`N page(s) built in 45.12s`, `850ms`, `2m 5s`), else null. */
function astroBuildSeconds(line: string): number | null {
  const plain = line.replace(/\x1b\[[0-9;]*m/g, "");
  const match = /page\(s\) built in\s+(?:(\d+)m\s+)?(?:([\d.]+)(ms|s))?/.exec(plain);
  if (!match || (!match[1] && !match[2])) return null;
  const minutes = Number(match[1] ?? 0);
  const rest = match[2] ? Number(match[2]) / (match[3] === "ms" ? 1000 : 1) : 0;
  return minutes * 60 + rest;
}

/** Size label of a figure: 1000 -> "1k". */
const sizeLabel = (articles: number): string => (articles >= 1000 && articles % 1000 === 0 ? `${articles / 1000}k` : String(articles));

/**
 * What an anonymous first visit downloads in the background: the worker and everything it
 * precaches, each as sent (the compressed variant where the server has one).
 */
async function firstVisitBackgroundBytes(release: string): Promise<number> {
  const sw = await readFile(path.join(release, "sw.js"), "utf8");
  const urls = ["sw.js", ...[...sw.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1] ?? "")];
  let total = 0;
  for (const url of urls) {
    const file = path.join(release, url.replace(/^\//, ""));
    const sizes = await Promise.all([`${file}.br`, `${file}.gz`, file].map((candidate) => stat(candidate).then((info) => info.size, () => null)));
    total += sizes.find((size) => size !== null) ?? 0;
  }
  return total;
}

/**
 * The publishing figures at one size, as the content team sees them: both sites run (a warm
 * renderer each, the live site served), the CMS call to the new content served on the live site.
 * The live site's startup build is the cold build measured (its page count and its Astro step's time).
 */
async function publishingFigures(articles: number, measureServing: boolean) {
  const dir = await mkdtemp(path.join(benchRoot, `publish-${articles}-`));
  const { config, backend } = await benchBackend(dir, articles, true);
  let astroSeconds: number | null = null;
  let renderedSince = 0;
  let fullSince = 0;
  /** When the live site's pointer last moved to a new release (epoch ms; the client sees it a moment later). */
  let liveSwappedAt = 0;
  // The editor and the visitor, on a thread of their own (editor-thread.ts).
  const editor = startEditorThread({ backendUrl: backendUrl(config), adminSecret: TEST_ADMIN_SECRET });
  /** When the preview's first release went live: both sites are up from then on. */
  let previewFirstLiveAt = 0;
  /** The first build's renderer of each site, and the CPU of the whole start once both sites are live. */
  const startRenderers = new Map<string, number>();
  let startCpuSeconds = 0;
  let livePid: number | null = null;
  let peak = 0;
  const sampler = setInterval(() => livePid !== null && (peak = Math.max(peak, peakRssMb(livePid))), 100);
  const publishing = await startPublishing({
    releasesDir: config.releasesDir,
    contentApiUrl: contentApiUrl(config),
    contentApiKey: config.subscriptionKey,
    live: { siteUrl: siteUrl(config), settings: runtimeSettingsFor(config) },
    preview: { siteUrl: previewUrl(config), settings: runtimeSettingsFor(config, previewUrl(config)) },
    webhookSecret: WEBHOOK_SECRET,
    adminSecret: "bench-admin-secret",
    port: config.rebuildPort,
    log: createLogger((line) => {
      if (/"build.failed"|"publish.fast_path_failed"/.test(line)) progress(line);
      const entry = JSON.parse(line) as { event: string; site?: string; rendered?: number; reason?: string; phases?: unknown; ms?: unknown };
      // The time of each phase of a change, per site: where a publish spends its time.
      if (entry.event === "publish.fast_path") progress(`  ${entry.site} fast path phases (ms): ${JSON.stringify(entry.phases)}`);
      if (entry.event === "release.live" && entry.ms) progress(`  ${entry.site} release live (ms): ${JSON.stringify(entry.ms)}`);
      if (entry.event === "build.steps") progress(`  ${entry.site} full build steps (ms): ${JSON.stringify(entry.ms)}`);
      // Astro's part of the live site's first build, from its steps: the build asks for no output
      // (as `npm start` does), so Astro's closing line is not there to read.
      const steps = entry.ms as { astro?: number } | undefined;
      if (entry.event === "build.steps" && entry.site === "live" && astroSeconds === null && steps?.astro !== undefined) astroSeconds = steps.astro / 1000;
      // One action may send several webhooks (one per locale): every run it caused counts.
      if (entry.site === "live" && entry.event === "publish.fast_path") renderedSince += entry.rendered ?? 0;
      if (entry.site === "live" && entry.event === "publish.full_path") fullSince++;
      if (entry.site === "preview" && entry.event === "release.live" && previewFirstLiveAt === 0) {
        previewFirstLiveAt = performance.now();
        // This process (publishing, the stand-in's thread, the page pass) with its ended children, and both renderers.
        startCpuSeconds = cpuSeconds("self", true) + [...startRenderers.values()].reduce((sum, pid) => sum + cpuSeconds(pid), 0);
      }
      if (entry.site === "live" && entry.event === "release.live") {
        liveSwappedAt = epochMs();
        editor.swapped(liveSwappedAt);
      }
    }),
    onBuildProcess: (site, pid) => {
      if (site === "live" && livePid === null) livePid = pid;
      if (!startRenderers.has(site)) startRenderers.set(site, pid);
    },
  });
  const store = releaseStore(storeDirFor(config.releasesDir, "live"));
  const servers: StaticServerProcess[] = [];
  try {
    // In a process of its own, as `npm start` serves the live site.
    servers.push(await startStaticServerProcess({ port: config.sitePort, root: store.current, fallbackContext: headerContextFor(runtimeSettingsFor(config)) }));
    const coldStarted = performance.now();
    // As `npm start` does: the preview's first build renders beside the live site's.
    publishing.trigger("live", "startup");
    publishing.trigger("preview", "startup");
    await publishing.sites.live.queue.idle();
    const coldSeconds = (performance.now() - coldStarted) / 1000;
    clearInterval(sampler);
    const pages = await countPages(store.current);
    progress(`${articles} articles: live site built cold, ${pages} pages in ${coldSeconds.toFixed(1)} s (astro ${astroSeconds ?? "?"} s), peak ${Math.round(peak)} MB`);

    const urlOf = async (slug: string): Promise<string> => {
      const found = (await (await fetch(`${contentApiUrl(config)}/articles/${slug}?locale=nl-NL`, {
        headers: { "ocp-apim-subscription-key": config.subscriptionKey },
      })).json()) as { categorySlug: string };
      return `${siteUrl(config)}/nieuws/${found.categorySlug}/${slug}`;
    };

    // The first publish after a start, as an editor makes it the moment the live site is up: the
    // preview's first build is still under way (as at `npm start`), the live site's spares are still
    // being made, and the draft edit queues a preview render behind it.
    const firstSlug = `archief-${String(Math.ceil(articles / 4)).padStart(5, "0")}`;
    const firstUrl = await urlOf(firstSlug);
    const firstTitle = `Eerste publicatie na de start ${Date.now()}`;
    const first = await editor.measure({ calls: retitleCalls(firstSlug, firstTitle), url: firstUrl, expect: { includes: firstTitle } });
    const firstSeconds = (first.seen - first.started) / 1000;
    progress(`${articles} articles, first publish after the start (preview building): live in ${firstSeconds.toFixed(2)} s`);
    await publishing.sites.live.queue.idle();
    await publishing.sites.preview.queue.idle();
    const bothSeconds = (previewFirstLiveAt - coldStarted) / 1000;
    progress(`${articles} articles: preview site built; both sites live ${bothSeconds.toFixed(1)} s after the start, ${startCpuSeconds.toFixed(0)} CPU-s`);
    const idle = async (): Promise<void> => {
      await publishing.sites.live.queue.idle();
      await publishing.sites.preview.queue.idle();
    };
    const latencies: number[] = [];
    const rendered: number[] = [];
    const paths: Record<string, number> = {};
    const measure = async (label: string, calls: AdminCall[], url: string, expect: Expectation): Promise<void> => {
      renderedSince = 0;
      fullSince = 0;
      const { started, cmsDone, seen } = await editor.measure({ calls, url, expect });
      // The CMS calls themselves: the part before any webhook.
      const cmsSeconds = (cmsDone - started) / 1000;
      const seconds = (seen - started) / 1000;
      await idle();
      latencies.push(seconds);
      const taken = fullSince > 0 ? "full" : "fast";
      if (taken === "fast") rendered.push(renderedSince);
      paths[taken] = (paths[taken] ?? 0) + 1;
      const swappedSeconds = (liveSwappedAt - started) / 1000;
      progress(
        `${articles} articles, ${label}: live in ${seconds.toFixed(2)} s (CMS calls ${cmsSeconds.toFixed(2)} s; swapped at ${swappedSeconds.toFixed(2)} s; ${taken} path, ${taken === "fast" ? renderedSince : "all"} pages rendered)`,
      );
    };
    for (let run = 0; run < PUBLISH_RUNS; run++) {
      // Articles from the middle of the generated archive: what an editor corrects most.
      const slug = `archief-${String(Math.ceil(articles / 2) + run).padStart(5, "0")}`;
      const title = `Benchmarkpublicatie ${run} ${Date.now()}`;
      await measure(`title edit ${run + 1}/${PUBLISH_RUNS}`, retitleCalls(slug, title), await urlOf(slug), { includes: title });
    }
    const gone = `archief-${String(Math.ceil(articles / 3)).padStart(5, "0")}`;
    const goneUrl = await urlOf(gone);
    await measure("unpublish", [{ route: `articles/${gone}/unpublish`, body: {} }], goneUrl, { status: 404 });
    await measure("publish", [{ route: `articles/${gone}/publish`, body: {} }], goneUrl, { status: 200 });
    const intro = `Benchmarkinleiding ${Date.now()}`;
    const pageEdit = [
      { route: "pages/over-ons/edit", body: { locale: "nl-NL", intro } },
      { route: "pages/over-ons/publish", body: { locale: "nl-NL" } },
    ];
    await measure("page edit", pageEdit, `${siteUrl(config)}/over-ons`, { includes: intro });

    // A scheduled publish, as the content team sets one: from its minute to the live site serving it
    // (the publishing server's timer fires at the minute, then one fast publish). Not a latency of
    // the percentiles above: its clock starts at the scheduled time, not at a CMS call.
    await editor.measure({ calls: [{ route: `articles/${gone}/unpublish`, body: {} }], url: goneUrl, expect: { status: 404 } });
    await idle();
    const due = Math.ceil((Date.now() + 5_000) / 60_000) * 60_000;
    const scheduled = await editor.measure({
      calls: [{ route: `articles/${gone}/schedule`, body: { action: "publish", at: new Date(due).toISOString() } }],
      url: goneUrl,
      expect: { status: 200 },
      startAt: due,
    });
    const scheduledSeconds = (scheduled.seen - due) / 1000;
    await idle();
    progress(`${articles} articles, scheduled publish: live ${scheduledSeconds.toFixed(2)} s after its time (goal: within 10 s)`);

    const release = store.current;
    const label = sizeLabel(articles);
    const figures: Record<string, number | string | null> = {
      [`build_pages_per_s_${label}`]: astroSeconds ? round(pages / astroSeconds) : null,
      [`build_peak_rss_mb_${label}`]: Math.round(peak),
      [`pages_${label}`]: pages,
      [`publish_to_live_p50_s_${label}`]: round(median(latencies), 2),
      [`publish_to_live_p95_s_${label}`]: round(percentile(latencies, 95), 2),
      [`first_publish_after_start_s_${label}`]: round(firstSeconds, 2),
      [`both_sites_live_s_${label}`]: round(bothSeconds),
      [`start_cpu_s_${label}`]: round(startCpuSeconds),
      [`scheduled_live_after_s_${label}`]: round(scheduledSeconds, 2),
      [`pages_rendered_per_change_max_${label}`]: rendered.length ? Math.max(...rendered) : null,
      [`pages_rendered_per_change_median_${label}`]: rendered.length ? median(rendered) : null,
      [`publish_paths_${label}`]: Object.entries(paths).map(([name, count]) => `${name}:${count}`).join(","),
      [`first_visit_background_bytes_${label}`]: await firstVisitBackgroundBytes(release),
      [`gzip_bytes_service_worker_${label}`]: gzipSync(await readFile(path.join(release, "sw.js"))).length,
    };
    if (measureServing) Object.assign(figures, await servingFigures(release, config));
    return { figures, pages };
  } finally {
    clearInterval(sampler);
    await Promise.all(servers.map((server) => server.close()));
    await editor.close();
    await publishing.close();
    await backend.close();
    await rm(dir, { recursive: true, force: true });
  }
}

/** The JS size budgets' figures of a release and the static server's requests per second. */
async function servingFigures(release: string, config: StackConfig) {
  // The size budgets' own figures (dev/lib/budgets.ts), the ones `npm test` holds to their limits.
  const budgets = await measureBudgets(release);
  const figure = (name: BudgetName): number[] => budgets.filter((b) => b.name === name).map((b) => b.bytes);
  // The load test asks for the article page the budget measured.
  const article = budgets.find((b) => b.name === "articleJs")?.subject;
  if (!article) throw new Error("no article page in the build");
  const rates: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const result = await autocannon({
      url: `${siteUrl(config)}/${article.replace(/\.html$/, "")}`,
      connections: 32,
      duration: 5,
      headers: { "accept-encoding": "br, gzip" },
    });
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`load test saw ${result.non2xx} non-2xx and ${result.errors} errors`);
    progress(`static server ${run + 1}/${RUNS}: ${Math.round(result.requests.average)} requests/s`);
    rates.push(result.requests.average);
  }
  return {
    js_gzip_bytes_article_anonymous: figure("articleJs")[0] ?? null,
    js_gzip_bytes_dashboard: figure("firstPortalPageJs")[0] ?? null,
    js_gzip_bytes_portal_screen_own_max: figure("portalScreenOwnJs").length ? Math.max(...figure("portalScreenOwnJs")) : null,
    static_req_per_s: Math.round(median(rates)),
  };
}

await mkdir(benchRoot, { recursive: true });
/** Other work on the machine skews every figure; the output says how busy it was. */
const loadAtStart = round(os.loadavg()[0] ?? 0, 2);
const started = performance.now();
const figures: Record<string, unknown> = {};
let largestPages = 0;
for (const [index, articles] of SIZES.entries()) {
  const result = await publishingFigures(articles, index === 0);
  Object.assign(figures, result.figures);
  largestPages = result.pages;
}
if (ONLY === "publishing") {
  console.log(JSON.stringify({ ...figures, sizes: SIZES, load_average_at_start: loadAtStart, load_average_at_end: round(os.loadavg()[0] ?? 0, 2) }));
  process.exit(0);
}
// The long path: a whole `astro build` after one edit with a warm incremental cache.
const longPath = await siteBuilds(SIZES[0] ?? 1000, 1, 1, false);
const bare = await bareAstroPagesPerSecond(largestPages);
const largest = sizeLabel(SIZES.at(-1) ?? 0);
const differential = await runDifferential({ name: "bench", seed: DIFFERENTIAL_SEED, steps: DIFFERENTIAL_STEPS });
progress(`differential: ${differential.steps.length} changes through the fast path, ${differential.differences.length} differences from a full build`);
console.log(
  JSON.stringify({
    ...figures,
    [`bare_astro_pages_per_s_${largest}`]: round(bare),
    [`cold_share_of_floor_${largest}`]: typeof figures[`build_pages_per_s_${largest}`] === "number" ? round((figures[`build_pages_per_s_${largest}`] as number) / bare, 2) : null,
    [`long_path_rebuild_one_edit_s_${sizeLabel(SIZES[0] ?? 1000)}`]: longPath.rebuildSeconds === null ? null : round(longPath.rebuildSeconds, 2),
    [`long_path_rebuild_one_edit_pages_reused_${sizeLabel(SIZES[0] ?? 1000)}`]: longPath.rebuildPagesReused,
    differential_changes: differential.steps.length,
    differential_fast_path: differential.steps.filter((step) => step.record.path === "fast").length,
    differential_differences: differential.differences.length,
    sizes: SIZES,
    runs: RUNS,
    publish_runs: PUBLISH_RUNS,
    load_average_at_start: loadAtStart,
    cpus: os.cpus().length,
    bench_duration_s: Math.round((performance.now() - started) / 1000),
  }),
);
process.exit(0);
