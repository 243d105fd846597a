/**
 * The site's static paths for a publish, listed the way Astro's build lists them (every
 * prerendered route followed by its fallback routes, in the manifest's order, each route's paths in
 * the order its `getStaticPaths()` returned them) with Astro's own steps, but kept between
 * publishes:
 *
 * - a route's `getStaticPaths()` runs again only when content it read last time changed (the reads
 *   are recorded as pages' reads are); otherwise its list and Astro's route cache entry stay;
 * - a path's pathname is worked out once per route and parameters. Astro works it out twice for
 *   every path on every call (its lookup table and the list): at tens of thousands of articles that
 *   was most of what a title edit cost after the content step.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";

/** The parts of Astro's route data and app this pass uses (Astro's internals are untyped here). */
export type Route = {
  component: string;
  type: string;
  route: string;
  pathname?: string;
  prerender?: boolean;
  origin?: string;
  fallbackRoutes?: Route[];
  redirectRoute?: Route;
};
export type PathWithRoute = { pathname: string; route: Route; cacheKey?: string | undefined };
type StaticPath = { params: Record<string, string | number | undefined>; cacheKey?: unknown };
type StaticPathList = StaticPath[] & { keyed: Map<string, StaticPath> };
type RouteCacheEntry = { mod?: unknown; staticPaths?: StaticPathList };
type Module = { getStaticPaths?: (options: unknown) => Promise<StaticPath[]> | StaticPath[] };
export type StaticPathsApp = {
  manifest: {
    routes: { routeData: Route }[];
    serverLike: boolean;
    base: string;
    trailingSlash: string;
    i18n?: { fallback?: unknown };
  };
  routeCache: { cache: Record<string, RouteCacheEntry>; key: (route: Route) => string };
  getComponentByRoute: (route: Route) => Promise<unknown>;
};
type TrackReads = <T>(task: () => Promise<T>) => Promise<{ result: T; reads: string[] }>;

const root = path.resolve(import.meta.dirname, "../..");
const astroModule = <T>(file: string): Promise<T> =>
  import(pathToFileURL(path.join(root, "node_modules/astro/dist/core", file)).href) as Promise<T>;

type AstroSteps = {
  stringifyParams: (params: StaticPath["params"], route: Route, trailingSlash: string) => string;
  validateDynamicRouteModule: (mod: unknown, options: { ssr: boolean; route: Route }) => void;
  validateGetStaticPathsResult: (result: unknown, route: Route) => void;
  generatePaginateFunction: (route: Route, base: string, trailingSlash: string) => unknown;
  getFallbackRoute: (route: Route, routes: { routeData: Route }[]) => Route;
};

async function astroSteps(): Promise<AstroSteps> {
  const [params, validation, paginate, helpers] = await Promise.all([
    astroModule<Pick<AstroSteps, "stringifyParams">>("routing/params.js"),
    astroModule<Pick<AstroSteps, "validateDynamicRouteModule" | "validateGetStaticPathsResult">>("routing/validation.js"),
    astroModule<Pick<AstroSteps, "generatePaginateFunction">>("render/paginate.js"),
    astroModule<Pick<AstroSteps, "getFallbackRoute">>("routing/helpers.js"),
  ]);
  return { ...params, ...validation, ...paginate, ...helpers };
}

/** What a route's last `getStaticPaths()` gave: its paths, what it read, its pathnames by parameters. */
type RouteRecord = { staticPaths: StaticPathList; reads: ReadonlySet<string> };

export type StaticPathsPass = {
  /**
   * Every path of the site, as Astro's build would list it now. `changedKeys` are the content
   * keys whose value changed since the last call; null when not known (every route runs again).
   */
  all: (changedKeys: ReadonlySet<string> | null) => Promise<PathWithRoute[]>;
  /** Routes whose `getStaticPaths()` ran in the last call (for tests and progress). */
  lastRun: () => number;
};

export function createStaticPathsPass(app: StaticPathsApp, trackReads: TrackReads): StaticPathsPass {
  const { manifest, routeCache } = app;
  const records = new Map<string, RouteRecord>();
  /** Pathnames by route (its own, fallback routes included) and parameters, as of the last call. */
  let pathnames = new Map<Route, Map<string, string>>();
  let steps: AstroSteps | null = null;
  let ran = 0;

  /** Astro's `callGetStaticPaths`, with the lookup table's keys taken from the pathname memo. */
  async function run(route: Route, mod: Module, given: AstroSteps, names: Map<string, string>, previous?: Map<string, string>) {
    const cacheKey = routeCache.key(route);
    const ssr = manifest.serverLike;
    given.validateDynamicRouteModule(mod, { ssr, route });
    if ((ssr && !route.prerender) || route.origin === "internal" || !mod.getStaticPaths) {
      const empty = Object.assign([] as StaticPath[], { keyed: new Map<string, StaticPath>() });
      routeCache.cache[cacheKey] = { ...routeCache.cache[cacheKey], mod, staticPaths: empty };
      return { staticPaths: empty, reads: new Set<string>() };
    }
    const getStaticPaths = mod.getStaticPaths;
    const { result, reads } = await trackReads(async () =>
      getStaticPaths({
        paginate: given.generatePaginateFunction(route, manifest.base, manifest.trailingSlash),
        routePattern: route.route,
      }),
    );
    given.validateGetStaticPathsResult(result, route);
    const staticPaths = Object.assign(result, { keyed: new Map<string, StaticPath>() });
    for (const staticPath of staticPaths)
      staticPaths.keyed.set(pathnameOf(route, staticPath.params, given, names, previous), staticPath);
    // Set directly: Astro's `set` warns about replacing an entry, which is the point here.
    routeCache.cache[cacheKey] = { ...routeCache.cache[cacheKey], mod, staticPaths };
    return { staticPaths, reads: new Set(reads) };
  }

  /** Each route's entries by the static path object they were made from. */
  const listed = new Map<Route, WeakMap<StaticPath, PathWithRoute>>();
  /** Pathnames by parameter object: a route that gives the same objects again is not even serialised. */
  const byObject = new Map<Route, WeakMap<object, { key: string; name: string }>>();

  function pathnameOf(
    route: Route,
    params: StaticPath["params"],
    given: AstroSteps,
    names: Map<string, string>,
    previous?: Map<string, string>,
  ): string {
    let objects = byObject.get(route);
    if (!objects) byObject.set(route, (objects = new WeakMap()));
    const known = objects.get(params);
    if (known) {
      names.set(known.key, known.name);
      return known.name;
    }
    // Parameters left undefined are left out by both JSON and Astro's pathname.
    const key = JSON.stringify(params);
    let name = names.get(key) ?? previous?.get(key);
    if (name === undefined) name = given.stringifyParams(params, route, manifest.trailingSlash);
    names.set(key, name);
    objects.set(params, { key, name });
    return name;
  }

  const all: StaticPathsPass["all"] = async (changedKeys) => {
    const given = (steps ??= await astroSteps());
    const nextPathnames = new Map<Route, Map<string, string>>();
    const namesOf = (route: Route): Map<string, string> => {
      let names = nextPathnames.get(route);
      if (!names) nextPathnames.set(route, (names = new Map()));
      return names;
    };
    const paths: PathWithRoute[] = [];
    // A route and its fallback routes share one getStaticPaths: run at most once per call.
    const ranNow = new Set<string>();
    for (const { routeData } of manifest.routes) {
      if (!routeData.prerender) continue;
      for (const route of [routeData, ...(routeData.fallbackRoutes ?? [])]) {
        if (route.pathname) {
          paths.push({ pathname: route.pathname, route });
          continue;
        }
        const mod = (await app.getComponentByRoute(route)) as Module;
        const actual =
          (route.type === "redirect"
            ? route.redirectRoute
            : route.type === "fallback"
              ? given.getFallbackRoute(route, manifest.routes)
              : route) ?? route;
        const cacheKey = routeCache.key(actual);
        let record = records.get(cacheKey);
        const cached = routeCache.cache[cacheKey];
        const current =
          ranNow.has(cacheKey) ||
          (record !== undefined &&
            changedKeys !== null &&
            cached?.staticPaths === record.staticPaths &&
            cached.mod === mod &&
            ![...changedKeys].some((key) => record?.reads.has(key)));
        if (!current) {
          record = await run(actual, mod, given, namesOf(actual), pathnames.get(actual));
          records.set(cacheKey, record);
          ranNow.add(cacheKey);
        }
        if (!record) continue;
        const names = namesOf(route);
        const previous = pathnames.get(route);
        let entries = listed.get(route);
        if (!entries) listed.set(route, (entries = new WeakMap()));
        for (const staticPath of record.staticPaths) {
          // A path the route gave before as the same object is the same entry (the plan skips it at a glance).
          let entry = entries.get(staticPath);
          if (!entry) {
            const pathname = pathnameOf(route, staticPath.params, given, names, previous);
            entry = { pathname, route, cacheKey: staticPath.cacheKey === undefined ? undefined : String(staticPath.cacheKey) };
            entries.set(staticPath, entry);
          }
          paths.push(entry);
        }
      }
    }
    pathnames = nextPathnames;
    ran = ranNow.size;
    return paths;
  };

  return { all, lastRun: () => ran };
}
