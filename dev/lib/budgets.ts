/**
 * Size budgets of the built site, measured from a build folder (bytes are deterministic, unlike
 * timings). `npm test` fails when a figure exceeds its budget (tests/e2e/quality-build.spec.ts);
 * `npm run bench` may import `measureBudgets` to print the same figures.
 *
 * Where each limit comes from (the issues): an anonymous visitor's article page loads at most 5 KB
 * gzip of JavaScript and no React, and at most 40 KB gzip of HTML, CSS and fonts (the typeface
 * counts; tests/e2e/public-budget.spec.ts also measures what a browser fetches); the first portal page (the dashboard shell with auth, stores, API
 * client and React) at most 107 KB gzip (100 KB until ky 2, whose hooks and schema validation cost 3.8 KB, and the needs-attention area and honest sign-out took it further; docs/quality.md); each portal screen's own code at most 30 KB gzip on top of
 * the shared portal code; the service worker at most 5 KB of our own code plus Workbox's runtime
 * (the offline unit test measures our part alone; here the whole built worker is held to 20 KB).
 */
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import zlib from "node:zlib";
import { SCREENS, type ScreenId } from "../../src/core/portal/screens.ts";

const KB = 1024;

/** The limits in bytes of gzip. */
export const BUDGETS = {
  articleJs: 5 * KB,
  articleWeight: 40 * KB,
  firstPortalPageJs: 107 * KB,
  portalScreenOwnJs: 30 * KB,
  serviceWorker: 20 * KB,
} as const;

export type BudgetName = keyof typeof BUDGETS;

/** One measured figure against its limit; `files` says what was counted (for a failure message). */
type BudgetFigure = {
  name: BudgetName;
  /** What was measured, e.g. the page or the screen. */
  subject: string;
  bytes: number;
  limit: number;
  files: string[];
};

/** Directives of Astro's own that hydrate for every visitor; a custom one (the sign-in hint) does not for an anonymous one. */
const EAGER_DIRECTIVES = new Set(["load", "idle", "visible", "only", "media"]);

/** Pages of the private side whose islands make up the portal screens (Dutch paths; English ones share the chunks). */
const PORTAL_PAGE = /^(mijn-account\/.+|bonus(\/.+)?|tht|consent)\.html$/;

/**
 * The same-origin JavaScript a built page makes the browser load before any interaction, as paths
 * under the build folder (`_astro/x.js`) plus the gzip bytes of inline module code. Counted: script
 * `src`, module preloads, each island's component, renderer and before-hydration scripts, and the
 * static imports between chunks, recursively. Dynamic imports are left out (they load on demand),
 * except the page language's strings, which every island awaits before it renders.
 * With `anonymous`, islands behind a custom client directive are left out, as they never hydrate
 * for a visitor without the sign-in hint. Without it, what the header's account panel script
 * imports dynamically counts too: that is how it loads the panel for a signed-in visitor.
 */
export async function pageScripts(
  buildDir: string,
  htmlFile: string,
  { anonymous }: { anonymous: boolean },
): Promise<{ files: string[]; inlineBytes: number }> {
  const html = await readFile(path.join(buildDir, htmlFile), "utf8");
  const entries = new Set<string>();
  let inlineBytes = 0;
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? "";
    const src = /\bsrc="([^"]+)"/.exec(attributes)?.[1];
    if (src) entries.add(src);
    else if (!/type="application\/(ld\+)?json"/.test(attributes)) inlineBytes += gzipBytes(match[2] ?? "");
  }
  for (const match of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*>/gi)) {
    const href = /\bhref="([^"]+)"/.exec(match[0])?.[1];
    if (href) entries.add(href);
  }
  for (const match of html.matchAll(/<astro-island\b([^>]*)>/gi)) {
    const attributes = match[1] ?? "";
    const directive = /\bclient="([^"]+)"/.exec(attributes)?.[1] ?? "";
    if (anonymous && !EAGER_DIRECTIVES.has(directive)) continue;
    for (const name of ["component-url", "renderer-url", "before-hydration-url"]) {
      const url = new RegExp(`\\b${name}="([^"]+)"`).exec(attributes)?.[1];
      if (url) entries.add(url);
    }
  }
  const lang = /<html\b[^>]*\blang="en"/.test(html) ? "en" : "nl";
  const start = [...entries]
    .filter((url) => url.startsWith("/") && !url.startsWith("//"))
    .map((url) => url.slice(1));
  if (!anonymous) {
    const loaders = signedInLoaders(html);
    // A renamed loader would silently leave the panel uncounted and the figure short.
    if (html.includes("data-account-panel") && loaders.length === 0)
      throw new Error(`${htmlFile} has an account panel but no script matching ${SIGNED_IN_LOADER}`);
    start.push(...(await dynamicImports(buildDir, loaders)));
  }
  const files = await withStaticImports(buildDir, start);
  // The strings of the page's language load before any island renders (a top-level await in
  // src/core/i18n), through dynamic imports of `<part>.<lang>` chunks (src/core/i18n/bundles): they count.
  const messages = await messageChunks(buildDir, files, lang);
  return {
    files: messages.length ? await withStaticImports(buildDir, [...files, ...messages]) : files,
    inlineBytes,
  };
}

/**
 * The strings chunks of the page's language that the given files load before rendering: a chunk
 * that awaits a part at its top level (`await loadMessages("session")`, minified to
 * `await x("session")`), or a screen's part (`await loadScreenStrings("invoices")`: the part its
 * entry in the screen registry names), loads `<part>.<lang>`; the `core` part is `core.<lang>`.
 */
async function messageChunks(buildDir: string, files: string[], lang: string): Promise<string[]> {
  const codes = await Promise.all(
    files.map(async (file) => ({ file, code: await readFile(path.join(buildDir, file), "utf8") })),
  );
  const partOf = (name: string): string => (Object.hasOwn(SCREENS, name) ? SCREENS[name as ScreenId].strings : name);
  const awaited = new Set(
    codes.flatMap(({ code }) =>
      [...code.matchAll(/\bawait [\w$]+\(["'`]([a-zA-Z]+)["'`]\)/g)].map((match) => partOf(match[1] ?? "")),
    ),
  );
  const found = new Set<string>();
  for (const { file, code } of codes) {
    for (const match of code.matchAll(/["'`](\.{1,2}\/([a-z]+)\.(nl|en)\.[\w-]+\.js)["'`]/g)) {
      if (match[3] === lang && awaited.has(match[2] ?? ""))
        found.add(path.posix.join(path.posix.dirname(file), match[1] ?? ""));
    }
  }
  return [...found].sort();
}

/** Page scripts that load a signed-in visitor's parts on the fly (the account panel's loader). */
const SIGNED_IN_LOADER = /^_astro\/AccountPanelMount\.astro_astro_type_script_/;

/** The page's scripts (`<script src>`) that are signed-in loaders, as paths under the build folder. */
function signedInLoaders(html: string): string[] {
  return [...html.matchAll(/<script\b[^>]*\bsrc="\/([^"]+\.js)"/gi)]
    .map((match) => match[1] ?? "")
    .filter((file) => SIGNED_IN_LOADER.test(file));
}

/** The chunks the given files import dynamically (`import("./a.js")`), as paths under the build folder. */
async function dynamicImports(buildDir: string, files: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const file of files) {
    if (!existsSync(path.join(buildDir, file))) continue;
    const code = await readFile(path.join(buildDir, file), "utf8");
    for (const match of code.matchAll(/\bimport\(\s*["'`](\.{1,2}\/[^"'`]+\.js)["'`]\s*\)/g))
      found.push(path.posix.join(path.posix.dirname(file), match[1] ?? ""));
  }
  return found;
}

/** The files plus every chunk they import statically, recursively (paths relative to the build folder). */
async function withStaticImports(buildDir: string, start: string[]): Promise<string[]> {
  const found = new Set<string>();
  const queue = [...start];
  while (queue.length > 0) {
    const file = queue.shift() ?? "";
    if (found.has(file) || !existsSync(path.join(buildDir, file))) continue;
    found.add(file);
    const code = await readFile(path.join(buildDir, file), "utf8");
    // `import x from "./a.js"`, `import "./a.js"`, `export * from "./a.js"` — not `import("./a.js")`.
    for (const match of code.matchAll(
      /(?:^|[;\s}])(?:import|export)\s*(?:[\w*{$][^"'`;]*?from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g,
    )) {
      queue.push(path.posix.join(path.posix.dirname(file), match[1] ?? ""));
    }
  }
  return [...found].sort();
}

/**
 * What an anonymous visitor's page weighs besides scripts: the HTML, its stylesheets and every font
 * they or the page's preloads name (a font is counted whether or not a browser would need it).
 */
async function pageWeightFiles(buildDir: string, htmlFile: string): Promise<string[]> {
  const html = await readFile(path.join(buildDir, htmlFile), "utf8");
  const local = (url: string | undefined): url is string => Boolean(url?.startsWith("/") && !url.startsWith("//"));
  const links = [...html.matchAll(/<link\b[^>]*>/gi)].map((match) => match[0]);
  const hrefOf = (tag: string): string | undefined => /\bhref="([^"]+)"/.exec(tag)?.[1];
  const styles = links.filter((tag) => /\brel="stylesheet"/.test(tag)).map(hrefOf).filter(local);
  const fonts = new Set(links.filter((tag) => /\bas="font"/.test(tag)).map(hrefOf).filter(local));
  for (const style of styles) {
    const css = await readFile(path.join(buildDir, style), "utf8");
    for (const match of css.matchAll(/url\(\s*["']?([^"')]+\.woff2?)["']?\s*\)/g)) if (local(match[1])) fonts.add(match[1]);
  }
  return [htmlFile, ...[...styles, ...fonts].map((url) => url.slice(1))];
}

/** gzip size at the highest level, as a CDN would send it (the build's own `.gz` when present). */
async function fileGzipBytes(buildDir: string, file: string): Promise<number> {
  const full = path.join(buildDir, file);
  if (existsSync(`${full}.gz`)) return (await readFile(`${full}.gz`)).length;
  return gzipBytes(await readFile(full));
}

function gzipBytes(data: string | Buffer): number {
  return zlib.gzipSync(data, { level: 9 }).length;
}

async function sumGzip(buildDir: string, files: string[]): Promise<number> {
  let total = 0;
  for (const file of files) total += await fileGzipBytes(buildDir, file);
  return total;
}

/** Every `.html` file under the build folder, as sorted relative paths with `/` separators. */
async function htmlFiles(buildDir: string): Promise<string[]> {
  const entries = await readdir(buildDir, { recursive: true });
  return entries
    .map((entry) => entry.split(path.sep).join("/"))
    .filter((entry) => entry.endsWith(".html"))
    .sort();
}

/** An article page of the Dutch site (`nieuws/<category>/<slug>.html`). */
function someArticle(pages: string[]): string {
  const article = pages.find(
    (page) => /^nieuws\/[^/]+\/[^/]+\.html$/.test(page) && !page.includes("/pagina/"),
  );
  if (!article) throw new Error("The build holds no article page (nieuws/<category>/<slug>.html)");
  return article;
}

/**
 * Measures every budgeted figure of a build. The shared portal code is what every portal screen
 * loads; a screen's own code is the rest of what it loads.
 */
export async function measureBudgets(buildDir: string): Promise<BudgetFigure[]> {
  const pages = await htmlFiles(buildDir);
  const figures: BudgetFigure[] = [];

  const article = someArticle(pages);
  const articleJs = await pageScripts(buildDir, article, { anonymous: true });
  figures.push({
    name: "articleJs",
    subject: article,
    bytes: (await sumGzip(buildDir, articleJs.files)) + articleJs.inlineBytes,
    limit: BUDGETS.articleJs,
    files: articleJs.files,
  });

  const weight = await pageWeightFiles(buildDir, article);
  figures.push({
    name: "articleWeight",
    subject: article,
    bytes: await sumGzip(buildDir, weight),
    limit: BUDGETS.articleWeight,
    files: weight,
  });

  const dashboard = "mijn-account/dashboard.html";
  if (!pages.includes(dashboard)) throw new Error(`The build holds no ${dashboard}`);
  const first = await pageScripts(buildDir, dashboard, { anonymous: false });
  figures.push({
    name: "firstPortalPageJs",
    subject: dashboard,
    bytes: (await sumGzip(buildDir, first.files)) + first.inlineBytes,
    limit: BUDGETS.firstPortalPageJs,
    files: first.files,
  });

  const screens = pages.filter((page) => PORTAL_PAGE.test(page));
  const loads = new Map<string, string[]>();
  for (const screen of screens)
    loads.set(screen, (await pageScripts(buildDir, screen, { anonymous: false })).files);
  const shared = [...loads.values()].reduce((common, files) => common.filter((file) => files.includes(file)));
  for (const [screen, files] of loads) {
    const own = files.filter((file) => !shared.includes(file));
    figures.push({
      name: "portalScreenOwnJs",
      subject: screen,
      bytes: await sumGzip(buildDir, own),
      limit: BUDGETS.portalScreenOwnJs,
      files: own,
    });
  }

  if (!existsSync(path.join(buildDir, "sw.js"))) throw new Error("The build holds no sw.js");
  figures.push({
    name: "serviceWorker",
    subject: "sw.js",
    bytes: await fileGzipBytes(buildDir, "sw.js"),
    limit: BUDGETS.serviceWorker,
    files: ["sw.js"],
  });
  return figures;
}

/** The figures over their limit, one readable line each (empty when the build is within budget). */
export function overBudget(figures: BudgetFigure[]): string[] {
  return figures
    .filter((figure) => figure.bytes > figure.limit)
    .map(
      (figure) =>
        `${figure.name} of ${figure.subject}: ${figure.bytes} B gzip > ${figure.limit} B (${figure.files.join(", ")})`,
    );
}
