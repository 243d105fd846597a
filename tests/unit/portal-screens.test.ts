import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { screensTable } from "../../dev/screens-table.ts";
import { SCREEN_IDS, screenAt, screenHref, type ScreenId } from "../../src/core/portal/screens.ts";

/**
 * The screen registry against the files: every page whose island is guarded is a screen of the
 * registry (and says so to its guard), and every screen has its page. A page added without an entry,
 * or an entry whose page went away, fails here.
 */
const root = path.resolve(import.meta.dirname, "../..");
const pagesDir = path.join(root, "src/pages");

type PortalPage = { file: string; route: string; island: string; islandSource: string };

/** The route of a page file: `mijn-account/facturen.astro` -> `/mijn-account/facturen`, `[step]` -> a sample value. */
function routeOf(file: string): string {
  const route = `/${file.replace(/\.astro$/, "").replace(/(^|\/)index$/, "")}`.replace(/\[[^\]]+\]/g, "sample");
  return route === "/" ? route : route.replace(/\/$/, "");
}

/** Page files whose island is wrapped in the portal guard. */
function portalPages(): PortalPage[] {
  const files = readdirSync(pagesDir, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".astro"));
  return files.flatMap((file) => {
    const source = readFileSync(path.join(pagesDir, file), "utf8");
    return [...source.matchAll(/^import \w+ from "([^"]+\/islands\/[^"]+\.tsx)";$/gm)].flatMap((match) => {
      const island = path.resolve(path.dirname(path.join(pagesDir, file)), match[1] ?? "");
      const islandSource = readFileSync(island, "utf8");
      if (!islandSource.includes("<PortalGuard")) return [];
      return [{ file: file.split(path.sep).join("/"), route: routeOf(file.split(path.sep).join("/")), island, islandSource }];
    });
  });
}

describe("the screen registry", () => {
  const pages = portalPages();

  it("finds the guarded pages (the scan itself works)", () => {
    expect(pages.map((page) => page.file)).toEqual(expect.arrayContaining(["mijn-account/facturen.astro", "bonus/[step].astro", "tht.astro"]));
  });

  it("has an entry for every guarded page, and the page's guard names that entry", () => {
    for (const page of pages) {
      const id = screenAt(page.route);
      expect(id, `${page.file} (${page.route}) has no entry in SCREENS`).toBeDefined();
      expect(page.islandSource, `${page.island} should guard with screen="${id}"`).toContain(`screen="${id}"`);
    }
  });

  it("has a page for every entry", () => {
    const covered = new Set(pages.map((page) => screenAt(page.route)));
    expect(SCREEN_IDS.filter((id) => !covered.has(id))).toEqual([]);
  });

  it("covers every page under /mijn-account except its redirect", () => {
    const files = readdirSync(path.join(pagesDir, "mijn-account")).filter((file) => file !== "index.astro");
    expect(files.filter((file) => screenAt(routeOf(`mijn-account/${file}`)) === undefined)).toEqual([]);
  });

  it("loads the strings part its entry names: the island awaits loadScreenStrings, and imports no strings for their effect", () => {
    for (const page of pages) {
      const id = screenAt(page.route) as ScreenId;
      expect(page.islandSource, `${page.island} should await loadScreenStrings("${id}") at its top level`).toMatch(
        new RegExp(`^await loadScreenStrings\\("${id}"\\);$`, "m"),
      );
      expect(page.islandSource, `${page.island} imports strings for their effect`).not.toMatch(/^import "[^"]*\/i18n\//m);
    }
  });

  it("derives the English path from the Dutch one", () => {
    expect(screenHref("invoices", "nl")).toBe("/mijn-account/facturen");
    expect(screenHref("invoices", "en")).toBe("/en/mijn-account/facturen");
  });
});

describe("the registry's table (node dev/screens-table.ts)", () => {
  it("has a row per screen, with both paths and its label in both languages", () => {
    const rows = screensTable().split("\n").slice(2);
    expect(rows).toHaveLength(SCREEN_IDS.length);
    expect(rows[SCREEN_IDS.indexOf("invoices")]).toBe(
      "| `invoices` | `/mijn-account/facturen` `/en/mijn-account/facturen` | FACTUREN | yes | Facturen / Invoices | business | yes |",
    );
  });
});
