/**
 * `npm run bench`: measures the publishing figures on this machine and prints one JSON object
 * (progress goes to stderr). Each figure is the median of its runs (KP_BENCH_RUNS, KP_BENCH_RUNS_5K,
 * KP_BENCH_PUBLISH_RUNS);
 * docs/publishing.md explains every figure. Not part of `npm test`: it takes several minutes.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { cp, mkdir, mkdtemp, readdir, rm, symlink, writeFile } from "node:fs/promises";
import type http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { measureBudgets, type BudgetName } from "./lib/budgets.ts";
import { finishBuild, runAstroBuild } from "./lib/build-site.ts";
import { headerContextFor } from "./lib/headers.ts";
import { adoptBuild, countPages, releaseStore, swapLive } from "./lib/releases.ts";
import { backendUrl, contentApiUrl, previewUrl, runtimeSettingsFor, siteUrl, testStackConfig, type StackConfig } from "./lib/stack-config.ts";
import { setContentChangeListener, TEST_ADMIN_SECRET } from "./local-backend/content-admin.ts";
import { startBackend, type Backend } from "./local-backend/server.ts";
import { startPublishing, storeDirFor } from "./rebuild-server/index.ts";
import { createLogger } from "./rebuild-server/log.ts";
import { sendContentWebhook } from "./rebuild-server/notify.ts";
import { startStaticServer } from "./static-server.ts";

const root = path.resolve(import.meta.dirname, "..");
/** Runs per figure; builds of thousands of pages take minutes on two cores, so the defaults are small. */
const RUNS = Math.max(1, Number(process.env["KP_BENCH_RUNS"] ?? 2));
/** Cold 5k builds: the longest step by far. */
const RUNS_5K = Math.max(1, Number(process.env["KP_BENCH_RUNS_5K"] ?? 1));
const PUBLISH_RUNS = Math.max(2, Number(process.env["KP_BENCH_PUBLISH_RUNS"] ?? 5));
/** Generated article counts of the "1k" and "5k" figures; smaller for a quick trial of the script. */
const [SMALL, LARGE] = (process.env["KP_BENCH_SIZES"] ?? "1000,5000").split(",").map(Number) as [number, number];
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

/** A stand-in backend seeded with `extra` generated archive articles, in its own folder. */
async function benchBackend(dir: string, extra: number): Promise<{ config: StackConfig; backend: Backend }> {
  const config: StackConfig = {
    ...testStackConfig(),
    backendPort: await freePort(),
    sitePort: await freePort(),
    rebuildPort: await freePort(),
    previewPort: await freePort(),
    dataDir: path.join(dir, "data"),
    releasesDir: path.join(dir, "releases"),
  };
  process.env["KP_EXTRA_ARTICLES"] = String(extra);
  const backend = await startBackend(config);
  delete process.env["KP_EXTRA_ARTICLES"];
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
  const response = await fetch(`${backendUrl(config)}/admin/content/${route}`, {
    method: "POST",
    headers: { authorization: `Bearer ${TEST_ADMIN_SECRET}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`content admin ${route}: ${response.status} ${await response.text()}`);
}

async function retitle(config: StackConfig, slug: string, title: string): Promise<void> {
  await admin(config, `articles/${slug}/edit`, { locale: "nl-NL", title });
  await admin(config, `articles/${slug}/publish`, { locale: "nl-NL" });
}

type BuildStack = { dir: string; config: StackConfig; backend: Backend; output: string; cache: string };

/**
 * Cold builds with `extra` generated articles, then `edits` rebuilds after one edit each (warm cache,
 * new output folder each time, as a release does). With `keep`, the backend, the last output and its
 * cache stay for the publishing figures, which then need no first build of their own.
 */
async function siteBuilds(extra: number, coldRuns: number, edits: number, keep: boolean) {
  const dir = await mkdtemp(path.join(benchRoot, `builds-${extra}-`));
  const { config, backend } = await benchBackend(dir, extra);
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
      await new Promise<void>((resolve, reject) => {
        const child = spawn(process.execPath, [path.join(root, "node_modules/astro/bin/astro.mjs"), "build", "--root", dir], {
          cwd: dir,
          env: { ...process.env, ASTRO_TELEMETRY_DISABLED: "1" },
          stdio: "ignore",
        });
        child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`bare astro build failed (${code})`))));
      });
      const seconds = (performance.now() - started) / 1000;
      progress(`bare template, ${pages} pages, build ${run + 1}/${RUNS}: ${seconds.toFixed(1)} s`);
      rates.push(pages / seconds);
    }
    return median(rates);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Publish-to-live latency with 1,000 articles, the JS sizes of the built site, and static requests/s.
 * Starts from the kept 1k build: it becomes the first release and its cache the live site's cache.
 */
async function publishingFigures(stack: BuildStack) {
  const { dir, config, backend } = stack;
  const secret = "bench-webhook-secret";
  const publishing = await startPublishing({
    releasesDir: config.releasesDir,
    contentApiUrl: contentApiUrl(config),
    contentApiKey: config.subscriptionKey,
    live: { siteUrl: siteUrl(config), settings: runtimeSettingsFor(config) },
    preview: { siteUrl: previewUrl(config), settings: runtimeSettingsFor(config, previewUrl(config)) },
    webhookSecret: secret,
    adminSecret: "bench-admin-secret",
    port: config.rebuildPort,
    log: createLogger((line) => line.includes('"build.failed","site":"live"') && progress(line)),
    // Only the live site's latency is measured; a preview build would compete for the CPU.
    builder: (site) =>
      site === "preview"
        ? async () => {
            throw new Error("the benchmark builds no preview");
          }
        : undefined,
  });
  const store = releaseStore(storeDirFor(config.releasesDir, "live"));
  let server: http.Server | undefined;
  try {
    await finishBuild({ outDir: stack.output, settings: runtimeSettingsFor(config) });
    await adoptBuild(store, stack.output, "00000000-000000-000");
    await swapLive(store, "00000000-000000-000");
    await cp(stack.cache, store.cache, { recursive: true });
    server = await startStaticServer({ port: config.sitePort, root: () => store.current, fallbackContext: headerContextFor(runtimeSettingsFor(config)) });
    setContentChangeListener(async (change) => {
      if (change.action === "publish") await sendContentWebhook({ url: `${publishing.url}/hooks/content`, secret, change });
    });

    const slug = `archief-${String(Math.ceil(SMALL / 2)).padStart(5, "0")}`;
    const articleUrl = await (async () => {
      const summary = (await (await fetch(`${contentApiUrl(config)}/articles/${slug}?locale=nl-NL`, {
        headers: { "ocp-apim-subscription-key": config.subscriptionKey },
      })).json()) as { categorySlug: string };
      return `${siteUrl(config)}/nieuws/${summary.categorySlug}/${slug}`;
    })();
    const latencies: number[] = [];
    for (let run = 0; run < PUBLISH_RUNS; run++) {
      const title = `Benchmarkpublicatie ${run} ${Date.now()}`;
      const started = performance.now();
      await retitle(config, slug, title);
      for (;;) {
        const body = await (await fetch(articleUrl)).text();
        if (body.includes(title)) break;
        if (performance.now() - started > 300_000) throw new Error("publish never reached the live site");
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const seconds = (performance.now() - started) / 1000;
      progress(`publish to live ${run + 1}/${PUBLISH_RUNS}: ${seconds.toFixed(1)} s`);
      latencies.push(seconds);
      await publishing.sites.live.queue.idle();
    }

    const release = path.join(store.releases, (await readdir(store.releases)).sort().at(-1) as string);
    // The size budgets' own figures (scripts/lib/budgets.ts), the ones `npm test` holds to their limits.
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
      publish_to_live_p50_s: round(median(latencies), 2),
      publish_to_live_p95_s: round(percentile(latencies, 95), 2),
      js_gzip_bytes_article_anonymous: figure("articleJs")[0] ?? null,
      js_gzip_bytes_dashboard: figure("firstPortalPageJs")[0] ?? null,
      js_gzip_bytes_portal_screen_own_max: figure("portalScreenOwnJs").length ? Math.max(...figure("portalScreenOwnJs")) : null,
      gzip_bytes_service_worker: figure("serviceWorker")[0] ?? null,
      static_req_per_s: Math.round(median(rates)),
    };
  } finally {
    setContentChangeListener(undefined);
    server?.closeAllConnections();
    server?.close();
    await publishing.close();
    await backend.close();
    await rm(dir, { recursive: true, force: true });
  }
}

await mkdir(benchRoot, { recursive: true });
/** Other work on the machine skews every figure; the output says how busy it was. */
const loadAtStart = round(os.loadavg()[0] ?? 0, 2);
const started = performance.now();
const oneK = await siteBuilds(SMALL, RUNS, 0, true);
const fiveK = await siteBuilds(LARGE, RUNS_5K, RUNS, false);
const bare = await bareAstroPagesPerSecond(fiveK.pages);
if (!oneK.kept) throw new Error("the 1k build was not kept");
const publishing = await publishingFigures(oneK.kept);
console.log(
  JSON.stringify({
    build_pages_per_s_1k: round(oneK.pagesPerSecond),
    build_pages_per_s_5k: round(fiveK.pagesPerSecond),
    bare_astro_pages_per_s_5k: round(bare),
    build_peak_rss_mb_5k: Math.round(fiveK.peakRssMb),
    rebuild_one_edit_s_5k: fiveK.rebuildSeconds === null ? null : round(fiveK.rebuildSeconds, 2),
    rebuild_one_edit_pages_reused_5k: fiveK.rebuildPagesReused,
    ...publishing,
    articles_1k: SMALL,
    articles_5k: LARGE,
    pages_1k: oneK.pages,
    pages_5k: fiveK.pages,
    runs: RUNS,
    runs_5k_cold: RUNS_5K,
    publish_runs: PUBLISH_RUNS,
    load_average_at_start: loadAtStart,
    cpus: os.cpus().length,
    bench_duration_s: Math.round((performance.now() - started) / 1000),
  }),
);
process.exit(0);
