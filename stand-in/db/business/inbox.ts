import type { DatabaseSync } from "node:sqlite";
import { INBOX_CATEGORY_PERMISSIONS, type InboxItem, type InboxList } from "../../../src/core/api/schemas/business/inbox.ts";
import type { Permission } from "../../../src/core/api/schemas/common.ts";
import { isAllowed } from "../../../src/core/permissions/index.ts";

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
  invoice_number: string | null;
  recipient_user_id: string | null;
};

/**
 * The rows a reader sees on an account: the account's own notifications, and their personal notices
 * (stand-in/db/business/personal-notices.ts) whichever of their accounts they open; the outlets
 * overview, which names no reader, gets the account's own only.
 */
const VISIBLE = "((account_number = ? AND recipient_user_id IS NULL) OR recipient_user_id = ?)";

type InvoiceFacts = { number: string; amount_incl: number; invoice_date: string; due_date: string };

/** The invoice a notice names, as the account holds it now (its own account's only). */
function invoiceOf(db: DatabaseSync, accountNumber: string, row: InboxRow): InboxItem["invoice"] {
  if (!row.invoice_number) return null;
  const invoice = db
    .prepare("SELECT number, amount_incl, invoice_date, due_date FROM invoices WHERE account_number = ? AND number = ?")
    .get(accountNumber, row.invoice_number) as InvoiceFacts | undefined;
  return invoice ? { number: invoice.number, amountInclVat: invoice.amount_incl, invoiceDate: invoice.invoice_date, dueDate: invoice.due_date } : null;
}

/** A personal notice's link to the identity provider's page, which opens in the reader's language. */
function inLanguage(link: string, lang: "nl" | "en"): string {
  const url = new URL(link);
  url.searchParams.set("lang", lang);
  return url.toString();
}

const toItem = (db: DatabaseSync, accountNumber: string, row: InboxRow, lang: "nl" | "en"): InboxItem => ({
  guid: row.guid,
  category: row.category,
  title: lang === "en" ? row.title_en : row.title_nl,
  body: lang === "en" ? row.body_en : row.body_nl,
  createdAt: row.created_at,
  read: row.read_at !== null,
  link: row.recipient_user_id !== null && row.link ? inLanguage(row.link, lang) : row.link,
  invoice: invoiceOf(db, accountNumber, row),
});

/** Whether someone holding `held` on the account may be told about this notification. */
const mayRead = (row: InboxRow, held: readonly Permission[]): boolean => isAllowed(INBOX_CATEGORY_PERMISSIONS[row.category], held);

/** The account's notifications the caller may read (with `reader`, also their personal ones), newest first, with their unread count. */
export function listInbox(db: DatabaseSync, accountNumber: string, held: readonly Permission[], lang: "nl" | "en", reader?: string): InboxList {
  const rows = db.prepare(`SELECT * FROM inbox WHERE ${VISIBLE} ORDER BY created_at DESC`).all(accountNumber, reader ?? null) as InboxRow[];
  const items = rows.filter((row) => mayRead(row, held)).map((row) => toItem(db, accountNumber, row, lang));
  return { items, unread: items.filter((item) => !item.read).length };
}

/** One notification; undefined when the account has none with that id or the caller may not read it. */
export function getInboxItem(db: DatabaseSync, accountNumber: string, reader: string, guid: string, held: readonly Permission[], lang: "nl" | "en"): InboxItem | undefined {
  const row = db.prepare(`SELECT * FROM inbox WHERE guid = ? AND ${VISIBLE}`).get(guid, accountNumber, reader) as InboxRow | undefined;
  return row && mayRead(row, held) ? toItem(db, accountNumber, row, lang) : undefined;
}

/** Marks the item read (the first time only, keeping when it was first read). */
export function markInboxItemRead(db: DatabaseSync, accountNumber: string, reader: string, guid: string, now: Date): void {
  db.prepare(`UPDATE inbox SET read_at = ? WHERE guid = ? AND ${VISIBLE} AND read_at IS NULL`).run(now.toISOString(), guid, accountNumber, reader);
}
