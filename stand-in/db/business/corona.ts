import type { DatabaseSync } from "node:sqlite";
import type { CoronaInput, CoronaRegistration } from "../../../src/core/api/schemas/business.ts";
import { listAttachments } from "./attachments.ts";

type RegistrationRow = { account_number: string; status: CoronaRegistration["status"]; reference: string; updated_at: string };
type LineRow = { product_id: string; quantity: number; best_before: string };

/** The account's tht registration; status `not_registered` with no lines when it never saved one. */
export function getRegistration(db: DatabaseSync, accountNumber: string): CoronaRegistration {
  const row = db.prepare("SELECT * FROM corona_registrations WHERE account_number = ?").get(accountNumber) as RegistrationRow | undefined;
  const lines = db
    .prepare("SELECT product_id, quantity, best_before FROM corona_lines WHERE account_number = ? ORDER BY position")
    .all(accountNumber) as LineRow[];
  return {
    accountNumber,
    status: row?.status ?? "not_registered",
    reference: row?.reference ?? null,
    lines: lines.map((line) => ({ productId: line.product_id, quantity: line.quantity, bestBeforeDate: line.best_before })),
    attachments: listAttachments(db, { kind: "corona", id: accountNumber }, { linkedOnly: true }),
    updatedAt: row?.updated_at ?? null,
  };
}

/** Ids among `ids` that are not uploads of this account. */
export function unknownAttachmentIds(db: DatabaseSync, accountNumber: string, ids: readonly string[]): string[] {
  const known = new Set(
    (db.prepare("SELECT id FROM attachments WHERE owner_kind = 'corona' AND owner_id = ?").all(accountNumber) as { id: string }[]).map(
      (row) => row.id,
    ),
  );
  return ids.filter((id) => !known.has(id));
}

/**
 * Saves (replaces) the registration: its lines, which uploads belong to it (others of the account
 * are dropped), status back to submitted for a new review.
 */
export function saveRegistration(db: DatabaseSync, accountNumber: string, input: CoronaInput, now: Date): void {
  db.exec("BEGIN");
  try {
    const existing = db.prepare("SELECT reference FROM corona_registrations WHERE account_number = ?").get(accountNumber) as
      | { reference: string }
      | undefined;
    const reference = existing?.reference ?? `THT-${accountNumber}-01`;
    db.prepare(
      "INSERT INTO corona_registrations (account_number, status, reference, updated_at) VALUES (?, 'submitted', ?, ?) ON CONFLICT (account_number) DO UPDATE SET status = 'submitted', updated_at = excluded.updated_at",
    ).run(accountNumber, reference, now.toISOString());
    db.prepare("DELETE FROM corona_lines WHERE account_number = ?").run(accountNumber);
    const insert = db.prepare(
      "INSERT INTO corona_lines (account_number, position, product_id, quantity, best_before) VALUES (?, ?, ?, ?, ?)",
    );
    input.lines.forEach((line, i) => insert.run(accountNumber, i, line.productId, line.quantity, line.bestBeforeDate));
    const ids = input.attachmentIds;
    db.prepare(
      `DELETE FROM attachments WHERE owner_kind = 'corona' AND owner_id = ? AND id NOT IN (${ids.map(() => "?").join(", ")})`,
    ).run(accountNumber, ...ids);
    db.prepare("UPDATE attachments SET linked = 1 WHERE owner_kind = 'corona' AND owner_id = ?").run(accountNumber);
    db.exec("COMMIT");
  } catch (error) {
    db.exec("ROLLBACK");
    throw error;
  }
}
