import type { DatabaseSync } from "node:sqlite";
import type { InboxItem, InboxList } from "../../../../src/core/api/schemas/business.ts";

type InboxRow = {
  guid: string;
  category: InboxItem["category"];
  title_nl: string;
  title_en: string;
  body_nl: string;
  body_en: string;
  created_at: string;
  read_at: string | null;
  link: string | null;
};

const toItem = (row: InboxRow, lang: "nl" | "en"): InboxItem => ({
  guid: row.guid,
  category: row.category,
  title: lang === "en" ? row.title_en : row.title_nl,
  body: lang === "en" ? row.body_en : row.body_nl,
  createdAt: row.created_at,
  read: row.read_at !== null,
  link: row.link,
});

export function listInbox(db: DatabaseSync, accountNumber: string, lang: "nl" | "en"): InboxList {
  const rows = db.prepare("SELECT * FROM inbox WHERE account_number = ? ORDER BY created_at DESC").all(accountNumber) as InboxRow[];
  const items = rows.map((row) => toItem(row, lang));
  return { items, unread: items.filter((item) => !item.read).length };
}

export function getInboxItem(db: DatabaseSync, accountNumber: string, guid: string, lang: "nl" | "en"): InboxItem | undefined {
  const row = db.prepare("SELECT * FROM inbox WHERE guid = ? AND account_number = ?").get(guid, accountNumber) as InboxRow | undefined;
  return row ? toItem(row, lang) : undefined;
}

/** Marks the item read (the first time only, keeping when it was first read). */
export function markInboxItemRead(db: DatabaseSync, accountNumber: string, guid: string, now: Date): void {
  db.prepare("UPDATE inbox SET read_at = ? WHERE guid = ? AND account_number = ? AND read_at IS NULL").run(
    now.toISOString(),
    guid,
    accountNumber,
  );
}
