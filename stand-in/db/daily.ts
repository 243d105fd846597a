import type { DatabaseSync } from "node:sqlite";
import { seedDeliveries } from "./daily/deliveries-seed.ts";
import { seedEmpties } from "./daily/empties-seed.ts";

/**
 * The outlet's daily business: delivery days, deliveries with their lines, the empties they brought and took back. Written from the business
 * area's invoices (a delivery is billed by a delivery invoice), so it migrates and seeds after it.
 */
export function migrate(db: DatabaseSync): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS delivery_days (
      account_number TEXT NOT NULL, weekday INTEGER NOT NULL, window_from TEXT NOT NULL, window_to TEXT NOT NULL,
      PRIMARY KEY (account_number, weekday));
    -- what the account has standing on every delivery day (the next delivery's lines)
    CREATE TABLE IF NOT EXISTS standing_order_lines (
      account_number TEXT NOT NULL, product_id TEXT NOT NULL, quantity INTEGER NOT NULL, position INTEGER NOT NULL);
    CREATE TABLE IF NOT EXISTS deliveries (
      number TEXT PRIMARY KEY, account_number TEXT NOT NULL, date TEXT NOT NULL, window_from TEXT NOT NULL,
      window_to TEXT NOT NULL, invoice_id TEXT);
    CREATE INDEX IF NOT EXISTS deliveries_account_date ON deliveries (account_number, date);
    CREATE INDEX IF NOT EXISTS deliveries_invoice ON deliveries (invoice_id);
    CREATE TABLE IF NOT EXISTS delivery_lines (
      delivery_number TEXT NOT NULL REFERENCES deliveries (number) ON DELETE CASCADE, product_id TEXT NOT NULL,
      quantity INTEGER NOT NULL, position INTEGER NOT NULL);
    CREATE INDEX IF NOT EXISTS delivery_lines_delivery ON delivery_lines (delivery_number);
    -- empties (emballage) per delivery: what it brought of a kind and what its driver took back
    CREATE TABLE IF NOT EXISTS empties_movements (
      account_number TEXT NOT NULL, delivery_number TEXT NOT NULL, date TEXT NOT NULL, kind TEXT NOT NULL,
      delivered INTEGER NOT NULL, returned INTEGER NOT NULL);
    CREATE INDEX IF NOT EXISTS empties_account_date ON empties_movements (account_number, date);
  `);
}

/** Fills a fresh database (after the business area: deliveries follow its invoices). */
export function seed(db: DatabaseSync): void {
  seedDeliveries(db);
  seedEmpties(db);
}
