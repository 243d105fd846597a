import type { DatabaseSync } from "node:sqlite";
import { addColumnIfMissing } from "./columns.ts";
import { seedServiceRequests } from "./service/seed.ts";

/**
 * Service requests (addition): what the customer raised, its history (status changes, the supplier's
 * answers, the customer's replies) and the photos it links (stored in the business area's
 * attachments as owner_kind 'service'). Seeded after the daily area: requests refer to its deliveries.
 */
export function migrate(db: DatabaseSync): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS service_requests (
      id TEXT PRIMARY KEY, number TEXT NOT NULL UNIQUE, account_number TEXT NOT NULL, kind TEXT NOT NULL, status TEXT NOT NULL,
      description TEXT NOT NULL, ref_type TEXT, ref_number TEXT, created_by TEXT NOT NULL, created_by_name TEXT NOT NULL,
      created_at TEXT NOT NULL, updated_at TEXT NOT NULL,
      -- the create call's Idempotency-Key and the hash of its body: a repeat answers the same request
      idempotency_key TEXT, request_hash TEXT,
      UNIQUE (account_number, idempotency_key));
    CREATE INDEX IF NOT EXISTS service_requests_account ON service_requests (account_number, updated_at);
    CREATE TABLE IF NOT EXISTS service_events (
      request_id TEXT NOT NULL REFERENCES service_requests (id), position INTEGER NOT NULL, at TEXT NOT NULL,
      author TEXT NOT NULL, author_name TEXT NOT NULL, status TEXT, text TEXT, PRIMARY KEY (request_id, position));
    CREATE TABLE IF NOT EXISTS service_request_attachments (
      request_id TEXT NOT NULL REFERENCES service_requests (id), attachment_id TEXT NOT NULL, PRIMARY KEY (request_id, attachment_id));
  `);
  // The language each text is written in (the description's, each message's).
  addColumnIfMissing(db, "service_requests", "locale", "TEXT NOT NULL DEFAULT 'nl-NL'");
  addColumnIfMissing(db, "service_events", "locale", "TEXT NOT NULL DEFAULT 'nl-NL'");
}

export function seed(db: DatabaseSync): void {
  seedServiceRequests(db);
}
