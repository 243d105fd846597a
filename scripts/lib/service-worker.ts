/**
 * Builds the service worker into a finished site: bundles src/sw/sw.ts (with Workbox's runtime)
 * into `/sw.js`, then lets workbox-build inject the precache list — the offline pages, the
 * stylesheets they need, the logos and the search index — with a revision per file, so every
 * release ships a worker that knows exactly this build.
 */
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { build } from "esbuild";
import { injectManifest } from "workbox-build";

const root = path.resolve(import.meta.dirname, "../..");
/** The worker's source; everything it imports is bundled in. */
export const SW_ENTRY = path.join(root, "src/sw/sw.ts");
/** The search index is precached whole up to this size; larger indexes are cached as they are used. */
const SEARCH_INDEX_PRECACHE_BYTES = 3 * 1024 * 1024;

/** Always precached: the offline pages, what they look like, and the search runtime. */
const CORE_PATTERNS = [
  "offline.html",
  "en/offline.html",
  "_astro/*.css",
  "favicon.svg",
  "logo*.svg",
  "pagefind/pagefind.js",
  "pagefind/pagefind-worker.js",
  "pagefind/pagefind-entry.json",
  "pagefind/wasm.*.pagefind",
  "pagefind/**/*.pf_{meta,filter}",
];

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
 * The "available offline" marks are loaded on demand by the registration script (src/scripts/
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

/** Writes `sw.js` into a built site. Returns the build id it carries and what it precaches. */
export async function buildServiceWorker(
  outDir: string,
  buildId: string = randomUUID(),
): Promise<{ buildId: string; precached: number; bytes: number }> {
  const swFile = path.join(outDir, "sw.js");
  await bundleServiceWorker(swFile, buildId);
  const wholeIndex = (await folderBytes(path.join(outDir, "pagefind"))) <= SEARCH_INDEX_PRECACHE_BYTES;
  const scripts = new Set(
    [...(await Promise.all(OFFLINE_PAGES.map((page) => pageScripts(outDir, page)))), await onDemandOfflineScripts(outDir)].flat(),
  );
  const result = await injectManifest({
    swSrc: swFile,
    swDest: swFile,
    globDirectory: outDir,
    globPatterns: [...CORE_PATTERNS, ...scripts, ...(wholeIndex ? ["pagefind/**/*.pf_{index,fragment}"] : [])],
    globIgnores: ["**/*.{br,gz}"],
    // Content-hashed names need no revision query; the rest get one.
    dontCacheBustURLsMatching: /^_astro\/|\.pf_(index|fragment|meta|filter)$/,
    maximumFileSizeToCacheInBytes: SEARCH_INDEX_PRECACHE_BYTES,
  });
  // A pattern with no match (a renamed logo) is fine; a missing offline page is not.
  const problems = result.warnings.filter((warning) => !warning.startsWith("One of the glob patterns doesn't match"));
  for (const page of ["offline.html", "en/offline.html"]) {
    if (!existsSync(path.join(outDir, page))) problems.push(`${page} is missing from the build`);
  }
  if (problems.length > 0) throw new Error(`service worker: ${problems.join("; ")}`);
  return { buildId, precached: result.count, bytes: result.size };
}

/** Total size of the files under a folder (0 when it does not exist). */
async function folderBytes(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  let total = 0;
  for (const entry of entries) if (entry.isFile()) total += (await stat(path.join(entry.parentPath, entry.name))).size;
  return total;
}
