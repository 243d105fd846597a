import { randomUUID } from "node:crypto";
import type { DatabaseSync } from "node:sqlite";
import type { Locale } from "../../../src/core/api/schemas/common.ts";
import type {
  ServiceEvent,
  ServiceKind,
  ServiceReference,
  ServiceRequest,
  ServiceRequestSummary,
  ServiceStatus,
} from "../../../src/core/api/schemas/business/service.ts";
import { serviceTitle } from "../../../src/core/business/service.ts";
import { listAttachments } from "../business/attachments.ts";

type RequestRow = {
  id: string;
  number: string;
  account_number: string;
  kind: ServiceKind;
  status: ServiceStatus;
  description: string;
  ref_type: ServiceReference["type"] | null;
  ref_number: string | null;
  created_by: string;
  created_by_name: string;
  created_at: string;
  updated_at: string;
  idempotency_key: string | null;
  request_hash: string | null;
  locale: Locale;
};

type EventRow = { at: string; author: ServiceEvent["author"]; author_name: string; status: ServiceStatus | null; text: string | null; locale: Locale };

const toSummary = (row: RequestRow): ServiceRequestSummary => ({
  id: row.id,
  number: row.number,
  kind: row.kind,
  status: row.status,
  reference: row.ref_type && row.ref_number ? { type: row.ref_type, number: row.ref_number } : null,
  title: serviceTitle(row.description),
  locale: row.locale,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** The photos of a request: the service uploads of its account that it links. */
const attachmentsOf = (db: DatabaseSync, row: RequestRow) => {
  const linked = new Set(
    (db.prepare("SELECT attachment_id FROM service_request_attachments WHERE request_id = ?").all(row.id) as { attachment_id: string }[]).map(
      (link) => link.attachment_id,
    ),
  );
  return listAttachments(db, { kind: "service", id: row.account_number }, { linkedOnly: true }).filter((attachment) => linked.has(attachment.id));
};

function toRequest(db: DatabaseSync, row: RequestRow): ServiceRequest {
  const events = db
    .prepare("SELECT at, author, author_name, status, text, locale FROM service_events WHERE request_id = ? ORDER BY position")
    .all(row.id) as EventRow[];
  return {
    ...toSummary(row),
    description: row.description,
    createdBy: row.created_by_name,
    attachments: attachmentsOf(db, row),
    events: events.map((event) => ({
      at: event.at,
      author: event.author,
      authorName: event.author_name,
      status: event.status,
      text: event.text,
      locale: event.locale,
    })),
  };
}

/** The account's requests, the most recently changed first. */
export function listServiceRequests(db: DatabaseSync, accountNumber: string): ServiceRequestSummary[] {
  const rows = db.prepare("SELECT * FROM service_requests WHERE account_number = ? ORDER BY updated_at DESC, number DESC").all(accountNumber) as RequestRow[];
  return rows.map(toSummary);
}

/** One request of the account; undefined for an unknown id or another account's. */
export function getServiceRequest(db: DatabaseSync, accountNumber: string, id: string): ServiceRequest | undefined {
  const row = db.prepare("SELECT * FROM service_requests WHERE id = ? AND account_number = ?").get(id, accountNumber) as RequestRow | undefined;
  return row ? toRequest(db, row) : undefined;
}

/** A request made before with this Idempotency-Key on the account, with the hash of what it asked. */
export function requestByKey(db: DatabaseSync, accountNumber: string, key: string): { request: ServiceRequest; hash: string } | undefined {
  const row = db.prepare("SELECT * FROM service_requests WHERE account_number = ? AND idempotency_key = ?").get(accountNumber, key) as RequestRow | undefined;
  return row ? { request: toRequest(db, row), hash: row.request_hash ?? "" } : undefined;
}

/** Whether the reference names something of this account: its invoice, its delivery, or empties that delivery moved. */
export function referenceExists(db: DatabaseSync, accountNumber: string, reference: ServiceReference): boolean {
  const sql = {
    invoice: "SELECT 1 FROM invoices WHERE account_number = ? AND number = ?",
    delivery: "SELECT 1 FROM deliveries WHERE account_number = ? AND number = ?",
    empties: "SELECT 1 FROM empties_movements WHERE account_number = ? AND delivery_number = ?",
  }[reference.type];
  return db.prepare(`${sql} LIMIT 1`).get(accountNumber, reference.number) !== undefined;
}

/** Of these ids, those that are not a loose (not yet sent) photo of the account. */
export function unknownServiceUploads(db: DatabaseSync, accountNumber: string, ids: readonly string[]): string[] {
  const loose = db.prepare("SELECT 1 FROM attachments WHERE id = ? AND owner_kind = 'service' AND owner_id = ? AND linked = 0");
  return ids.filter((id, index) => ids.indexOf(id) !== index || loose.get(id, accountNumber) === undefined);
}

export type NewServiceRequest = {
  accountNumber: string;
  kind: ServiceKind;
  description: string;
  /** The language the description is written in. */
  locale: Locale;
  reference: ServiceReference | null;
  attachmentIds: readonly string[];
  createdBy: { id: string; name: string };
  key: string | null;
  hash: string | null;
};

function nextNumber(db: DatabaseSync): string {
  const row = db.prepare("SELECT COUNT(*) AS n FROM service_requests").get() as { n: number };
  return `SR-${240001 + Number(row.n)}`;
}

function addEvent(db: DatabaseSync, requestId: string, event: ServiceEvent): void {
  const position = (db.prepare("SELECT COUNT(*) AS n FROM service_events WHERE request_id = ?").get(requestId) as { n: number }).n;
  db.prepare("INSERT INTO service_events (request_id, position, at, author, author_name, status, text, locale) VALUES (?, ?, ?, ?, ?, ?, ?, ?)").run(
    requestId,
    Number(position),
    event.at,
    event.author,
    event.authorName,
    event.status,
    event.text,
    event.locale,
  );
}

/** Stores a new request (status received) and links its photos, which stop counting as open uploads. */
export function insertServiceRequest(db: DatabaseSync, input: NewServiceRequest, now: Date): ServiceRequest {
  const id = `sr-${randomUUID()}`;
  const at = now.toISOString();
  // A savepoint, not BEGIN: the seed calls this inside the first start's own transaction.
  db.exec("SAVEPOINT service_request");
  try {
    db.prepare(
      `INSERT INTO service_requests (id, number, account_number, kind, status, description, ref_type, ref_number, created_by, created_by_name,
        created_at, updated_at, idempotency_key, request_hash, locale) VALUES (?, ?, ?, ?, 'received', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      id,
      nextNumber(db),
      input.accountNumber,
      input.kind,
      input.description.trim(),
      input.reference?.type ?? null,
      input.reference?.number ?? null,
      input.createdBy.id,
      input.createdBy.name,
      at,
      at,
      input.key,
      input.hash,
      input.locale,
    );
    addEvent(db, id, { at, author: "customer", authorName: input.createdBy.name, status: "received", text: null, locale: input.locale });
    const link = db.prepare("INSERT INTO service_request_attachments (request_id, attachment_id) VALUES (?, ?)");
    const mark = db.prepare("UPDATE attachments SET linked = 1 WHERE id = ? AND owner_kind = 'service' AND owner_id = ?");
    for (const attachmentId of input.attachmentIds) {
      link.run(id, attachmentId);
      mark.run(attachmentId, input.accountNumber);
    }
    db.exec("RELEASE service_request");
  } catch (error) {
    db.exec("ROLLBACK TO service_request; RELEASE service_request");
    throw error;
  }
  return getServiceRequest(db, input.accountNumber, id) as ServiceRequest;
}

/** Adds a message and/or a status to a request's history; the request's status and time follow. */
export function addServiceEvent(db: DatabaseSync, accountNumber: string, id: string, event: ServiceEvent): ServiceRequest | undefined {
  if (!getServiceRequest(db, accountNumber, id)) return undefined;
  addEvent(db, id, event);
  db.prepare("UPDATE service_requests SET updated_at = ?, status = COALESCE(?, status) WHERE id = ?").run(event.at, event.status, id);
  return getServiceRequest(db, accountNumber, id);
}

/** A request by id or number, whatever the account (the supplier's side: the admin CLI). */
export function findServiceRequest(db: DatabaseSync, idOrNumber: string): { accountNumber: string; id: string; createdBy: string; number: string } | undefined {
  const row = db.prepare("SELECT * FROM service_requests WHERE id = ? OR number = ?").get(idOrNumber, idOrNumber) as RequestRow | undefined;
  return row ? { accountNumber: row.account_number, id: row.id, createdBy: row.created_by, number: row.number } : undefined;
}
