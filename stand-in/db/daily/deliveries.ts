import type { DatabaseSync } from "node:sqlite";
import type { Delivery, DeliveryLine, Packaging } from "../../../src/core/api/schemas/business.ts";
import { nextDeliverySlot, timeOfDay, type Period } from "../../../src/core/business/deliveries.ts";
import { todayIso } from "../../../src/core/business/contract-term.ts";

type DeliveryRow = {
  number: string;
  account_number: string;
  date: string;
  window_from: string;
  window_to: string;
  invoice_id: string | null;
  invoice_number: string | null;
};
type LineRow = { product_id: string; article_number: string; name: string; packaging: Packaging; quantity: number };

const SELECT_DELIVERY = `SELECT d.*, i.number AS invoice_number FROM deliveries d LEFT JOIN invoices i ON i.id = d.invoice_id`;

function linesOf(db: DatabaseSync, sql: string, key: string): DeliveryLine[] {
  return (db.prepare(sql).all(key) as LineRow[]).map((row) => ({
    productId: row.product_id,
    articleNumber: row.article_number,
    name: row.name,
    packaging: row.packaging,
    quantity: row.quantity,
  }));
}

const deliveryLines = (db: DatabaseSync, number: string): DeliveryLine[] =>
  linesOf(
    db,
    `SELECT l.product_id, p.article_number, p.name, p.packaging, l.quantity FROM delivery_lines l
       JOIN products p ON p.id = l.product_id WHERE l.delivery_number = ? ORDER BY l.position`,
    number,
  );

const toDelivery = (db: DatabaseSync, row: DeliveryRow): Delivery => ({
  number: row.number,
  accountNumber: row.account_number,
  status: "delivered",
  date: row.date,
  windowFrom: row.window_from,
  windowTo: row.window_to,
  invoice: row.invoice_id && row.invoice_number ? { id: row.invoice_id, number: row.invoice_number } : null,
  lines: deliveryLines(db, row.number),
});

/** The account's delivered deliveries within the period, newest first. */
export function listDeliveries(db: DatabaseSync, accountNumber: string, period: Period): Delivery[] {
  const rows = db
    .prepare(`${SELECT_DELIVERY} WHERE d.account_number = ? AND d.date BETWEEN ? AND ? ORDER BY d.date DESC, d.number DESC`)
    .all(accountNumber, period.from, period.to) as DeliveryRow[];
  return rows.map((row) => toDelivery(db, row));
}

/** One delivered delivery of any account (the caller checks whose it is). */
export function findDelivery(db: DatabaseSync, number: string): Delivery | undefined {
  const row = db.prepare(`${SELECT_DELIVERY} WHERE d.number = ?`).get(number) as DeliveryRow | undefined;
  return row ? toDelivery(db, row) : undefined;
}

/**
 * The next delivery at `now`: on the first of the account's delivery days whose window has not yet
 * closed, with its standing order; its number is the account and the date (a planned delivery has no
 * delivery note yet).
 */
export function nextDelivery(db: DatabaseSync, accountNumber: string, now: Date): Delivery | null {
  const slots = (db.prepare("SELECT weekday, window_from AS 'from', window_to AS 'to' FROM delivery_days WHERE account_number = ?").all(accountNumber) as {
    weekday: number;
    from: string;
    to: string;
  }[]).map((slot) => ({ ...slot }));
  const next = nextDeliverySlot(todayIso(now), timeOfDay(now), slots);
  if (!next) return null;
  return {
    number: `P${accountNumber}-${next.date.replaceAll("-", "")}`,
    accountNumber,
    status: "planned",
    date: next.date,
    windowFrom: next.slot.from,
    windowTo: next.slot.to,
    invoice: null,
    lines: linesOf(
      db,
      `SELECT s.product_id, p.article_number, p.name, p.packaging, s.quantity FROM standing_order_lines s
         JOIN products p ON p.id = s.product_id WHERE s.account_number = ? ORDER BY s.position`,
      accountNumber,
    ),
  };
}
