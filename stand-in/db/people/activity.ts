/**
 * The activity log: append-only (there is no function here that changes or deletes a row, and no
 * call does), read back for 24 months. Values are stored as the log shows them: an IBAN masked by the
 * writer before it gets here.
 */
import type { DatabaseSync } from "node:sqlite";
import type { ActivityEntry, ActivityKind } from "../../../src/core/api/schemas/colleagues.ts";

/** How far back the log is kept and shown. */
export const ACTIVITY_RETENTION_MS = 730 * 24 * 60 * 60 * 1000;

export function migrateActivity(db: DatabaseSync): void {
  db.exec(`CREATE TABLE IF NOT EXISTS activity_log (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    account_number TEXT NOT NULL,
    at INTEGER NOT NULL,                      -- epoch ms, the backend's clock
    kind TEXT NOT NULL,
    actor_id TEXT NOT NULL,
    actor_name TEXT NOT NULL,
    subject TEXT,
    field TEXT,
    old_value TEXT,
    new_value TEXT
  )`);
}

export type NewActivity = {
  accountNumber: string;
  kind: ActivityKind;
  actor: { id: string; name: string };
  subject?: string | undefined;
  field?: string | undefined;
  oldValue?: string | null | undefined;
  newValue?: string | null | undefined;
};

export function appendActivity(db: DatabaseSync, entry: NewActivity, at: number): void {
  db.prepare(
    "INSERT INTO activity_log (account_number, at, kind, actor_id, actor_name, subject, field, old_value, new_value) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
  ).run(entry.accountNumber, at, entry.kind, entry.actor.id, entry.actor.name, entry.subject ?? null, entry.field ?? null, entry.oldValue ?? null, entry.newValue ?? null);
}

type Row = { id: number; account_number: string; at: number; kind: ActivityKind; actor_id: string; actor_name: string; subject: string | null; field: string | null; old_value: string | null; new_value: string | null };

/** The account's log of the last 24 months, newest first. */
export function activityOf(db: DatabaseSync, accountNumber: string, now: number): ActivityEntry[] {
  const rows = db
    .prepare("SELECT * FROM activity_log WHERE account_number = ? AND at >= ? ORDER BY at DESC, id DESC")
    .all(accountNumber, now - ACTIVITY_RETENTION_MS) as Row[];
  return rows.map((row) => ({
    id: row.id,
    at: new Date(row.at).toISOString(),
    accountNumber: row.account_number,
    kind: row.kind,
    actor: { id: row.actor_id, name: row.actor_name },
    subject: row.subject,
    field: row.field,
    oldValue: row.old_value,
    newValue: row.new_value,
  }));
}
