import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { copyFile, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { RuntimeSettings } from "../../src/core/settings.ts";
import { headerContextFor, renderHeadersFile, renderNginxInclude, type HeaderContext } from "../serving/headers.ts";
import { CDN_REDIRECTS_FILE, readRedirects, renderCdnRedirects } from "../serving/redirects.ts";
import { HEADER_CONTEXT_FILE, OPERATOR_FILES } from "../serving/release-files.ts";
import { brotliOptions, GZIP_OPTIONS, isCompressedVariant, isCompressibleType, worthCompressing } from "./compression.ts";
import { inlineScriptHashes } from "./inline-scripts.ts";
import { hashAndCompress } from "./page-pass.ts";
import { createScriptHashIndex, type ScriptHashIndex } from "./script-hash-index.ts";
import { buildSearchIndex } from "./search-index.ts";
import { buildServiceWorker } from "./service-worker.ts";

const root = path.resolve(import.meta.dirname, "../..");

export type BuildOptions = {
  outDir: string;
  contentApiUrl: string;
  contentApiKey: string;
  siteUrl: string;
  preview?: boolean;
  /** Written into the build's settings.js, as a deploy pipeline would. */
  settings: RuntimeSettings;
  /**
   * Astro's cache folder (incremental build cache and content data store). Give each site its own:
   * the live and preview sites hold different data and must not share one.
   */
  cacheDir?: string | undefined;
  /** Origin of CMS images for the CSP's img-src; defaults to the API's origin. */
  imageOrigin?: string | undefined;
  /** A previous build to copy unchanged files' compressed variants from instead of compressing again. */
  reuseCompressedFrom?: string | null | undefined;
  /**
   * Another site's release whose hashed assets' variants may be taken (the live site's for the
   * preview, whose first build after a start has no release of its own to take them from). Only
   * hashed assets: their names say their content, so no later change to that release can make
   * a taken variant wrong; each is compared byte for byte all the same.
   */
  reuseAssetsFrom?: string | null | undefined;
  /** Aborting kills the build process; the promise then rejects. */
  signal?: AbortSignal | undefined;
  /** Receives each line of the build's output; the default drops it. */
  log?: ((line: string) => void) | undefined;
  /** Told the build process's id when it starts (the benchmark samples its memory). */
  onProcess?: ((pid: number) => void) | undefined;
};

/**
 * Astro renders pages from chunks it writes inside the output folder, which must resolve the
 * project's packages; outside the project it falls back to one shared `.astro/` folder, where two
 * builds at once (live and preview) break each other. Builds therefore go to a folder in the project.
 */
export function isInsideProject(dir: string): boolean {
  const relative = path.relative(root, path.resolve(dir));
  return relative !== "" && !relative.startsWith("..") && !path.isAbsolute(relative);
}

/** A build folder inside the project for a release store that lies elsewhere (one per store). */
export function projectWorkDirFor(storeRoot: string): string {
  const key = createHash("sha256").update(path.resolve(storeRoot)).digest("hex").slice(0, 12);
  return path.join(root, ".releases", "work", key);
}

export { HEADER_CONTEXT_FILE, OPERATOR_FILES } from "../serving/release-files.ts";

/**
 * Builds the site with `astro build` in a child process, then finishes the output the way every
 * deployment needs it: the environment's settings.js, the security header files (computed from the
 * built HTML), and gzip/brotli variants for the static server.
 */
export async function buildSite(options: BuildOptions): Promise<void> {
  await runAstroBuild(options);
  await finishBuild(options);
}

/** Every step after `astro build` that a deployment needs. */
export async function finishBuild(
  options: Pick<BuildOptions, "outDir" | "settings" | "imageOrigin" | "preview" | "reuseCompressedFrom" | "reuseAssetsFrom"> & {
    /** Told when each step ends (timings). */
    onStep?: (step: string) => void;
    /** Takes the inline-script hashes of every page (the fast path's index starts from a full build). */
    hashes?: Pick<ScriptHashIndex, "fill">;
    /** Awaited between parts of the work: a build of lower priority yields to another site's publish. */
    pause?: () => Promise<void>;
  },
): Promise<void> {
  const { outDir } = options;
  const step = options.onStep ?? (() => undefined);
  const reuseFrom = options.reuseCompressedFrom ?? null;
  // Astro's own files, listed before anything else writes: settings.js is replaced below.
  const built = (await filesUnder(outDir)).filter((file) => file !== SETTINGS_FILE);
  // Pagefind indexes the pages in a process of its own while the page pass reads every file once,
  // for its inline-script hashes (pages) and its compressed variants.
  const indexed = buildSearchIndex(outDir);
  // Its failure is reported below, once awaited; meanwhile it must not count as unhandled.
  indexed.catch(() => undefined);
  let byPage: Map<string, string[]>;
  try {
    const files = built.filter((file) => file.endsWith(".html") || compressible(file)).map((file) => ({ file, compress: compressible(file) }));
    byPage = await hashAndCompress(outDir, files, { reuseFrom, assetsFrom: options.reuseAssetsFrom ?? null, pause: options.pause });
  } catch (error) {
    // Nothing may still write into the folder once the failure is reported: the caller removes it.
    await indexed.catch(() => undefined);
    throw error;
  }
  step("pages");
  await indexed;
  step("search-index");
  // From the built pages and the search index: the service worker.
  await buildServiceWorker(outDir);
  step("service-worker");
  await writeSettings(outDir, options.settings);
  const scriptHashes = (options.hashes ?? createScriptHashIndex()).fill(byPage);
  await writeHeaderFiles(outDir, headerContextFor(options.settings, { imageOrigin: options.imageOrigin, scriptHashes, preview: options.preview ?? false }));
  step("headers");
  // What the steps after Astro wrote: the search index, the worker, settings.js.
  const done = new Set(built);
  await precompressFiles(outDir, (await filesUnder(outDir)).filter((file) => !done.has(file) && !isCompressedVariant(file)), reuseFrom);
  step("compress");
}

/**
 * The environment of a process that runs `astro build`: the build-time settings, the output folder
 * and the cache. Throws when the output folder lies outside the project (see `isInsideProject`).
 */
export function astroBuildEnv(options: Omit<BuildOptions, "settings">): NodeJS.ProcessEnv {
  if (!isInsideProject(options.outDir)) throw new Error(`Build output must lie inside the project (${root}); got ${options.outDir}`);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    CONTENT_API_URL: options.contentApiUrl,
    CONTENT_API_KEY: options.contentApiKey,
    CONTENT_PREVIEW: options.preview ? "true" : "false",
    SITE_URL: options.siteUrl,
    ASTRO_OUT_DIR: options.outDir,
    ASTRO_TELEMETRY_DISABLED: "1",
  };
  if (options.cacheDir) env["ASTRO_CACHE_DIR"] = options.cacheDir;
  return env;
}

/** `astro build` alone, in a child process, with the build-time settings in its environment. */
export function runAstroBuild(options: Omit<BuildOptions, "settings">): Promise<void> {
  let env: NodeJS.ProcessEnv;
  try {
    env = astroBuildEnv(options);
  } catch (error) {
    return Promise.reject(error as Error);
  }
  const astro = path.join(root, "node_modules", "astro", "bin", "astro.mjs");
  return new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [astro, "build"], {
      cwd: root,
      env,
      stdio: ["ignore", "pipe", "pipe"],
      ...(options.signal ? { signal: options.signal, killSignal: "SIGKILL" as const } : {}),
    });
    if (child.pid !== undefined) options.onProcess?.(child.pid);
    let tail = "";
    let headline: string | null = null;
    const onData = (chunk: Buffer): void => {
      const text = chunk.toString();
      tail = (tail + text).slice(-4000);
      headline ??= failureHeadline(text);
      for (const line of text.split("\n")) if (line.trim()) options.log?.(line);
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.on("error", (error) => reject(options.signal?.aborted ? new Error("the build was stopped") : error));
    child.on("exit", (code, signal) =>
      code === 0 ? resolve() : reject(new Error(buildFailureMessage(signal ?? code, headline, tail))),
    );
  });
}

/** Output lines that say why a build failed: the site's content errors first, then Astro's. */
const FAILURE_LINES = [/(Invalid content in [^\n]+|Could not fetch [^\n]+|Fetching [^\n]+ failed with HTTP \d+)/, /\[ERROR\][^\n]*/];

/** The first line of build output that explains a failure, or null. */
export function failureHeadline(output: string): string | null {
  for (const pattern of FAILURE_LINES) {
    const match = pattern.exec(output);
    if (match) return match[0].replace(/\x1b\[[0-9;]*m/g, "").trim();
  }
  return null;
}

/** The reason first (e.g. the content entry and field that failed validation), then the output's end. */
export function buildFailureMessage(exit: string | number | null, headline: string | null, tail: string): string {
  return `astro build failed (${exit})${headline ? `: ${headline}` : ""}\n${tail.slice(-1500)}`;
}

/** The environment's settings, read by every page (public/settings.js holds the local stack's). */
const SETTINGS_FILE = "settings.js";

/** Replaces the build's settings.js with concrete values for one environment. */
export async function writeSettings(outDir: string, settings: RuntimeSettings): Promise<void> {
  const body = `window.settings = ${JSON.stringify(settings, null, 2)};\n`;
  await writeFile(path.join(outDir, SETTINGS_FILE), body);
}

/** `_headers` for Cloudflare Pages/Netlify, an nginx include, and the context the static server reads. */
export async function writeHeaderFiles(outDir: string, context: HeaderContext): Promise<void> {
  // The redirects the build rendered (src/pages/redirects.json.ts) go into the CDN's and nginx's files.
  const redirects = readRedirects(outDir);
  await writeFile(path.join(outDir, "_headers"), renderHeadersFile(context));
  await writeFile(path.join(outDir, CDN_REDIRECTS_FILE), renderCdnRedirects(redirects));
  await writeFile(path.join(outDir, "nginx-headers.conf"), renderNginxInclude(context, redirects));
  await writeFile(path.join(outDir, HEADER_CONTEXT_FILE), `${JSON.stringify(context, null, 2)}\n`);
}

/** Every distinct inline-script hash across the built HTML, for the CSP's script-src. */
export async function collectScriptHashes(outDir: string): Promise<string[]> {
  const hashes = new Set<string>();
  for (const file of await filesUnder(outDir)) {
    if (!file.endsWith(".html")) continue;
    for (const hash of inlineScriptHashes(await readFile(path.join(outDir, file), "utf8"))) hashes.add(hash);
  }
  return [...hashes].sort();
}

/**
 * Writes `.br` and `.gz` beside every compressible file, which the static server (sirv) sends when
 * the browser accepts them. Files identical to ones in `reuseFrom` (the live release) take that
 * release's compressed copies, so one edited article does not cost a whole-site compression.
 */
export async function precompress(outDir: string, reuseFrom: string | null, keepExisting = false): Promise<void> {
  const all = await filesUnder(outDir);
  // In a release linked from the live one, a file that still has both variants is unchanged.
  const present = new Set(keepExisting ? all : []);
  await precompressFiles(outDir, all.filter((file) => !(present.has(`${file}.br`) && present.has(`${file}.gz`))), reuseFrom);
}

/**
 * `precompress` for the given files only (relative to `outDir`; those not worth compressing are
 * skipped): a fast release knows which files it wrote and never lists the whole release.
 */
export async function precompressFiles(outDir: string, candidates: readonly string[], reuseFrom: string | null): Promise<void> {
  await forEachLimited(candidates.filter(compressible), 4, async (file) => {
    const source = path.join(outDir, file);
    const body = await readFile(source);
    if (!worthCompressing(body)) return;
    if (reuseFrom && (await reuseCompressed(body, path.join(reuseFrom, file), source))) return;
    const [br, gz] = await Promise.all([brotli(body, brotliOptions(file)), gzip(body, GZIP_OPTIONS)]);
    await replaceFile(`${source}.br`, br);
    await replaceFile(`${source}.gz`, gz);
  });
}

/** The operator's files are never served: no compressed spelling of them is written either. */
const compressible = (file: string): boolean => isCompressibleType(file) && !OPERATOR_FILES.includes(file);

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

async function reuseCompressed(body: Buffer, previous: string, target: string): Promise<boolean> {
  if (!existsSync(`${previous}.br`) || !existsSync(`${previous}.gz`)) return false;
  try {
    if (!body.equals(await readFile(previous))) return false;
  } catch {
    return false;
  }
  await Promise.all([rm(`${target}.br`, { force: true }), rm(`${target}.gz`, { force: true })]);
  await Promise.all([copyFile(`${previous}.br`, `${target}.br`), copyFile(`${previous}.gz`, `${target}.gz`)]);
  return true;
}

/** A new file in place of any old one: in a release linked from the live one, never written through a link. */
async function replaceFile(file: string, body: Buffer): Promise<void> {
  await rm(file, { force: true });
  await writeFile(file, body);
}

/** Relative paths of all files under a folder. */
export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

/**
 * Runs `task` over `items`, `limit` at a time. After a failure no new item starts, and the promise
 * rejects only once every running task has ended: the caller may then remove the folder they write in.
 */
export async function forEachLimited<T>(items: T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | null = null;
  const worker = async (): Promise<void> => {
    while (next < items.length && !failure) {
      const item = items[next++] as T;
      await task(item).catch((error: unknown) => void (failure ??= { error }));
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure) throw (failure as { error: unknown }).error;
}
