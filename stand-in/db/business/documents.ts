import type { DatabaseSync } from "node:sqlite";
import type { Document, DocumentType } from "../../../src/core/api/schemas/business.ts";
import { renderDocumentPdf } from "../../pdf/document.ts";

type DocumentRow = {
  id: string;
  account_number: string;
  type: DocumentType;
  title_nl: string;
  title_en: string;
  file_name: string;
  date: string;
  content: Uint8Array | null;
};

/**
 * Renders the PDFs of the account's documents that have none yet and stores them, so the listed
 * size is the size of the download.
 */
async function ensureRendered(db: DatabaseSync, rows: DocumentRow[]): Promise<void> {
  const update = db.prepare("UPDATE documents SET content = ? WHERE id = ?");
  for (const row of rows) {
    if (row.content) continue;
    row.content = await renderDocumentPdf({ title: row.title_nl, accountNumber: row.account_number, date: row.date });
    update.run(row.content, row.id);
  }
}

const toDocument = (row: DocumentRow, lang: "nl" | "en"): Document => ({
  id: row.id,
  accountNumber: row.account_number,
  type: row.type,
  title: lang === "en" ? row.title_en : row.title_nl,
  fileName: row.file_name,
  contentType: "application/pdf",
  sizeBytes: row.content?.length ?? 0,
  date: row.date,
});

/** The account's documents, newest first, optionally of one type. */
export async function listDocuments(
  db: DatabaseSync,
  accountNumber: string,
  lang: "nl" | "en",
  type?: DocumentType,
): Promise<Document[]> {
  const rows = (
    type
      ? db.prepare("SELECT * FROM documents WHERE account_number = ? AND type = ? ORDER BY date DESC, id").all(accountNumber, type)
      : db.prepare("SELECT * FROM documents WHERE account_number = ? ORDER BY date DESC, id").all(accountNumber)
  ) as DocumentRow[];
  await ensureRendered(db, rows);
  return rows.map((row) => toDocument(row, lang));
}

/** One document with its bytes, when it belongs to the account. */
export async function getDocumentFile(
  db: DatabaseSync,
  accountNumber: string,
  id: string,
): Promise<{ fileName: string; bytes: Uint8Array } | undefined> {
  const row = db.prepare("SELECT * FROM documents WHERE id = ? AND account_number = ?").get(id, accountNumber) as DocumentRow | undefined;
  if (!row) return undefined;
  await ensureRendered(db, [row]);
  return { fileName: row.file_name, bytes: row.content ?? new Uint8Array() };
}
