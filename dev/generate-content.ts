/**
 * Seeds extra archive articles into a stand-in data folder, for benchmarks of the build and the
 * content API: `npm run generate-content -- 5000 [--test | --data-dir <dir>]`.
 * Each run appends after the archive articles already there, so running it twice for 1,000 gives
 * 2,000. (At first start, `KP_EXTRA_ARTICLES=5000 npm start` does the same during the seed.)
 * The live site shows them after its next build.
 */
import type { DatabaseSync } from "node:sqlite";
import { parseArgs } from "node:util";
import { localStackConfig, testStackConfig } from "./lib/stack-config.ts";
import { insertArticles } from "../stand-in/db/content.ts";
import { openDatabase } from "../stand-in/db/index.ts";
import { generatedArticles } from "../stand-in/seed/content/generated.ts";

/** Most articles one call adds; a guard against a typo filling the disk. */
const MAX_EXTRA_ARTICLES = 100_000;

/** Appends `count` generated archive articles (published, both locales); returns how many exist now. */
export function addExtraArticles(db: DatabaseSync, count: number): number {
  if (!Number.isInteger(count) || count < 1 || count > MAX_EXTRA_ARTICLES) {
    throw new RangeError(`count must be a whole number from 1 to ${MAX_EXTRA_ARTICLES}`);
  }
  const existing = archiveCount(db);
  insertArticles(db, generatedArticles(count, existing));
  return existing + count;
}

/** How many generated archive articles the database holds. */
export const archiveCount = (db: DatabaseSync): number =>
  Number((db.prepare("SELECT count(DISTINCT slug) AS n FROM content_articles WHERE slug LIKE 'archief-%'").get() as { n: number }).n);

if (import.meta.main) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { test: { type: "boolean" }, "data-dir": { type: "string" } },
  });
  const count = Number(positionals[0] ?? 1000);
  const dataDir = values["data-dir"] ?? (values.test ? testStackConfig() : localStackConfig()).dataDir;
  const db = openDatabase(dataDir);
  try {
    const started = performance.now();
    const total = addExtraArticles(db, count);
    console.log(`added ${count} archive articles in ${Math.round(performance.now() - started)} ms; ${total} in ${dataDir}`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  } finally {
    db.close();
  }
}
