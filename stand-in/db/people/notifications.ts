/**
 * Notification preferences per person (docs/api-people.md, "Notification preferences") and the
 * weekly digest's queue: a notification someone gets weekly waits here until their digest goes out.
 */
import type { DatabaseSync } from "node:sqlite";
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  NOTIFICATION_KINDS,
  type Delivery,
  type NotificationKind,
  type NotificationPreferences,
} from "../../../src/core/api/schemas/notification-preferences.ts";

export function migrateNotifications(db: DatabaseSync): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS notification_preferences (
      user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      kind TEXT NOT NULL,
      delivery TEXT NOT NULL,
      PRIMARY KEY (user_id, kind)
    );
    CREATE TABLE IF NOT EXISTS notification_digest_queue (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      account_number TEXT NOT NULL,
      kind TEXT NOT NULL,
      title_nl TEXT NOT NULL,
      title_en TEXT NOT NULL,
      queued_at INTEGER NOT NULL              -- epoch ms, the stand-in's clock
    );
  `);
}

/** The person's choices; a kind they never chose has its default. */
export function preferencesOf(db: DatabaseSync, userId: string): NotificationPreferences {
  const rows = db
    .prepare("SELECT kind, delivery FROM notification_preferences WHERE user_id = ?")
    .all(userId) as { kind: string; delivery: Delivery }[];
  const chosen = new Map(rows.map((row) => [row.kind, row.delivery]));
  return Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [kind, chosen.get(kind) ?? DEFAULT_NOTIFICATION_PREFERENCES[kind]]),
  ) as NotificationPreferences;
}

export function setPreferences(db: DatabaseSync, userId: string, preferences: NotificationPreferences): void {
  const upsert = db.prepare(
    "INSERT INTO notification_preferences (user_id, kind, delivery) VALUES (?, ?, ?) ON CONFLICT (user_id, kind) DO UPDATE SET delivery = excluded.delivery",
  );
  for (const kind of NOTIFICATION_KINDS) upsert.run(userId, kind, preferences[kind]);
}

export type QueuedNotification = {
  id: number;
  userId: string;
  accountNumber: string;
  kind: NotificationKind;
  titleNl: string;
  titleEn: string;
  queuedAt: number;
};

export function queueForDigest(db: DatabaseSync, entry: Omit<QueuedNotification, "id">): void {
  db.prepare(
    "INSERT INTO notification_digest_queue (user_id, account_number, kind, title_nl, title_en, queued_at) VALUES (?, ?, ?, ?, ?, ?)",
  ).run(entry.userId, entry.accountNumber, entry.kind, entry.titleNl, entry.titleEn, entry.queuedAt);
}

type QueueRow = {
  id: number;
  user_id: string;
  account_number: string;
  kind: NotificationKind;
  title_nl: string;
  title_en: string;
  queued_at: number;
};

/** Everything waiting for a digest, oldest first. */
export function digestQueue(db: DatabaseSync): QueuedNotification[] {
  const rows = db
    .prepare("SELECT * FROM notification_digest_queue ORDER BY queued_at, id")
    .all() as QueueRow[];
  return rows.map((row) => ({
    id: row.id,
    userId: row.user_id,
    accountNumber: row.account_number,
    kind: row.kind,
    titleNl: row.title_nl,
    titleEn: row.title_en,
    queuedAt: row.queued_at,
  }));
}

export function removeFromQueue(db: DatabaseSync, ids: readonly number[]): void {
  const remove = db.prepare("DELETE FROM notification_digest_queue WHERE id = ?");
  for (const id of ids) remove.run(id);
}
