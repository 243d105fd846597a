import { describe, expect, it } from "vitest";
import { getParts } from "../../node_modules/astro/dist/core/routing/parts.js";
import { RouteCache } from "../../node_modules/astro/dist/core/render/route-cache.js";
import { StaticPaths } from "../../node_modules/astro/dist/runtime/prerender/static-paths.js";
import { createStaticPathsPass, type Route, type StaticPathsApp } from "../../publishing/warm-renderer/static-paths.ts";

/** A route as Astro's manifest describes it, enough for its static paths. */
function route(pattern: string, component: string, extra: Partial<Route> = {}): Route & { segments: unknown[]; params: string[] } {
  const segments = pattern
    .split("/")
    .filter(Boolean)
    .map((part) => getParts(part, component));
  const params = segments.flat().filter((part) => part.dynamic).map((part) => part.content);
  return { route: pattern, component, type: "page", prerender: true, segments, params, fallbackRoutes: [], ...extra };
}

type Site = { articles: { category: string; slug: string; title: string }[]; pages: string[] };

/**
 * A site of three routes: articles (with an English fallback route), content pages and a static
 * page. Each getStaticPaths reports what it reads, the way SiteData does while reads are tracked.
 */
function fakeSite(site: Site) {
  const runs: string[] = [];
  let reading: Set<string> | null = null;
  const read = (key: string): void => void reading?.add(key);
  const trackReads = async <T,>(task: () => Promise<T>) => {
    const outer = reading;
    const reads = new Set<string>();
    reading = reads;
    try {
      const result = await task();
      return { result, reads: [...reads] };
    } finally {
      reading = outer;
    }
  };
  const articles = route("/nieuws/[category]/[slug]", "src/pages/nieuws/[category]/[slug].astro");
  const englishArticles = route("/en/nieuws/[category]/[slug]", articles.component, { type: "fallback" });
  articles.fallbackRoutes = [englishArticles];
  const pages = route("/[slug]", "src/pages/[slug].astro");
  const home = route("/", "src/pages/index.astro", { pathname: "/" });
  const modules = new Map<string, unknown>([
    [
      articles.component,
      {
        getStaticPaths: async () => {
          runs.push("articles");
          read("all-articles");
          return site.articles.map((article) => {
            read(`article:${article.slug}`);
            return { params: { category: article.category, slug: article.slug }, cacheKey: article.title };
          });
        },
      },
    ],
    [
      pages.component,
      {
        getStaticPaths: async () => {
          runs.push("pages");
          read("page-refs");
          return site.pages.map((slug) => ({ params: { slug } }));
        },
      },
    ],
    [home.component, {}],
  ]);
  // Astro warns through its logger when a route cache entry is replaced; nothing to show here.
  const logger = { warn: () => undefined, debug: () => undefined } as unknown as ConstructorParameters<typeof RouteCache>[0];
  const app: StaticPathsApp = {
    manifest: {
      routes: [home, articles, pages].map((routeData) => ({ routeData })),
      serverLike: false,
      base: "/",
      trailingSlash: "ignore",
    },
    routeCache: new RouteCache(logger) as unknown as StaticPathsApp["routeCache"],
    getComponentByRoute: async (route) => modules.get(route.component),
  };
  /** Astro's own listing of the same site, on a route cache of its own. */
  const astroListing = async () => {
    const own = { ...app, routeCache: new RouteCache(logger) };
    const counted = runs.length;
    const paths = await new StaticPaths(own as never).getAll();
    runs.length = counted;
    return paths.map(({ pathname, route, cacheKey }: { pathname: string; route: Route; cacheKey?: string }) => ({ pathname, route: route.route, cacheKey }));
  };
  return { app, runs, trackReads, astroListing, articles };
}

const listed = (paths: { pathname: string; route: Route; cacheKey?: string | undefined }[]) =>
  paths.map(({ pathname, route, cacheKey }) => ({ pathname, route: route.route, cacheKey }));

describe("the warm renderer's static paths", () => {
  const site = (): Site => ({
    articles: [
      { category: "producten", slug: "nieuwe-cola", title: "Nieuwe cola" },
      { category: "bedrijf", slug: "jubileum", title: "Jubileum" },
    ],
    pages: ["contact", "over-ons"],
  });

  it("lists every path as Astro's build does, fallback routes and cache keys included, and fills Astro's route cache", async () => {
    const content = site();
    const { app, trackReads, astroListing, articles } = fakeSite(content);
    const pass = createStaticPathsPass(app, trackReads);
    const paths = listed(await pass.all(null));
    expect(paths).toEqual(await astroListing());
    expect(paths.map((path) => path.pathname)).toContain("/en/nieuws/producten/nieuwe-cola");
    // Rendering a path looks its parameters up in the route cache by Astro's own key.
    const cached = app.routeCache.cache[app.routeCache.key(articles)];
    expect([...(cached?.staticPaths?.keyed.keys() ?? [])]).toEqual(["/nieuws/producten/nieuwe-cola", "/nieuws/bedrijf/jubileum"]);
  });

  it("runs a route's getStaticPaths again only when content it read changed", async () => {
    const content = site();
    const { app, runs, trackReads, astroListing } = fakeSite(content);
    const pass = createStaticPathsPass(app, trackReads);
    await pass.all(null);
    expect(runs.splice(0)).toEqual(["articles", "pages"]);

    content.articles[0] = { category: "producten", slug: "nieuwe-cola", title: "Nieuwe cola zero" };
    const afterEdit = listed(await pass.all(new Set(["article:nieuwe-cola"])));
    expect(runs.splice(0)).toEqual(["articles"]);
    expect(pass.lastRun()).toBe(1);
    expect(afterEdit).toEqual(await astroListing());

    content.pages.push("vacatures");
    const afterPage = listed(await pass.all(new Set(["page-refs"])));
    expect(runs.splice(0)).toEqual(["pages"]);
    expect(afterPage).toEqual(await astroListing());

    await pass.all(new Set(["page:elders"]));
    expect(runs.splice(0)).toEqual([]);
  });

  it("follows a moved or removed article: new pathnames, the old ones gone from the list and the route cache", async () => {
    const content = site();
    const { app, trackReads, astroListing, articles } = fakeSite(content);
    const pass = createStaticPathsPass(app, trackReads);
    await pass.all(null);
    content.articles = [{ category: "bedrijf", slug: "nieuwe-cola", title: "Nieuwe cola" }];
    const paths = listed(await pass.all(new Set(["all-articles"])));
    expect(paths).toEqual(await astroListing());
    expect(paths.map((path) => path.pathname)).not.toContain("/nieuws/bedrijf/jubileum");
    const cached = app.routeCache.cache[app.routeCache.key(articles)];
    expect([...(cached?.staticPaths?.keyed.keys() ?? [])]).toEqual(["/nieuws/bedrijf/nieuwe-cola"]);
  });

  it("runs every route again when the changes are not known", async () => {
    const { app, runs, trackReads } = fakeSite(site());
    const pass = createStaticPathsPass(app, trackReads);
    await pass.all(null);
    runs.splice(0);
    await pass.all(null);
    expect(runs).toEqual(["articles", "pages"]);
  });
});
