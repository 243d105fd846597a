import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSearchIndex } from "../../publishing/build/search-index.ts";
import { buildServiceWorker, bundleServiceWorker, pageScripts } from "../../publishing/build/service-worker.ts";

/** A tiny built site: offline and search pages with module scripts, two articles per language. */
let dir: string;

const page = (lang: string, title: string, body: string, extra = ""): string =>
  `<!doctype html><html lang="${lang}"><head><title>${title}</title>${extra}</head><body><nav>Menu</nav>${body}</body></html>`;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "kp-offline-build-"));
  const files: Record<string, string> = {
    "offline.html": page("nl", "Offline", "<h1>U bent offline</h1>", '<script type="module" src="/_astro/offline.A1.js"></script>'),
    "en/offline.html": page("en", "Offline", "<h1>You are offline</h1>", '<script type="module" src="/_astro/offline.A1.js"></script>'),
    "zoeken.html": page("nl", "Zoeken", "<h1>Zoeken</h1>", '<script src="/auth-hint.js"></script><script type="module" src="/_astro/zoeken.B2.js"></script>'),
    "en/zoeken.html": page("en", "Search", "<h1>Search</h1>"),
    "_astro/offline.A1.js": 'import{t as e}from"./routes.C3.js";import"./side.D4.js";e();',
    "_astro/zoeken.B2.js": 'import{t}from"./routes.C3.js";const p=()=>import("./react.E5.js");t(p);',
    "_astro/routes.C3.js": "export const t=()=>1;",
    "_astro/offline-marks.G7.js": 'import{t}from"./routes.C3.js";export const m=t;',
    "_astro/side.D4.js": "console.log(1);",
    "_astro/react.E5.js": "export default 1;",
    "_astro/Site.F6.css": "body{}",
    "auth-hint.js": "void 0;",
    "nieuws/bier/ipa.html": page(
      "nl",
      "IPA",
      '<article data-pagefind-body><h1>Een hoppig zomerbier</h1><a data-pagefind-meta="category" data-pagefind-filter="category">Producten</a><p>Onze nieuwe citrus IPA.</p></article>',
    ),
    "en/nieuws/bier/ipa.html": page(
      "en",
      "IPA",
      '<article data-pagefind-body><h1>A hoppy summer beer</h1><a data-pagefind-meta="category">Products</a><p>Our new citrus IPA.</p></article>',
    ),
    "nieuws.html": page("nl", "Nieuws", "<h1>Nieuws</h1><p>citrus IPA lijst</p>"),
  };
  for (const [file, body] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), body);
  }
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("the service worker build", () => {
  it("follows a page's scripts and their static imports, not dynamic ones", async () => {
    expect(await pageScripts(dir, "offline.html")).toEqual(["_astro/offline.A1.js", "_astro/routes.C3.js", "_astro/side.D4.js"]);
    expect(await pageScripts(dir, "zoeken.html")).toEqual(["_astro/routes.C3.js", "_astro/zoeken.B2.js", "auth-hint.js"]);
    expect(await pageScripts(dir, "missing.html")).toEqual([]);
  });

  it("indexes articles per language, then precaches the offline pages and their scripts, never the index", async () => {
    // Only the pages marked data-pagefind-body, one index per <html lang>.
    expect(await buildSearchIndex(dir)).toEqual({ nl: 1, en: 1 });

    const { buildId } = await buildServiceWorker(dir, "build-42");
    expect(buildId).toBe("build-42");
    const sw = await readFile(path.join(dir, "sw.js"), "utf8");
    expect(sw).toContain('"build-42"');
    expect(sw).not.toContain("__WB_MANIFEST");
    const urls = [...sw.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1]);
    for (const url of ["offline.html", "en/offline.html", "_astro/offline.A1.js", "_astro/side.D4.js", "_astro/zoeken.B2.js", "auth-hint.js", "_astro/offline-marks.G7.js", "_astro/Site.F6.css"]) {
      expect(urls).toContain(url);
    }
    // The index grows with the site; a first visit's background download must not.
    expect(urls.filter((url) => url?.startsWith("pagefind/"))).toEqual([]);
    // The worker saves a language's index from this list when the search page is opened.
    const list = JSON.parse(await readFile(path.join(dir, "pagefind/offline-files.json"), "utf8")) as Record<string, string[]>;
    expect(Object.keys(list).sort()).toEqual(["en", "nl"]);
    // Only the Dutch article carries a category filter.
    expect(list["nl"]?.some((file) => file.endsWith(".pf_filter"))).toBe(true);
    for (const lang of ["nl", "en"] as const) {
      const files = list[lang] ?? [];
      expect(files).toEqual(expect.arrayContaining(["/pagefind/pagefind.js", "/pagefind/pagefind-worker.js", "/pagefind/pagefind-entry.json", `/pagefind/wasm.${lang}.pagefind`]));
      for (const kind of ["pf_meta", "pf_index", "pf_fragment"]) expect(files.some((file) => file.endsWith(kind))).toBe(true);
      const other = lang === "nl" ? "en" : "nl";
      expect(files.filter((file) => file.includes(`${other}_`) || file.includes(`.${other}.`))).toEqual([]);
    }
    expect(urls).not.toContain("_astro/react.E5.js");
    expect(urls.some((url) => url?.endsWith(".html") && !url.includes("offline"))).toBe(false);
  });

  it("keeps our own worker code under 5 KB gzip (Workbox's runtime not counted)", async () => {
    const own = path.join(dir, "own-sw.js");
    await bundleServiceWorker(own, "x", ["workbox-*"]);
    const size = gzipSync(await readFile(own)).length;
    expect(size).toBeLessThanOrEqual(5 * 1024);
    // And the whole worker, runtime included, stays small enough to fetch on every release.
    expect(gzipSync(await readFile(path.join(dir, "sw.js"))).length).toBeLessThanOrEqual(20 * 1024);
  });
});
