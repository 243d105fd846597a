/**
 * The site search index (Pagefind), written into every build as `/pagefind/`. Pagefind reads each
 * page's `<html lang>` and writes one index per language, so the Dutch search page finds Dutch
 * content and the English one English. Only what templates mark `data-pagefind-body` (articles and
 * content pages) is indexed; lists, the portal, the search and offline pages are not.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import * as pagefind from "pagefind";

/** The folder of a release that holds the search index. */
export const SEARCH_INDEX_DIR = "pagefind";

/** Pagefind runs as one service process per Node process; it is closed when no build needs it. */
let running = 0;

/** Indexes a built site in place. Returns the number of pages indexed per language. */
export async function buildSearchIndex(outDir: string): Promise<Record<string, number>> {
  running++;
  try {
    const { index, errors } = await pagefind.createIndex({});
    if (!index) throw new Error(`search index: ${errors.join("; ")}`);
    const added = await index.addDirectory({ path: outDir, glob: "**/*.html" });
    if (added.errors.length > 0) throw new Error(`search index: ${added.errors.join("; ")}`);
    const outputPath = path.join(outDir, SEARCH_INDEX_DIR);
    const written = await index.writeFiles({ outputPath });
    if (written.errors.length > 0) throw new Error(`search index: ${written.errors.join("; ")}`);
    await index.deleteIndex();
    const entry = JSON.parse(await readFile(path.join(outputPath, "pagefind-entry.json"), "utf8")) as {
      languages: Record<string, { page_count: number }>;
    };
    return Object.fromEntries(Object.entries(entry.languages).map(([lang, info]) => [lang, info.page_count]));
  } finally {
    if (--running === 0) await pagefind.close();
  }
}
