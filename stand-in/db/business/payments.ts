import { randomBytes } from "node:crypto";
import type { DatabaseSync } from "node:sqlite";
import type { Payment, PaymentStatus, Receipt } from "../../../src/core/api/schemas/business.ts";
import { isFinalStatus } from "../../../src/core/business/payment-rules.ts";

/**
 * The supplier backend's record of online payments of invoices (docs/api-business.md, "Paying
 * invoices online"). `payment_invoices.active` is the lock: 1 while the payment may still succeed, and
 * a partial unique index allows one such row per invoice, so two tabs can never both start paying the
 * same invoice, whatever the timing. `creating` is the status while the provider is being asked.
 */
export function migratePayments(db: DatabaseSync): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS payments (
      id TEXT PRIMARY KEY, account_number TEXT NOT NULL, status TEXT NOT NULL, amount INTEGER NOT NULL,
      provider_id TEXT UNIQUE, checkout_url TEXT, created_at TEXT NOT NULL, expires_at TEXT NOT NULL,
      paid_at TEXT, idempotency_key TEXT NOT NULL, request_hash TEXT NOT NULL,
      UNIQUE (account_number, idempotency_key));
    CREATE TABLE IF NOT EXISTS payment_invoices (
      payment_id TEXT NOT NULL REFERENCES payments (id) ON DELETE CASCADE, invoice_id TEXT NOT NULL,
      number TEXT NOT NULL, amount INTEGER NOT NULL, active INTEGER NOT NULL, position INTEGER NOT NULL,
      PRIMARY KEY (payment_id, invoice_id));
    CREATE UNIQUE INDEX IF NOT EXISTS payment_invoice_lock ON payment_invoices (invoice_id) WHERE active = 1;
    CREATE TABLE IF NOT EXISTS payment_webhook_log (at TEXT NOT NULL, outcome TEXT NOT NULL, reason TEXT NOT NULL, provider_id TEXT);
    CREATE TABLE IF NOT EXISTS payment_webhook_seen (signature TEXT PRIMARY KEY, at TEXT NOT NULL);
  `);
}

type PaymentRow = {
  id: string;
  account_number: string;
  status: PaymentStatus | "creating";
  amount: number;
  provider_id: string | null;
  checkout_url: string | null;
  created_at: string;
  expires_at: string;
  paid_at: string | null;
  idempotency_key: string;
  request_hash: string;
};

/** A payment as the API answers it; `creating` reads as open, without a checkout yet. */
export function toPayment(db: DatabaseSync, row: PaymentRow): Payment {
  const invoices = db
    .prepare(
      "SELECT invoice_id AS id, number, amount AS amountInclVat FROM payment_invoices WHERE payment_id = ? ORDER BY position",
    )
    .all(row.id) as Payment["invoices"];
  const status: PaymentStatus = row.status === "creating" ? "open" : row.status;
  return {
    id: row.id,
    status,
    amount: row.amount,
    invoices,
    checkoutUrl: isFinalStatus(status) ? null : row.checkout_url,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    paidAt: row.paid_at,
  };
}

export const findPayment = (db: DatabaseSync, accountNumber: string, id: string): PaymentRow | undefined =>
  db.prepare("SELECT * FROM payments WHERE id = ? AND account_number = ?").get(id, accountNumber) as
    PaymentRow | undefined;

export const paymentByProviderId = (db: DatabaseSync, providerId: string): PaymentRow | undefined =>
  db.prepare("SELECT * FROM payments WHERE provider_id = ?").get(providerId) as PaymentRow | undefined;

export const paymentByKey = (db: DatabaseSync, accountNumber: string, key: string): PaymentRow | undefined =>
  db
    .prepare("SELECT * FROM payments WHERE account_number = ? AND idempotency_key = ?")
    .get(accountNumber, key) as PaymentRow | undefined;

/** The open payment that holds the lock on one of these invoices, if any. */
export function lockingPayment(db: DatabaseSync, invoiceIds: readonly string[]): PaymentRow | undefined {
  const marks = invoiceIds.map(() => "?").join(", ");
  return db
    .prepare(
      `SELECT p.* FROM payments p JOIN payment_invoices pi ON pi.payment_id = p.id WHERE pi.active = 1 AND pi.invoice_id IN (${marks}) LIMIT 1`,
    )
    .get(...invoiceIds) as PaymentRow | undefined;
}

/** Receipts of those invoices that are paid already. */
export function receiptsOf(
  db: DatabaseSync,
  accountNumber: string,
  invoiceIds: readonly string[],
): Receipt[] {
  const marks = invoiceIds.map(() => "?").join(", ");
  const rows = db
    .prepare(
      `SELECT i.id AS invoiceId, i.number, i.amount_incl AS amountInclVat, i.paid_date AS paidDate,
        (SELECT p.id FROM payments p JOIN payment_invoices pi ON pi.payment_id = p.id
          WHERE pi.invoice_id = i.id AND p.status = 'paid' LIMIT 1) AS paymentId
       FROM invoices i WHERE i.account_number = ? AND i.paid_date IS NOT NULL AND i.id IN (${marks}) ORDER BY i.number`,
    )
    .all(accountNumber, ...invoiceIds) as Receipt[];
  return rows;
}

/**
 * Records a new payment in `creating` and takes the lock on its invoices, in one transaction: when
 * another payment holds one of them the unique index refuses and nothing is written (returns false).
 */
export function insertPayment(
  db: DatabaseSync,
  payment: {
    accountNumber: string;
    amount: number;
    createdAt: string;
    expiresAt: string;
    key: string;
    hash: string;
  },
  invoices: readonly { id: string; number: string; amountInclVat: number }[],
): PaymentRow | undefined {
  const id = `pay_${randomBytes(9).toString("base64url")}`;
  db.exec("BEGIN IMMEDIATE");
  try {
    db.prepare(
      "INSERT INTO payments (id, account_number, status, amount, created_at, expires_at, idempotency_key, request_hash) VALUES (?, ?, 'creating', ?, ?, ?, ?, ?)",
    ).run(
      id,
      payment.accountNumber,
      payment.amount,
      payment.createdAt,
      payment.expiresAt,
      payment.key,
      payment.hash,
    );
    const insert = db.prepare(
      "INSERT INTO payment_invoices (payment_id, invoice_id, number, amount, active, position) VALUES (?, ?, ?, ?, 1, ?)",
    );
    invoices.forEach((invoice, position) =>
      insert.run(id, invoice.id, invoice.number, invoice.amountInclVat, position),
    );
    db.exec("COMMIT");
  } catch (error) {
    db.exec("ROLLBACK");
    if (error instanceof Error && /UNIQUE constraint failed/.test(error.message)) return undefined;
    throw error;
  }
  return findPayment(db, payment.accountNumber, id);
}

/** The provider accepted it: its id, checkout and expiry. */
export function openPayment(
  db: DatabaseSync,
  id: string,
  provider: { id: string; checkoutUrl: string; expiresAt: string },
): void {
  db.prepare(
    "UPDATE payments SET status = 'open', provider_id = ?, checkout_url = ?, expires_at = ? WHERE id = ?",
  ).run(provider.id, provider.checkoutUrl, provider.expiresAt, id);
}

/** The provider could not be asked: the payment never existed, the lock is gone, nothing is half-made. */
export const forgetPayment = (db: DatabaseSync, id: string): void => {
  db.prepare("DELETE FROM payments WHERE id = ? AND status = 'creating'").run(id);
};

/**
 * Applies the provider's status to the payment, once: a final payment is never changed again (the
 * same webhook twice, or a late one, changes nothing). `paid` settles every invoice of it on `today`
 * in the same transaction as the status; any final status releases the lock. Returns whether
 * anything changed.
 */
export function applyStatus(
  db: DatabaseSync,
  id: string,
  status: PaymentStatus,
  at: { paidAt: string | null; today: string },
): boolean {
  db.exec("BEGIN IMMEDIATE");
  try {
    const row = db.prepare("SELECT status FROM payments WHERE id = ?").get(id) as
      { status: PaymentRow["status"] } | undefined;
    if (!row || row.status === "creating" || isFinalStatus(row.status) || row.status === status) {
      db.exec("COMMIT");
      return false;
    }
    db.prepare("UPDATE payments SET status = ?, paid_at = ? WHERE id = ?").run(
      status,
      status === "paid" ? at.paidAt : null,
      id,
    );
    if (status === "paid") {
      db.prepare(
        "UPDATE invoices SET paid_date = ?, status = 'paid' WHERE paid_date IS NULL AND id IN (SELECT invoice_id FROM payment_invoices WHERE payment_id = ?)",
      ).run(at.today, id);
    }
    if (isFinalStatus(status))
      db.prepare("UPDATE payment_invoices SET active = 0 WHERE payment_id = ?").run(id);
    db.exec("COMMIT");
    return true;
  } catch (error) {
    db.exec("ROLLBACK");
    throw error;
  }
}

/** One line of the webhook log: every call to the webhook, accepted or refused, and why. */
export type WebhookLogEntry = {
  at: string;
  outcome: "applied" | "unchanged" | "refused";
  reason: string;
  providerId: string | null;
};

export function logWebhook(db: DatabaseSync, entry: WebhookLogEntry): void {
  db.prepare("INSERT INTO payment_webhook_log (at, outcome, reason, provider_id) VALUES (?, ?, ?, ?)").run(
    entry.at,
    entry.outcome,
    entry.reason,
    entry.providerId,
  );
}

export const webhookLog = (db: DatabaseSync): WebhookLogEntry[] =>
  db
    .prepare("SELECT at, outcome, reason, provider_id AS providerId FROM payment_webhook_log ORDER BY rowid")
    .all() as WebhookLogEntry[];

/** Remembers a webhook signature; false when it was seen before (a replay). */
export function firstSighting(db: DatabaseSync, signature: string, at: string): boolean {
  const result = db
    .prepare("INSERT OR IGNORE INTO payment_webhook_seen (signature, at) VALUES (?, ?)")
    .run(signature, at);
  return Number(result.changes) === 1;
}
