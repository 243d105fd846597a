import { randomBytes } from "node:crypto";
import type { DatabaseSync } from "node:sqlite";
import type { PaymentStatus } from "../../src/core/api/schemas/business.ts";

/**
 * The stand-in payment provider's own records (a real provider keeps these on its side; they share
 * the stand-in's database file only for convenience, and no backend code reads these tables).
 */
export function migrateProvider(db: DatabaseSync): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS provider_payments (
      id TEXT PRIMARY KEY, amount TEXT NOT NULL, description TEXT NOT NULL, redirect_url TEXT NOT NULL,
      webhook_url TEXT NOT NULL, locale TEXT NOT NULL, status TEXT NOT NULL, method TEXT,
      created_at TEXT NOT NULL, expires_at TEXT NOT NULL, paid_at TEXT, idempotency_key TEXT UNIQUE, request_hash TEXT);
  `);
}

export type ProviderRow = {
  id: string;
  amount: string;
  description: string;
  redirect_url: string;
  webhook_url: string;
  locale: string;
  status: PaymentStatus;
  method: string | null;
  created_at: string;
  expires_at: string;
  paid_at: string | null;
  idempotency_key: string | null;
  request_hash: string | null;
};

/** How long an open payment waits for its checkout (Mollie's iDEAL: 15 minutes). */
export const CHECKOUT_MINUTES = 15;

export const providerRow = (db: DatabaseSync, id: string): ProviderRow | undefined =>
  db.prepare("SELECT * FROM provider_payments WHERE id = ?").get(id) as ProviderRow | undefined;

export const providerRowByKey = (db: DatabaseSync, key: string): ProviderRow | undefined =>
  db.prepare("SELECT * FROM provider_payments WHERE idempotency_key = ?").get(key) as ProviderRow | undefined;

export function insertProviderPayment(
  db: DatabaseSync,
  input: {
    amount: string;
    description: string;
    redirectUrl: string;
    webhookUrl: string;
    locale: string;
    key: string | null;
    hash: string;
  },
  nowMs: number,
): ProviderRow {
  const id = `tr_${randomBytes(8).toString("base64url").replace(/[-_]/g, "x")}`;
  db.prepare(
    `INSERT INTO provider_payments (id, amount, description, redirect_url, webhook_url, locale, status, created_at, expires_at, idempotency_key, request_hash)
     VALUES (?, ?, ?, ?, ?, ?, 'open', ?, ?, ?, ?)`,
  ).run(
    id,
    input.amount,
    input.description,
    input.redirectUrl,
    input.webhookUrl,
    input.locale,
    new Date(nowMs).toISOString(),
    new Date(nowMs + CHECKOUT_MINUTES * 60_000).toISOString(),
    input.key,
    input.hash,
  );
  return providerRow(db, id) as ProviderRow;
}

/** Moves an open payment to a final status; false when it was no longer open (nothing changes twice). */
export function finishProviderPayment(
  db: DatabaseSync,
  id: string,
  status: PaymentStatus,
  method: string | null,
  nowMs: number,
): boolean {
  const result = db
    .prepare(
      "UPDATE provider_payments SET status = ?, method = ?, paid_at = ? WHERE id = ? AND status = 'open'",
    )
    .run(status, method, status === "paid" ? new Date(nowMs).toISOString() : null, id);
  return Number(result.changes) === 1;
}
