import { randomUUID } from "node:crypto";
import type { DatabaseSync } from "node:sqlite";
import type { Attachment } from "../../../src/core/api/schemas/business.ts";
import type { Upload } from "../../uploads.ts";

type AttachmentRow = {
  id: string;
  owner_kind: "bonus" | "corona" | "service";
  owner_id: string;
  wholesaler_id: string | null;
  file_name: string;
  content_type: Attachment["contentType"];
  size: number;
  content: Uint8Array;
  uploaded_at: string;
  linked: number;
};

const toAttachment = (row: AttachmentRow): Attachment => ({
  id: row.id,
  fileName: row.file_name,
  contentType: row.content_type,
  sizeBytes: row.size,
  uploadedAt: row.uploaded_at,
});

type Owner = { kind: "bonus" | "corona" | "service"; id: string; wholesalerId?: string };

export function storeAttachment(db: DatabaseSync, owner: Owner, upload: Upload, now: Date, uploadedBy?: string): Attachment {
  const id = `att-${randomUUID()}`;
  db.prepare(
    "INSERT INTO attachments (id, owner_kind, owner_id, wholesaler_id, file_name, content_type, size, content, uploaded_at, uploaded_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
  ).run(id, owner.kind, owner.id, owner.wholesalerId ?? null, upload.fileName, upload.contentType, upload.bytes.length, upload.bytes, now.toISOString(), uploadedBy ?? null);
  return { id, fileName: upload.fileName, contentType: upload.contentType, sizeBytes: upload.bytes.length, uploadedAt: now.toISOString() };
}

/** An owner's attachments, oldest first; for a claim optionally of one wholesaler; `linkedOnly` for tht. */
export function listAttachments(db: DatabaseSync, owner: Owner, options: { linkedOnly?: boolean } = {}): Attachment[] {
  const clauses = ["owner_kind = ?", "owner_id = ?"];
  const params: string[] = [owner.kind, owner.id];
  if (owner.wholesalerId !== undefined) {
    clauses.push("wholesaler_id = ?");
    params.push(owner.wholesalerId);
  }
  if (options.linkedOnly) clauses.push("linked = 1");
  const rows = db
    .prepare(`SELECT * FROM attachments WHERE ${clauses.join(" AND ")} ORDER BY uploaded_at, id`)
    .all(...params) as AttachmentRow[];
  return rows.map(toAttachment);
}

/** One attachment with its bytes, when it belongs to the owner. */
export function getAttachmentFile(
  db: DatabaseSync,
  owner: Owner,
  id: string,
): { fileName: string; contentType: string; bytes: Uint8Array } | undefined {
  const row = db
    .prepare("SELECT * FROM attachments WHERE id = ? AND owner_kind = ? AND owner_id = ?")
    .get(id, owner.kind, owner.id) as AttachmentRow | undefined;
  return row ? { fileName: row.file_name, contentType: row.content_type, bytes: row.content } : undefined;
}

/** Number of attachments per wholesaler of a claim. */
export function attachmentCounts(db: DatabaseSync, claimId: string): Map<string, number> {
  const rows = db
    .prepare("SELECT wholesaler_id, COUNT(*) AS n FROM attachments WHERE owner_kind = 'bonus' AND owner_id = ? GROUP BY wholesaler_id")
    .all(claimId) as { wholesaler_id: string; n: number }[];
  return new Map(rows.map((row) => [row.wholesaler_id, row.n]));
}

/** Removes one attachment of the owner; false when it is not theirs (or not there). */
export function deleteAttachment(db: DatabaseSync, owner: Owner, id: string): boolean {
  const result = db.prepare("DELETE FROM attachments WHERE id = ? AND owner_kind = ? AND owner_id = ?").run(id, owner.kind, owner.id);
  return Number(result.changes) > 0;
}
