import type { DatabaseSync } from "node:sqlite";

/**
 * Adds a column a newer stand-in needs to a table an older data folder made without it (`npm start`
 * keeps its database between runs; `CREATE TABLE IF NOT EXISTS` leaves an existing table as it is).
 */
export function addColumnIfMissing(db: DatabaseSync, table: string, column: string, type: string): void {
  const columns = db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[];
  if (!columns.some((c) => c.name === column)) db.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${type}`);
}
