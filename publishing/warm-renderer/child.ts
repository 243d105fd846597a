/**
 * The warm renderer: a child process that runs one full `astro build` and then stays alive holding
 * Astro's own prerender app (the production bundle: components, hashed assets, the build's content
 * cache). On each publish it moves the content forward, lists the site's static paths with Astro's
 * own steps (static-paths.ts: only routes whose content changed run their `getStaticPaths()` again),
 * and renders again only the pages whose cache key changed, whose content reads changed, or that
 * are new — through Astro's own `renderPath`, into an empty folder the parent then moves into the
 * release it links meanwhile. Talks to the parent over the IPC channel (client.ts).
 */
import path from "node:path";
import { pathToFileURL, fileURLToPath } from "node:url";
import { existsSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { mkdir, writeFile } from "node:fs/promises";
import { getHeapStatistics } from "node:v8";
import { build } from "astro";
import type { AstroIntegration } from "astro";
import { trackReads, warmContentHooks } from "../../src/content-build/warm-reads.ts";
import { childLogLevel, type ChildMessage, type ParentMessage, type PublishOutcome } from "./protocol.ts";
import { createIdleCollection } from "./idle-collection.ts";
import { adoptListing, byKey, planRender, type PathState } from "./plan.ts";
import { createStaticPathsPass, type PathWithRoute, type Route, type StaticPathsApp, type StaticPathsPass } from "./static-paths.ts";

const root = path.resolve(import.meta.dirname, "../..");

/** The parts of Astro's prerenderer this process uses (Astro's internals are untyped here). */
type Prerenderer = {
  name: string;
  setup?: () => Promise<void>;
  getStaticPaths: () => Promise<PathWithRoute[]>;
  render: (request: Request, options: { routeData: Route; collectMetadata?: boolean }) => Promise<unknown>;
  collectStaticImages?: () => Promise<unknown>;
  teardown?: () => Promise<void>;
  app?: StaticPathsApp & { getOptions: () => BuildOptions };
};
type BuildOptions = { settings: { config: { outDir: URL } }; logger: unknown };
type RenderPath = (args: {
  prerenderer: Prerenderer;
  pathname: string;
  route: Route;
  options: BuildOptions;
  logger: unknown;
  collectMetadata: boolean;
}) => Promise<{ body: string | Uint8Array; outFile: URL } | null>;

/** Astro's own step from a path to its file: the one its build uses. */
const generateModule = pathToFileURL(path.join(root, "node_modules/astro/dist/core/build/generate.js")).href;

const send = (message: ChildMessage): void => void process.send?.(message);

/** The paths of the live release by key, and the content each page read, by request path. */
let live = new Map<string, PathState>();
const reads = new Map<string, string[]>();
let captured: Prerenderer | null = null;
let pathsOfBuild: PathWithRoute[] = [];
let staticPaths: StaticPathsPass | null = null;

/** The request path Astro renders a path at (file build format): `/nieuws.html`, `/index.html`, `/sitemap.xml`. */
function requestPathOf(pathname: string, type: string): string {
  if (pathname === "/" || pathname === "") return "/index.html";
  return type === "endpoint" ? pathname : `${pathname.replace(/\/$/, "")}.html`;
}

/** Wraps Astro's default prerenderer: records every page's content reads, keeps the app alive. */
const capture: AstroIntegration = {
  name: "klantportaal:warm-renderer",
  hooks: {
    "astro:build:start": ({ setPrerenderer }) => {
      setPrerenderer((fallback) => {
        const own = fallback as unknown as Prerenderer;
        const wrapped: Prerenderer = {
          name: "klantportaal:warm",
          setup: async () => {
            await own.setup?.();
            captured = own;
          },
          getStaticPaths: async () => (pathsOfBuild = await own.getStaticPaths()),
          render: async (request, options) => {
            const { result, reads: read } = await trackReads(() => own.render(request, options));
            reads.set(new URL(request.url).pathname, read);
            return result;
          },
          // Astro removes the bundle's folder after the build: load every page module while it exists.
          teardown: async () => {
            const app = own.app;
            if (!app) return;
            for (const { routeData } of app.manifest.routes) if (routeData.prerender) await app.getComponentByRoute(routeData);
          },
        };
        if (own.collectStaticImages) wrapped.collectStaticImages = () => own.collectStaticImages?.() ?? Promise.resolve();
        return wrapped as never;
      });
    },
  },
};

/** Astro's conflict rule: the first route to claim a path wins; fallbacks come after the rest. */
function deduplicated(paths: PathWithRoute[]): PathWithRoute[] {
  const seen = new Set<string>();
  const kept: PathWithRoute[] = [];
  for (const entry of paths) {
    const normalized = entry.pathname.replace(/\/$/, "");
    if (seen.has(normalized)) continue;
    seen.add(normalized);
    kept.push(entry);
  }
  return [...kept.filter((entry) => entry.route.type !== "fallback"), ...kept.filter((entry) => entry.route.type === "fallback")];
}

/** Each path's state, made once per path entry (the static-paths pass gives an unchanged path's entry again). */
const states = new WeakMap<PathWithRoute, PathState>();

function toState(entry: PathWithRoute): PathState {
  let state = states.get(entry);
  if (!state) {
    state = { key: `${entry.route.component}\u0000${entry.pathname}`, requestPath: requestPathOf(entry.pathname, entry.route.type), cacheKey: entry.cacheKey };
    states.set(entry, state);
  }
  return state;
}

async function publish(outDir: string, liveDir: string, changes: { id: string }[]): Promise<PublishOutcome> {
  const prerenderer = captured;
  const app = prerenderer?.app;
  const hooks = warmContentHooks();
  if (!prerenderer || !app || !hooks) throw new Error("the warm renderer has no rendered site to start from");
  const ms: Record<string, number> = {};
  let last = performance.now();
  const lap = (name: string): void => {
    const now = performance.now();
    ms[name] = Math.round(now - last);
    last = now;
  };
  const step = await hooks.advance(changes);
  lap("content");
  if (step.wide !== null) return { wide: step.wide };

  staticPaths ??= createStaticPathsPass(app, hooks.trackReads);
  const paths = deduplicated(await staticPaths.all(step.changedKeys));
  lap("paths");
  const next = paths.map(toState);
  const plan = planRender(live, next, reads, step.changedKeys);
  const toRender = new Set(plan.render);
  const rendering = paths.filter((_, index) => toRender.has(next[index]?.key ?? ""));

  const options = app.getOptions();
  const buildOut = fileURLToPath(options.settings.config.outDir);
  const { renderPath } = (await import(generateModule)) as { renderPath: RenderPath };
  const written: string[] = [];
  const created: string[] = [];
  const writes = new Set<Promise<void>>();
  let writeFailure: { error: unknown } | null = null;
  const writeNew = async (target: string, body: string | Uint8Array): Promise<void> => {
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, body);
  };
  for (const entry of rendering) {
    const { result, reads: read } = await trackReads(() =>
      renderPath({ prerenderer, pathname: entry.pathname, route: entry.route, options, logger: options.logger, collectMetadata: false }),
    );
    reads.set(requestPathOf(entry.pathname, entry.route.type), read);
    if (!result) continue;
    const relative = path.relative(buildOut, fileURLToPath(result.outFile));
    const target = path.join(outDir, relative);
    if (!existsSync(path.join(liveDir, relative))) created.push(relative);
    written.push(relative);
    // Written while the next page renders (a few at a time), not one after another.
    const pending: Promise<void> = writeNew(target, result.body).then(
      () => void writes.delete(pending),
      (error: unknown) => void (writeFailure ??= { error }),
    );
    writes.add(pending);
    if (writes.size >= 16) await Promise.race(writes);
    if (writeFailure) break;
  }
  // Every write has ended before the outcome (or the failure) is reported: the folder is the parent's again.
  // Files that are gone are removed by the parent, from the release it links.
  await Promise.all(writes);
  if (writeFailure) throw (writeFailure as { error: unknown }).error;
  const removed: string[] = [];
  for (const requestPath of plan.remove) {
    reads.delete(requestPath);
    removed.push(decodeURI(requestPath).replace(/^\//, ""));
  }
  lap("pages");
  live = plan.live;
  return { wide: null, rendered: written.sort(), created: created.sort(), removed: removed.sort(), refetched: step.refetched, ms };
}

/**
 * Full collections outside publishes (the parent starts this process with `--expose-gc`): one
 * once the build is done, while the publishing process finishes the release (its page pass takes
 * seconds; no publish comes before the release is live), since the build leaves a heap of its
 * garbage close to the heap's limit and the first publish would otherwise pay for collecting it;
 * then, whenever a release is live, the one V8 would soon make in a publish (idle-collection.ts).
 */
const collection = createIdleCollection(
  () => getHeapStatistics().used_heap_size,
  () => (globalThis as { gc?: () => void }).gc?.(),
);

// Without its publishing process there is nobody to render for (and nothing must outlive it).
process.on("disconnect", () => process.exit(0));

/**
 * With KP_WARM_PROFILE_DIR set, the full build and each publish write a CPU profile there
 * (`build-<pid>.cpuprofile`, `publish-<pid>-<n>.cpuprofile`).
 */
const profileDir = process.env["KP_WARM_PROFILE_DIR"];

async function profiled<T>(name: string, task: () => Promise<T>): Promise<T> {
  if (!profileDir) return task();
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.start");
  try {
    return await task();
  } finally {
    const { profile } = await session.post("Profiler.stop");
    await mkdir(profileDir, { recursive: true });
    await writeFile(path.join(profileDir, `${name}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
}

process.on("message", (message: ParentMessage) => {
  if (message.type === "idle") return void collection.idle();
  profiled(`publish-${process.pid}-${message.id}`, () => publish(message.outDir, message.liveDir, message.changes)).then(
    (outcome) => send({ type: "published", id: message.id, outcome }),
    (error: unknown) => send({ type: "publish-failed", id: message.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  );
});

try {
  await profiled(`build-${process.pid}`, () => build({ root, logLevel: childLogLevel(process.env), integrations: [capture] }));
  live = byKey(deduplicated(pathsOfBuild).map(toState));
  // Held only until the state is known: at tens of thousands of paths, not worth keeping.
  pathsOfBuild = [];
  // The first publish finds the static-paths pass ready: every route run once, its reads and
  // pathnames known (otherwise that publish lists the whole site the slow way), and the live paths
  // as the pass's own states (otherwise that publish compares every path the slow way).
  const app = (captured as Prerenderer | null)?.app;
  const hooks = warmContentHooks();
  if (app && hooks) {
    const listed = await (staticPaths = createStaticPathsPass(app, hooks.trackReads)).all(null);
    live = adoptListing(live, deduplicated(listed).map(toState), reads) ?? live;
  }
  send({ type: "built", pages: live.size });
  collection.collect();
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
}
