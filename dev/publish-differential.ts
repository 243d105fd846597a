/**
 * The fast publishing path checked against the full build: a seeded random run of CMS actions
 * (edits, publishes, unpublishes of articles and pages, both languages), each published through the
 * fast path, then a full build of the same content; the two sites must be the same byte for byte,
 * apart from the build stamps named in BUILD_STAMPS and the release record. Used by the unit test (small site) and by
 * `npm run bench` (longer run).
 */
import { createHash } from "node:crypto";
import { access, readdir, readFile, realpath, rm } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { finishBuild, runAstroBuild } from "../publishing/build/build-site.ts";
import { releaseStore } from "../publishing/releases/releases.ts";
import { contentApiUrl, runtimeSettingsFor, siteUrl, testStackConfig, type StackConfig } from "./lib/stack-config.ts";
import { TEST_ADMIN_SECRET, type ContentChangeEvent } from "../stand-in/content-admin.ts";
import { ARTICLES } from "../stand-in/seed/content/articles.ts";
import { startBackend } from "../stand-in/server.ts";
import { memoryLogger } from "../publishing/server/log.ts";
import { sitesFor, parseWebhook } from "../publishing/server/payload.ts";
import { webhookFor } from "../publishing/server/notify.ts";
import { astroBuilder, type PublishingOptions } from "../publishing/server/index.ts";
import { createSitePipeline, type BuildRecord } from "../publishing/server/pipeline.ts";
import type { Trigger } from "../publishing/server/queue.ts";
import { warmFastPath } from "../publishing/server/fast-path.ts";
import { createScriptHashIndex } from "../publishing/build/script-hash-index.ts";
import { createWarmRenderer } from "../publishing/warm-renderer/client.ts";

const root = path.resolve(import.meta.dirname, "..");

/**
 * Files that carry a build's own id or time, compared with it taken out: the worker's build id
 * (a fresh worker per release) and the background list's build time (the worker saves the news
 * again when it changes). Their compressed variants cannot be compared and are left out.
 */
const BUILD_STAMPS: Record<string, RegExp> = {
  "sw.js": /"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"/g,
  "offline-news.json": /"build":"[^"]+"/g,
};
/** The release's record (id, time, trigger), not the site. */
const RECORD_FILES = new Set(["release.json", ...Object.keys(BUILD_STAMPS).flatMap((file) => [`${file}.br`, `${file}.gz`])]);

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

/** A small deterministic generator (mulberry32): the same seed gives the same run. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Step = { label: string; record: BuildRecord; ms: number };
type DifferentialResult = {
  steps: Step[];
  differences: string[];
  files: number;
  /** How the fast path's starting folders were made: by replacing changed files, or whole copies. */
  spare: { patched: number; copied: number };
  /** The live release at the end and the full build it was compared with. */
  liveDir: string;
  fullDir: string;
};

/** Every file under `dir` with a digest of its content (the build id taken out where named). */
async function tree(dir: string): Promise<Map<string, string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = new Map<string, string>();
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = path.relative(dir, path.join(entry.parentPath, entry.name));
    if (RECORD_FILES.has(file)) continue;
    let body = await readFile(path.join(dir, file));
    const stamp = BUILD_STAMPS[file];
    if (stamp) body = Buffer.from(body.toString("utf8").replace(stamp, "STAMP"));
    files.set(file, createHash("sha256").update(body).digest("hex"));
  }
  return files;
}

/** Differences between two built sites, as readable lines (empty when they are the same). */
export async function compareSites(fast: string, full: string): Promise<{ differences: string[]; files: number }> {
  const [a, b] = await Promise.all([tree(fast), tree(full)]);
  const differences: string[] = [];
  for (const [file, hash] of b) {
    if (!a.has(file)) differences.push(`missing from the fast release: ${file}`);
    else if (a.get(file) !== hash) differences.push(`differs: ${file}`);
  }
  for (const file of a.keys()) if (!b.has(file)) differences.push(`only in the fast release: ${file}`);
  return { differences: differences.sort(), files: b.size };
}

/**
 * Runs `steps` random CMS actions against a stand-in backend with `extraArticles` generated
 * articles, each published through the live site's pipeline with the fast path, then compares the
 * live release with a full build. Everything lives under `.test-data/differential-<name>`.
 */
export async function runDifferential(options: { name: string; seed: number; steps: number; extraArticles?: number }): Promise<DifferentialResult> {
  const dir = path.join(root, ".test-data", `differential-${options.name}`);
  await rm(dir, { recursive: true, force: true });
  const config: StackConfig = {
    ...testStackConfig(),
    backendPort: await freePort(),
    sitePort: await freePort(),
    rebuildPort: await freePort(),
    previewPort: await freePort(),
    dataDir: path.join(dir, "data"),
    releasesDir: path.join(dir, "releases"),
  };
  if (options.extraArticles) process.env["KP_EXTRA_ARTICLES"] = String(options.extraArticles);
  const backend = await startBackend(config);
  delete process.env["KP_EXTRA_ARTICLES"];
  const settings = runtimeSettingsFor(config);
  const publishing: PublishingOptions = {
    releasesDir: config.releasesDir,
    contentApiUrl: contentApiUrl(config),
    contentApiKey: config.subscriptionKey,
    live: { siteUrl: siteUrl(config), settings },
    preview: { siteUrl: siteUrl(config), settings },
    webhookSecret: "unused",
    adminSecret: "unused",
    port: 0,
    log: memoryLogger(),
  };
  const renderer = createWarmRenderer();
  const store = releaseStore(path.join(config.releasesDir, "live"));
  const hashes = createScriptHashIndex();
  const fast = warmFastPath(renderer, { settings, preview: false, hashes, spareDir: `${store.work}-spare` });
  const pipeline = createSitePipeline({
    site: "live",
    store,
    build: astroBuilder(publishing, "live", renderer, hashes),
    fast,
    log: memoryLogger(),
  });
  const steps: Step[] = [];
  try {
    const first = await pipeline.run([{ source: "manual", topic: "startup", id: "live", at: new Date().toISOString() }]);
    if (first.result !== "success") throw new Error(`first build failed: ${first.error}`);

    const random = seeded(options.seed);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
    const articles = ARTICLES.map((article) => article.slug);
    const pages = ["over-ons", "geschiedenis", "contact", "home", "assortiment"];
    const unpublished = new Set<string>();
    // Pages no menu names (a campaign page): created, unpublished, deleted; each must be built or gone.
    const menuless = new Set<string>();
    const expectations: { label: string; file: string; present: boolean }[] = [];
    const pageFiles = (slug: string, present: boolean, label: string): void => {
      for (const file of [`${slug}.html`, `en/${slug}.html`]) expectations.push({ label, file, present });
    };
    for (let n = 0; n < options.steps; n++) {
      const locale = pick(["nl-NL", "en-US"] as const);
      const roll = random();
      let label: string;
      let events: ContentChangeEvent[];
      if (roll < 0.45) {
        const slug = pick(articles.filter((slug) => !unpublished.has(slug)));
        label = `article ${slug} (${locale}): new title, published`;
        // CMS text that would end a script element: the JSON-LD must keep it inside.
        events = [...(await admin(config, `articles/${slug}/edit`, { locale, title: `Titel ${n} ${slug} </script>` })), ...(await admin(config, `articles/${slug}/publish`, { locale }))];
      } else if (roll < 0.6 && unpublished.size < 3) {
        const slug = pick(articles.filter((slug) => !unpublished.has(slug)));
        unpublished.add(slug);
        label = `article ${slug}: unpublished`;
        events = await admin(config, `articles/${slug}/unpublish`, {});
      } else if (roll < 0.75 && unpublished.size > 0) {
        const slug = pick([...unpublished]);
        unpublished.delete(slug);
        label = `article ${slug}: published again`;
        events = await admin(config, `articles/${slug}/publish`, {});
      } else if (roll < 0.8 && menuless.size < 2) {
        const slug = `losse-pagina-${n}`;
        menuless.add(slug);
        label = `page ${slug} without a menu: created, published`;
        events = await admin(config, "pages", { slug, title: `Losse pagina ${n}`, intro: "Alleen via een link te vinden.", publish: true });
        pageFiles(slug, true, label);
      } else if (roll < 0.85 && menuless.size > 0) {
        const slug = pick([...menuless]);
        menuless.delete(slug);
        const action = random() < 0.5 ? "unpublish" : "delete";
        label = `page ${slug} without a menu: ${action}d`;
        events = await admin(config, `pages/${slug}/${action}`, {});
        pageFiles(slug, false, label);
      } else {
        const slug = pick(pages);
        label = `page ${slug} (${locale}): new intro, published`;
        events = [...(await admin(config, `pages/${slug}/edit`, { locale, intro: `Inleiding ${n} van ${slug}.` })), ...(await admin(config, `pages/${slug}/publish`, { locale }))];
      }
      const triggers = liveTriggers(events);
      const started = performance.now();
      const record = await pipeline.run(triggers);
      steps.push({ label, record, ms: performance.now() - started });
      if (record.result !== "success") throw new Error(`${label}: ${record.error}${record.fullReason ? ` (full path: ${record.fullReason})` : ""}`);
      const live = await realpath(store.current);
      for (const expected of expectations.splice(0)) {
        const present = await access(path.join(live, expected.file)).then(() => true, () => false);
        if (present !== expected.present) throw new Error(`${expected.label}: ${expected.file} is ${present ? "still" : "not"} in the live release`);
      }
    }

    // The search index follows the fast releases in a release of its own.
    await pipeline.searchIndexIdle();
    const live = await realpath(store.current);
    const full = path.join(dir, "full");
    const build = { outDir: full, contentApiUrl: contentApiUrl(config), contentApiKey: config.subscriptionKey, siteUrl: siteUrl(config), cacheDir: path.join(dir, "full-cache") };
    await runAstroBuild(build);
    await finishBuild({ outDir: full, settings, preview: false });
    const compared = await compareSites(live, full);
    return { steps, spare: fast.spare(), ...compared, liveDir: live, fullDir: full };
  } finally {
    renderer.discard();
    await fast.close?.();
    await backend.close();
  }
}

/** The webhooks the CMS sends for these events, as the live site's queue would receive them. */
function liveTriggers(events: ContentChangeEvent[]): Trigger[] {
  const triggers: Trigger[] = [];
  for (const event of events) {
    const { topic, body } = webhookFor(event);
    const parsed = parseWebhook(topic, Buffer.from(body));
    if (!parsed || !sitesFor(topic.split(".")[2] as never).includes("live")) continue;
    triggers.push({ source: "webhook", topic: parsed.topic, id: parsed.id, at: new Date().toISOString() });
  }
  return triggers;
}

async function admin(config: StackConfig, route: string, body: unknown): Promise<ContentChangeEvent[]> {
  const response = await fetch(`http://localhost:${config.backendPort}/admin/content/${route}`, {
    method: "POST",
    headers: { authorization: `Bearer ${TEST_ADMIN_SECRET}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`content admin ${route}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { events: ContentChangeEvent[] }).events;
}
