/**
 * Builds the service worker into a finished site: bundles src/sw/sw.ts (with Workbox's runtime)
 * into `/sw.js`, then lets workbox-build inject the precache list — the offline pages, the
 * stylesheets they need and the logos — with a revision per file, so every release ships a worker
 * that knows exactly this build. The search index is not precached: it grows with the site, and a
 * first visit must stay small whatever the size. The worker fetches one language's index when the
 * search page is opened, from the list `writeSearchIndexList` writes.
 */
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { build } from "esbuild";
import { injectManifest } from "workbox-build";
import { isCompressedVariant } from "./compression.ts";
import { SEARCH_INDEX_DIR } from "./search-index.ts";

const root = path.resolve(import.meta.dirname, "../..");
/** The worker's source; everything it imports is bundled in. */
const SW_ENTRY = path.join(root, "src/sw/sw.ts");
/**
 * A language's search index is saved whole for offline search up to this size; beyond it the
 * result fragments (one per page) are left to be cached as searches show them.
 */
const SEARCH_INDEX_OFFLINE_BYTES = 3 * 1024 * 1024;
/** The list of search-index files per language the worker saves when search is used. */
export const SEARCH_INDEX_LIST = "pagefind/offline-files.json";

/** Always precached: the offline pages and what they look like. Small and independent of the content. */
const CORE_PATTERNS = ["offline.html", "en/offline.html", "_astro/*.css", "favicon.svg", "logo*.svg"];

/** Pages whose scripts must work offline: the offline pages (saved-article list) and the search pages. */
const OFFLINE_PAGES = ["offline.html", "en/offline.html", "zoeken.html", "en/zoeken.html"];

/**
 * The same-origin scripts a built page loads up front — its `<script src>` and, for modules, their
 * static imports, recursively — as paths relative to `outDir`. Dynamic imports (the portal's React,
 * loaded only when signed in) are left out on purpose.
 */
export async function pageScripts(outDir: string, htmlFile: string): Promise<string[]> {
  const html = await readFile(path.join(outDir, htmlFile), "utf8").catch(() => "");
  return withStaticImports(outDir, [...html.matchAll(/<script\b[^>]*\bsrc="\/([^"/][^"]*\.js)"/g)].map((match) => match[1] ?? ""));
}

/**
 * The "available offline" marks are loaded on demand by the registration script (src/browser/
 * offline-marks.ts), so never fetched before the reader is offline unless precached.
 */
async function onDemandOfflineScripts(outDir: string): Promise<string[]> {
  const assets = await readdir(path.join(outDir, "_astro")).catch(() => []);
  return withStaticImports(
    outDir,
    assets.filter((file) => /^offline-marks\.[\w-]+\.js$/.test(file)).map((file) => `_astro/${file}`),
  );
}

/** The given scripts and everything they import statically, recursively. */
async function withStaticImports(outDir: string, roots: string[]): Promise<string[]> {
  const found = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const file = queue.shift() ?? "";
    if (!file || found.has(file)) continue;
    found.add(file);
    const code = await readFile(path.join(outDir, file), "utf8").catch(() => "");
    for (const match of code.matchAll(/(?:^|[;\s}])(?:import|export)\s*(?:[\w*{][^"'`]*?from\s*)?["']\.\/([^"']+\.js)["']/g)) {
      queue.push(path.posix.join(path.posix.dirname(file), match[1] ?? ""));
    }
  }
  return [...found].sort();
}

/** Bundles the worker source to `outFile` (minified, production Workbox without its dev logging). */
export async function bundleServiceWorker(outFile: string, buildId: string, external: string[] = []): Promise<void> {
  await build({
    entryPoints: [SW_ENTRY],
    outfile: outFile,
    bundle: true,
    format: "iife",
    target: "es2022",
    minify: true,
    legalComments: "none",
    external,
    define: { __KP_BUILD__: JSON.stringify(buildId), "process.env.NODE_ENV": '"production"' },
    logLevel: "silent",
  });
}

/** Stands for the build id in the bundle kept by `bundledOnce`. */
const BUILD_ID_SLOT = '"__kp_build_id_slot__"';
let bundled: Promise<string> | null = null;

/**
 * The worker bundled once per process with a slot for the build id: fast releases (which run no
 * code change; a code change takes the full build) need not run the bundler every time.
 */
function bundledOnce(): Promise<string> {
  bundled ??= (async () => {
    const file = path.join(os.tmpdir(), `kp-sw-${process.pid}-${randomUUID()}.js`);
    await bundleServiceWorker(file, JSON.parse(BUILD_ID_SLOT) as string);
    const code = await readFile(file, "utf8");
    await rm(file, { force: true });
    return code;
  })();
  bundled.catch(() => (bundled = null));
  return bundled;
}

/** Writes `sw.js` into a built site. Returns the build id it carries and what it precaches. */
export async function buildServiceWorker(
  outDir: string,
  buildId: string = randomUUID(),
  options: { reuseBundle?: boolean } = {},
): Promise<{ buildId: string; precached: number; bytes: number }> {
  const swFile = path.join(outDir, "sw.js");
  if (options.reuseBundle) await writeFile(swFile, (await bundledOnce()).replaceAll(BUILD_ID_SLOT, JSON.stringify(buildId)));
  else await bundleServiceWorker(swFile, buildId);
  await writeSearchIndexList(outDir);
  const scripts = new Set(
    [...(await Promise.all(OFFLINE_PAGES.map((page) => pageScripts(outDir, page)))), await onDemandOfflineScripts(outDir)].flat(),
  );
  const result = await injectManifest({
    swSrc: swFile,
    swDest: swFile,
    globDirectory: outDir,
    globPatterns: [...CORE_PATTERNS, ...scripts],
    globIgnores: ["**/*.{br,gz}"],
    // Content-hashed names need no revision query; the rest get one.
    dontCacheBustURLsMatching: /^_astro\//,
  });
  // A pattern with no match (a renamed logo) is fine; a missing offline page is not.
  const problems = result.warnings.filter((warning) => !warning.startsWith("One of the glob patterns doesn't match"));
  for (const page of ["offline.html", "en/offline.html"]) {
    if (!existsSync(path.join(outDir, page))) problems.push(`${page} is missing from the build`);
  }
  if (problems.length > 0) throw new Error(`service worker: ${problems.join("; ")}`);
  return { buildId, precached: result.count, bytes: result.size };
}

/**
 * Pagefind names a language's files `<lang>_<hash>.pf_*` (and `pagefind.<lang>_<hash>.pf_meta`), its
 * search code `wasm.<lang>.pagefind`.
 */
const languageOf = (file: string): string | null =>
  (/(?:^|[/.])([a-z]{2}(?:-[a-z]+)?)_[0-9a-f]+\.pf_\w+$/i.exec(file) ?? /^pagefind\/wasm\.([a-z]{2}(?:-[a-z]+)?)\.pagefind$/i.exec(file))?.[1] ??
  null;

/**
 * Writes the per-language list of search-index URLs the worker saves when the search page is opened:
 * Pagefind's runtime and entry, then the language's metadata, filters and index chunks, and its
 * result fragments while the language's whole index stays within `SEARCH_INDEX_OFFLINE_BYTES`.
 * Returns the list (language -> absolute paths).
 */
export async function writeSearchIndexList(outDir: string): Promise<Record<string, string[]>> {
  const dir = path.join(outDir, SEARCH_INDEX_DIR);
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  const runtime: string[] = [];
  const perLanguage = new Map<string, { core: string[]; fragments: string[]; bytes: number }>();
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = path.relative(outDir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
    if (isCompressedVariant(file) || file === SEARCH_INDEX_LIST) continue;
    const lang = languageOf(file);
    if (!lang) {
      if (/^pagefind\/(pagefind\.js|pagefind-worker\.js|pagefind-entry\.json)$/.test(file)) runtime.push(`/${file}`);
      continue;
    }
    const own = perLanguage.get(lang) ?? { core: [], fragments: [], bytes: 0 };
    perLanguage.set(lang, own);
    (file.endsWith(".pf_fragment") ? own.fragments : own.core).push(`/${file}`);
    own.bytes += (await stat(path.join(outDir, file))).size;
  }
  const list: Record<string, string[]> = {};
  for (const [lang, own] of [...perLanguage].sort(([a], [b]) => a.localeCompare(b))) {
    const fragments = own.bytes <= SEARCH_INDEX_OFFLINE_BYTES ? own.fragments : [];
    list[lang] = [...runtime, ...own.core, ...fragments].sort();
  }
  if (existsSync(dir)) {
    // A new file, never written through: in a release linked from the live one it is a hard link.
    const target = path.join(outDir, SEARCH_INDEX_LIST);
    await Promise.all(["", ".br", ".gz"].map((suffix) => rm(target + suffix, { force: true })));
    await writeFile(target, `${JSON.stringify(list)}\n`);
  }
  return list;
}

/** How a build id appears in the bundled worker: a quoted UUID (`randomUUID`). */
const BUILD_ID_LITERAL = /"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"/g;

/**
 * `sw.js` for a release made from `liveDir` in which only `changed` files differ (relative paths):
 * when none of them is precached or decides what is precached (the offline and search pages), the
 * live worker is the new one but for its build id, so it is copied with a new id instead of
 * listing the release again. Returns false, writing nothing, when the worker must be built.
 */
export async function reuseServiceWorker(liveDir: string, outDir: string, changed: readonly string[], buildId: string = randomUUID()): Promise<boolean> {
  const live = await readFile(path.join(liveDir, "sw.js"), "utf8").catch(() => null);
  if (live === null) return false;
  const precached = new Set([...live.matchAll(/"url":"\/?([^"?]+)/g)].map((match) => match[1] ?? ""));
  if (changed.some((file) => precached.has(file) || OFFLINE_PAGES.includes(file))) return false;
  const ids = new Set(live.match(BUILD_ID_LITERAL) ?? []);
  const [id] = ids;
  if (ids.size !== 1 || id === undefined) return false;
  const target = path.join(outDir, "sw.js");
  await Promise.all(["", ".br", ".gz"].map((suffix) => rm(target + suffix, { force: true })));
  await writeFile(target, live.replaceAll(id, JSON.stringify(buildId)));
  return true;
}
