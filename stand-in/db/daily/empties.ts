import type { DatabaseSync } from "node:sqlite";
import type { EmptiesKind, EmptiesLedger } from "../../../src/core/api/schemas/business.ts";
import type { Period } from "../../../src/core/business/deliveries.ts";
import { DEPOSITS } from "./empties-seed.ts";

/** The account's empties over the period: held before it, each movement in it (newest first), the deposits. */
export function emptiesLedger(db: DatabaseSync, accountNumber: string, period: Period): EmptiesLedger {
  const opening = db
    .prepare("SELECT kind, SUM(delivered - returned) AS count FROM empties_movements WHERE account_number = ? AND date < ? GROUP BY kind ORDER BY kind")
    .all(accountNumber, period.from) as { kind: EmptiesKind; count: number }[];
  const rows = db
    .prepare(
      `SELECT m.delivery_number, m.date, m.kind, m.delivered, m.returned, i.id AS invoice_id, i.number AS invoice_number
         FROM empties_movements m LEFT JOIN deliveries d ON d.number = m.delivery_number LEFT JOIN invoices i ON i.id = d.invoice_id
        WHERE m.account_number = ? AND m.date BETWEEN ? AND ? ORDER BY m.date DESC, m.delivery_number DESC, m.rowid`,
    )
    .all(accountNumber, period.from, period.to) as {
    delivery_number: string;
    date: string;
    kind: EmptiesKind;
    delivered: number;
    returned: number;
    invoice_id: string | null;
    invoice_number: string | null;
  }[];
  return {
    ...period,
    opening: opening.map((row) => ({ kind: row.kind, count: row.count })),
    deposits: (Object.keys(DEPOSITS) as EmptiesKind[]).map((kind) => ({ kind, cents: DEPOSITS[kind] })),
    lines: rows.map((row) => ({
      deliveryNumber: row.delivery_number,
      date: row.date,
      invoice: row.invoice_id && row.invoice_number ? { id: row.invoice_id, number: row.invoice_number } : null,
      kind: row.kind,
      delivered: row.delivered,
      returned: row.returned,
    })),
  };
}
