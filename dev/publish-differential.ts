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
import { backendUrl, contentApiUrl, runtimeSettingsFor, siteUrl, testStackConfig, type StackConfig } from "./lib/stack-config.ts";
import { postContentAdmin } from "./lib/content-admin-call.ts";
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
import { readRedirects } from "../publishing/serving/redirects.ts";
import { createScheduler } from "../publishing/server/schedule.ts";
import { clock } from "../stand-in/idp/clock.ts";
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
    // The articles' slugs as they are now (a move changes one), with the category of each.
    const articles = ARTICLES.map((article) => article.slug);
    const categoryOf = new Map(ARTICLES.map((article) => [article.slug, article.category]));
    /** Moved articles: their slug now and the slug they had first (moved back later, which must not loop). */
    const moved = new Map<string, string>();
    const pages = ["over-ons", "geschiedenis", "contact", "home", "assortiment"];
    const unpublished = new Set<string>();
    // Pages no menu names (a campaign page): created, unpublished, deleted; each must be built or gone.
    const menuless = new Set<string>();
    const expectations: { label: string; file: string; present: boolean }[] = [];
    const redirectExpectations: { label: string; from: string; to: string | null | undefined }[] = [];
    const articlePath = (slug: string): string => `/nieuws/${categoryOf.get(slug)}/${slug}`;
    const pageFiles = (slug: string, present: boolean, label: string): void => {
      for (const file of [`${slug}.html`, `en/${slug}.html`]) expectations.push({ label, file, present });
    };
    // The publishing server's schedule, on the stand-in's clock, its timers run by hand.
    const timers: (() => void)[] = [];
    const firedTriggers: Trigger[] = [];
    let onFire: (() => void) | undefined;
    const scheduler = createScheduler({
      file: path.join(dir, "schedule.json"),
      fire: (triggers) => {
        firedTriggers.push(...triggers);
        onFire?.();
      },
      log: memoryLogger(),
      now: () => clock.now(),
      setTimer: (_ms, run) => {
        timers.push(run);
        return () => void timers.splice(timers.indexOf(run) >>> 0, 1);
      },
    });
    await scheduler.start();
    const gone = new Set<string>();
    const isLive = (slug: string): boolean => !unpublished.has(slug) && !gone.has(slug);
    const movable = (): [string, string][] => [...moved].filter(([now]) => isLive(now));
    /**
     * The kinds of change, each with when it can be made and how often (weight). Every kind is
     * made at least once in a run of enough steps: when the steps left are as few as the kinds not
     * yet made, the next of those (in this order, so a move comes before its move back) is taken.
     */
    const kinds: { name: string; weight: number; can: () => boolean; make: (n: number, locale: "nl-NL" | "en-US") => Promise<[string, ContentChangeEvent[], Trigger[]?]> }[] = [
      {
        name: "title",
        weight: 0.4,
        can: () => true,
        make: async (n, locale) => {
          const slug = pick(articles.filter(isLive));
          // CMS text that would end a script element: the JSON-LD must keep it inside.
          return [`article ${slug} (${locale}): new title, published`, [...(await admin(config, `articles/${slug}/edit`, { locale, title: `Titel ${n} ${slug} </script>` })), ...(await admin(config, `articles/${slug}/publish`, { locale }))]];
        },
      },
      {
        name: "unpublish",
        weight: 0.1,
        can: () => unpublished.size < 3,
        make: async () => {
          const slug = pick(articles.filter((each) => isLive(each) && !moved.has(each)));
          unpublished.add(slug);
          return [`article ${slug}: unpublished`, await admin(config, `articles/${slug}/unpublish`, {})];
        },
      },
      {
        name: "scheduled publish",
        weight: 0.05,
        can: () => [...unpublished].some((slug) => !moved.has(slug)),
        make: async () => {
          // Scheduled for the next whole minute but one: the CMS's webhook goes to the schedule, the
          // stand-in's clock moves to that minute, and the schedule's timer fires the live site's change.
          const slug = pick([...unpublished].filter((each) => !moved.has(each)));
          const at = new Date((Math.floor(clock.now() / 60_000) + 2) * 60_000).toISOString();
          const events = await admin(config, `articles/${slug}/schedule`, { action: "publish", at });
          for (const event of events) {
            const { topic, body } = webhookFor(event);
            const notice = parseWebhook(topic, Buffer.from(body))?.schedule;
            if (notice) await scheduler.note(notice);
          }
          clock.advance(Date.parse(at) - clock.now());
          const fired = new Promise<void>((resolve) => (onFire = resolve));
          for (const run of timers.splice(0)) run();
          await fired;
          unpublished.delete(slug);
          const label = `article ${slug}: publish scheduled at ${at}, fired`;
          pageFiles(articlePath(slug).slice(1), true, label);
          return [label, events, firedTriggers.splice(0)];
        },
      },
      {
        name: "republish",
        weight: 0.1,
        can: () => unpublished.size > 0,
        make: async () => {
          const slug = pick([...unpublished]);
          unpublished.delete(slug);
          return [`article ${slug}: published again`, await admin(config, `articles/${slug}/publish`, {})];
        },
      },
      {
        name: "page",
        weight: 0.1,
        can: () => true,
        make: async (n, locale) => {
          const slug = pick(pages);
          return [`page ${slug} (${locale}): new intro, published`, [...(await admin(config, `pages/${slug}/edit`, { locale, intro: `Inleiding ${n} van ${slug}.` })), ...(await admin(config, `pages/${slug}/publish`, { locale }))]];
        },
      },
      {
        name: "menuless page created",
        weight: 0.06,
        can: () => menuless.size < 2,
        make: async (n) => {
          const slug = `losse-pagina-${n}`;
          menuless.add(slug);
          const label = `page ${slug} without a menu: created, published`;
          pageFiles(slug, true, label);
          return [label, await admin(config, "pages", { slug, title: `Losse pagina ${n}`, intro: "Alleen via een link te vinden.", publish: true })];
        },
      },
      {
        name: "menuless page removed",
        weight: 0.05,
        can: () => menuless.size > 0,
        make: async () => {
          const slug = pick([...menuless]);
          menuless.delete(slug);
          const action = random() < 0.5 ? "unpublish" : "delete";
          const label = `page ${slug} without a menu: ${action === "delete" ? "deleted" : "unpublished"}`;
          pageFiles(slug, false, label);
          return [label, await admin(config, `pages/${slug}/${action}`, {})];
        },
      },
      {
        name: "slug changed",
        weight: 0.06,
        can: () => moved.size < 2,
        make: async (n) => {
          // The old address answers 301 with the new one, in both languages.
          const slug = pick(articles.filter((each) => isLive(each) && !moved.has(each)));
          const to = `${slug}-${n}`;
          const label = `article ${slug}: slug changed to ${to}`;
          const events = await admin(config, `articles/${slug}/move`, { slug: to });
          articles.splice(articles.indexOf(slug), 1, to);
          categoryOf.set(to, categoryOf.get(slug) ?? "");
          moved.set(to, slug);
          for (const prefix of ["", "/en"]) redirectExpectations.push({ label, from: `${prefix}${articlePath(slug)}`, to: `${prefix}${articlePath(to)}` });
          pageFiles(articlePath(slug).slice(1), false, label);
          pageFiles(articlePath(to).slice(1), true, label);
          return [label, events];
        },
      },
      {
        name: "slug changed back",
        weight: 0.05,
        can: () => movable().length > 0,
        make: async () => {
          // The first address is served again, the second one redirects to it: no loop.
          const [now, first] = pick(movable());
          moved.delete(now);
          const label = `article ${now}: slug changed back to ${first}`;
          const events = await admin(config, `articles/${now}/move`, { slug: first });
          articles.splice(articles.indexOf(now), 1, first);
          redirectExpectations.push({ label, from: articlePath(first), to: undefined }, { label, from: articlePath(now), to: articlePath(first) });
          pageFiles(articlePath(first).slice(1), true, label);
          return [label, events];
        },
      },
      {
        name: "article deleted",
        weight: 0.04,
        can: () => gone.size < 1,
        make: async () => {
          // Unpublished for good: its address answers 410 in both languages.
          const slug = pick(articles.filter((each) => isLive(each) && !moved.has(each)));
          gone.add(slug);
          const label = `article ${slug}: deleted`;
          for (const prefix of ["", "/en"]) redirectExpectations.push({ label, from: `${prefix}${articlePath(slug)}`, to: null });
          pageFiles(articlePath(slug).slice(1), false, label);
          return [label, await admin(config, `articles/${slug}/delete`, {})];
        },
      },
    ];
    const made = new Set<string>();
    for (let n = 0; n < options.steps; n++) {
      const locale = pick(["nl-NL", "en-US"] as const);
      const possible = kinds.filter((kind) => kind.can());
      const unmade = kinds.filter((kind) => !made.has(kind.name));
      let kind = unmade.length >= options.steps - n ? possible.find((each) => !made.has(each.name)) : undefined;
      if (!kind) {
        const total = possible.reduce((sum, each) => sum + each.weight, 0);
        let roll = random() * total;
        kind = possible.find((each) => (roll -= each.weight) < 0) ?? (possible[0] as (typeof kinds)[number]);
      }
      made.add(kind.name);
      const [label, events, scheduled = []] = await kind.make(n, locale);
      const triggers = [...liveTriggers(events), ...scheduled];
      const started = performance.now();
      const record = await pipeline.run(triggers);
      steps.push({ label, record, ms: performance.now() - started });
      if (record.result !== "success") throw new Error(`${label}: ${record.error}${record.fullReason ? ` (full path: ${record.fullReason})` : ""}`);
      const liveDir = await realpath(store.current);
      for (const expected of expectations.splice(0)) {
        const present = await access(path.join(liveDir, expected.file)).then(() => true, () => false);
        if (present !== expected.present) throw new Error(`${expected.label}: ${expected.file} is ${present ? "still" : "not"} in the live release`);
      }
      const rules = new Map(readRedirects(liveDir).map((rule) => [rule.from, rule.to]));
      for (const expected of redirectExpectations.splice(0)) {
        if (rules.get(expected.from) !== expected.to) throw new Error(`${expected.label}: ${expected.from} redirects to ${String(rules.get(expected.from))}, not ${String(expected.to)}`);
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
    clock.reset();
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
  const answer = (await postContentAdmin(backendUrl(config), TEST_ADMIN_SECRET, route, body)) as { events: ContentChangeEvent[] };
  return answer.events;
}
