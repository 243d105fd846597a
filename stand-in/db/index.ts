import { mkdirSync } from "node:fs";
import path from "node:path";
import type { DatabaseSync } from "node:sqlite";
import { StatementCachingDatabase } from "./statement-cache.ts";
import * as people from "./people.ts";
import * as content from "./content.ts";
import * as business from "./business.ts";
import * as daily from "./daily.ts";
import * as service from "./service.ts";

/** Each area owns its tables: `migrate` creates them, `seed` fills a fresh database deterministically. */
type Area = { migrate: (db: DatabaseSync) => void; seed: (db: DatabaseSync) => void };
// daily after business: its deliveries follow the invoices; service after daily: its requests name deliveries.
const areas: Area[] = [people, content, business, daily, service];

/** Opens (and on first start creates and seeds) the stand-in's SQLite database in `dataDir`. */
export function openDatabase(dataDir: string): DatabaseSync {
  mkdirSync(dataDir, { recursive: true });
  const db: DatabaseSync = new StatementCachingDatabase(path.join(dataDir, "backend.sqlite"));
  db.exec("PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON;");
  db.exec("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)");
  for (const area of areas) area.migrate(db);
  const seeded = db.prepare("SELECT value FROM meta WHERE key = 'seeded'").get();
  if (!seeded) {
    db.exec("BEGIN");
    for (const area of areas) area.seed(db);
    db.prepare("INSERT INTO meta (key, value) VALUES ('seeded', ?)").run(new Date(0).toISOString());
    db.exec("COMMIT");
  }
  return db;
}
