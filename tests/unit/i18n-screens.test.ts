import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { nl as accountNl } from "../../src/core/i18n/bundles/account.nl.ts";
import { en as accountEn } from "../../src/core/i18n/bundles/account.en.ts";
import { nl as businessNl } from "../../src/core/i18n/bundles/business.nl.ts";
import { en as businessEn } from "../../src/core/i18n/bundles/business.en.ts";
import { nl as coreNl } from "../../src/core/i18n/bundles/core.nl.ts";
import { en as coreEn } from "../../src/core/i18n/bundles/core.en.ts";
import { nl as sessionNl } from "../../src/core/i18n/bundles/session.nl.ts";
import { en as sessionEn } from "../../src/core/i18n/bundles/session.en.ts";
import { nl as siteNl } from "../../src/core/i18n/bundles/site.ts";
import { SCREENS, type ScreenId } from "../../src/core/portal/screens.ts";

/**
 * A screen in the browser has only the strings parts its modules load: the core part always, and
 * `business`, `account` or `session` when one of its modules awaits that part (`loadMessages("session")`)
 * or a screen's (`loadScreenStrings("invoices")`: the part its registry entry names).
 * A key of a part the screen does not load shows as the raw key, with no error anywhere. This test
 * follows every island a page or layout mounts (and every `<script>` of an `.astro` file) through
 * its imports, static and dynamic, collects the message keys its modules name, and checks each one
 * is in a part that screen loads, in both languages.
 */

const root = path.resolve(import.meta.dirname, "../..");
const src = path.join(root, "src");
const i18nDir = path.join(src, "core/i18n");

type Part = "core" | "business" | "account" | "session";
const PARTS: Record<Part, { nl: Record<string, string>; en: Record<string, string> }> = {
  core: { nl: coreNl, en: coreEn },
  business: { nl: businessNl, en: businessEn },
  account: { nl: accountNl, en: accountEn },
  session: { nl: sessionNl, en: sessionEn },
};
const isPart = (name: string): name is Part => Object.hasOwn(PARTS, name);

/** The parts a module's code loads: `loadMessages("<part>")` and `loadScreenStrings("<screen>")` calls. */
function partsLoadedBy(code: string): Part[] {
  const direct = [...code.matchAll(/\bloadMessages\(\s*["'`](\w+)["'`]\s*\)/g)].map((match) => match[1] ?? "");
  const screens = [...code.matchAll(/\bloadScreenStrings\(\s*["'`](\w+)["'`]\s*\)/g)].map(
    (match) => SCREENS[match[1] as ScreenId]?.strings ?? `unknown screen ${match[1]}`,
  );
  return [...direct, ...screens].filter((part) => part !== "site").map((part) => {
    if (!isPart(part)) throw new Error(`not a browser strings part: ${part}`);
    return part;
  });
}

const ALL_KEYS = new Set([...Object.values(PARTS).flatMap((part) => Object.keys(part.nl)), ...Object.keys(siteNl)]);

const walk = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );

/** Relative imports of a module: `import … from "x"`, `import "x"`, `import("x")`, `export … from "x"`. */
function importsOf(file: string, code: string): string[] {
  const specifiers = [...code.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g)].map((match) => match[1] ?? "");
  return specifiers.map((specifier) => path.resolve(path.dirname(file), specifier));
}

/** The code of an `.astro` file that ships to the browser: its `<script>` blocks. */
const astroScripts = (code: string): string[] => [...code.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? "");
/** The frontmatter of an `.astro` file (rendered at build time, where every part is loaded). */
const frontmatter = (code: string): string => /^---\n([\s\S]*?)\n---/.exec(code)?.[1] ?? "";

/**
 * The islands an `.astro` file mounts in the browser: imported in its frontmatter and used with a
 * `client:` directive. A component used without one (a loading state as an island's fallback) is
 * rendered at build time only, where every part is loaded; in the browser it counts where an
 * island imports it.
 */
function mountedIslands(file: string, code: string): string[] {
  const template = code.slice(/^---\n[\s\S]*?\n---/.exec(code)?.[0].length ?? 0);
  const mounted: string[] = [];
  for (const match of frontmatter(code).matchAll(/\bimport\s+(\w+|\{[^}]*\})\s+from\s+["'](\.{1,2}\/[^"']+)["']/g)) {
    const target = path.resolve(path.dirname(file), match[2] ?? "");
    if (!target.startsWith(path.join(src, "islands")) || !/\.tsx?$/.test(target)) continue;
    const names = (match[1] ?? "").replace(/[{}]/g, "").split(",").map((name) => name.trim().split(/\s+as\s+/).at(-1) ?? "").filter(Boolean);
    if (names.some((name) => new RegExp(`<${name}\\b[^>]*\\bclient:`).test(template))) mounted.push(target);
  }
  return mounted;
}

/** What a page ships to the browser: each island a route, layout or component mounts, and each `<script>`. */
function screens(): { name: string; entries: string[] }[] {
  const result: { name: string; entries: string[] }[] = [];
  for (const file of walk(src).filter((name) => name.endsWith(".astro"))) {
    const code = readFileSync(file, "utf8");
    for (const island of mountedIslands(file, code)) result.push({ name: path.relative(src, island), entries: [island] });
    astroScripts(code).forEach((script, index) => {
      const entries = importsOf(file, script);
      if (entries.length > 0) result.push({ name: `${path.relative(src, file)} <script> ${index + 1}`, entries });
    });
  }
  return result;
}

const BROWSER_KEYS = new Set(Object.values(PARTS).flatMap((part) => Object.keys(part.nl)));

/**
 * Keys a module names: literal keys, and `prefix.${…}` templates as every key under the prefix
 * that a browser part holds (the site part's keys are rendered at build time only).
 */
function keysNamed(code: string): { key: string; from: string }[] {
  const found: { key: string; from: string }[] = [];
  for (const match of code.matchAll(/["'`]([a-zA-Z][\w-]*(?:\.[\w-]+)+)["'`]/g)) {
    const key = match[1] ?? "";
    if (ALL_KEYS.has(key)) found.push({ key, from: key });
  }
  for (const match of code.matchAll(/`([a-zA-Z][\w-]*(?:\.[\w-]+)*\.)\$\{/g)) {
    const prefix = match[1] ?? "";
    for (const key of BROWSER_KEYS) if (key.startsWith(prefix)) found.push({ key, from: `${prefix}\${…}` });
  }
  return found;
}

/** The strings machinery itself: reaching it loads nothing beyond the core part. */
const MACHINERY = new Set(["index.ts", "locale.ts"].map((name) => path.join(i18nDir, name)));

/**
 * Every module a screen reaches (dictionaries excluded), the parts it loads, and the area
 * dictionaries it imports directly (a small script may bundle the few strings it needs).
 */
function reach(entries: string[]): { modules: string[]; parts: Set<Part>; dictionaries: string[] } {
  const parts = new Set<Part>(["core"]);
  const dictionaries: string[] = [];
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop() ?? "";
    if (seen.has(file)) continue;
    if (file.startsWith(i18nDir) && !MACHINERY.has(file)) dictionaries.push(file);
    if (file.startsWith(i18nDir) || !/\.(tsx?|astro)$/.test(file)) continue;
    seen.add(file);
    const code = readFileSync(file, "utf8");
    for (const part of partsLoadedBy(code)) parts.add(part);
    queue.push(...importsOf(file, code));
  }
  return { modules: [...seen], parts, dictionaries };
}

/** The keys of area dictionaries imported directly, per language (`en/<area>.ts` is English). */
async function directKeys(files: string[]): Promise<Record<"nl" | "en", Set<string>>> {
  const keys = { nl: new Set<string>(), en: new Set<string>() };
  for (const file of files) {
    const module = (await import(file)) as { nl?: Record<string, string>; en?: Record<string, string> };
    for (const lang of ["nl", "en"] as const) for (const key of Object.keys(module[lang] ?? {})) keys[lang].add(key);
  }
  return keys;
}

describe("every screen's strings are loaded by that screen", () => {
  const all = screens();

  it("finds the screens: the portal's islands, the sign-in routes and the header's account panel", () => {
    const names = all.map((screen) => screen.name);
    expect(names).toEqual(expect.arrayContaining(["islands/business/invoices/InvoicesIsland.tsx", "islands/users/UsersIsland.tsx"]));
    expect(names).toEqual(expect.arrayContaining(["islands/auth/ConsentScreen.tsx", "islands/shell/AccountPanelMount.astro <script> 1"]));
    expect(all.length).toBeGreaterThanOrEqual(15);
  });

  it.each(all.map((screen) => [screen.name, screen.entries] as const))("%s", async (_name, entries) => {
    const { modules, parts, dictionaries } = reach(entries);
    const direct = await directKeys(dictionaries);
    const missing: string[] = [];
    for (const module of modules) {
      for (const { key, from } of keysNamed(readFileSync(module, "utf8"))) {
        for (const lang of ["nl", "en"] as const) {
          if (!direct[lang].has(key) && ![...parts].some((part) => Object.hasOwn(PARTS[part][lang], key))) {
            missing.push(`${lang} "${key}" (${from} in ${path.relative(root, module)})`);
          }
        }
      }
    }
    expect([...new Set(missing)], `loaded parts: ${[...parts].join(", ")}`).toEqual([]);
  });
});
