import type { DatabaseSync } from "node:sqlite";
import { migratePayments } from "./business/payments.ts";
import { seedBusiness } from "./business/seed.ts";
import { addColumnIfMissing } from "./columns.ts";

/**
 * Business data of the stand-in: invoices, documents, notifications, products and wholesalers,
 * bonus claims with their lines and attachments, sales contracts, tht registrations.
 * Amounts are cents; dates ISO strings; file contents BLOBs.
 */
export function migrate(db: DatabaseSync): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS invoices (
      id TEXT PRIMARY KEY, number TEXT NOT NULL, account_number TEXT NOT NULL, type TEXT NOT NULL,
      status TEXT NOT NULL, invoice_date TEXT NOT NULL, due_date TEXT NOT NULL, paid_date TEXT,
      amount_excl INTEGER NOT NULL, vat INTEGER NOT NULL, amount_incl INTEGER NOT NULL, order_reference TEXT);
    CREATE INDEX IF NOT EXISTS invoices_account_date ON invoices (account_number, invoice_date);
    CREATE INDEX IF NOT EXISTS invoices_account_status ON invoices (account_number, status);
    -- the lines each invoice's amounts are calculated from (invoice-lines.ts); vat_rate in percent
    CREATE TABLE IF NOT EXISTS invoice_lines (
      invoice_id TEXT NOT NULL, position INTEGER NOT NULL, description_nl TEXT NOT NULL, description_en TEXT NOT NULL,
      net INTEGER NOT NULL, vat_rate INTEGER NOT NULL, PRIMARY KEY (invoice_id, position));

    -- the main user's monthly bundle for the bookkeeper, and the months already mailed (once each)
    CREATE TABLE IF NOT EXISTS monthly_bundles (account_number TEXT PRIMARY KEY, enabled INTEGER NOT NULL, email TEXT);
    CREATE TABLE IF NOT EXISTS monthly_bundle_sends (
      account_number TEXT NOT NULL, month TEXT NOT NULL, sent_at TEXT NOT NULL, PRIMARY KEY (account_number, month));

    CREATE TABLE IF NOT EXISTS documents (
      id TEXT PRIMARY KEY, account_number TEXT NOT NULL, type TEXT NOT NULL, title_nl TEXT NOT NULL,
      title_en TEXT NOT NULL, file_name TEXT NOT NULL, date TEXT NOT NULL,
      -- rendered on first use (PDF generation is asynchronous, the seed is not)
      content BLOB);
    CREATE INDEX IF NOT EXISTS documents_account ON documents (account_number, date);

    CREATE TABLE IF NOT EXISTS inbox (
      guid TEXT PRIMARY KEY, account_number TEXT NOT NULL, category TEXT NOT NULL, title_nl TEXT NOT NULL,
      title_en TEXT NOT NULL, body_nl TEXT NOT NULL, body_en TEXT NOT NULL, created_at TEXT NOT NULL,
      read_at TEXT, link TEXT,
      -- the invoice a notice is about (its number, amount and due date are joined in when read)
      invoice_number TEXT);

    CREATE TABLE IF NOT EXISTS products (
      id TEXT PRIMARY KEY, article_number TEXT NOT NULL, name TEXT NOT NULL, product_group TEXT NOT NULL,
      packaging TEXT NOT NULL, litres_per_unit REAL NOT NULL, corona_eligible INTEGER NOT NULL, position INTEGER NOT NULL);
    CREATE TABLE IF NOT EXISTS wholesalers (id TEXT PRIMARY KEY, name TEXT NOT NULL, city TEXT NOT NULL);

    CREATE TABLE IF NOT EXISTS bonus_claims (
      id TEXT PRIMARY KEY, account_number TEXT NOT NULL, period TEXT NOT NULL, status TEXT NOT NULL,
      created_at TEXT NOT NULL, submitted_at TEXT, paid_out_date TEXT);
    CREATE INDEX IF NOT EXISTS bonus_claims_account ON bonus_claims (account_number, period);
    CREATE TABLE IF NOT EXISTS bonus_claim_lines (
      claim_id TEXT NOT NULL REFERENCES bonus_claims (id) ON DELETE CASCADE, wholesaler_id TEXT NOT NULL,
      product_id TEXT NOT NULL, quantity INTEGER NOT NULL, position INTEGER NOT NULL);
    CREATE INDEX IF NOT EXISTS bonus_claim_lines_claim ON bonus_claim_lines (claim_id);

    -- owner: a bonus claim (owner_kind 'bonus', owner_id claim id, wholesaler_id set)
    -- or a tht registration (owner_kind 'corona', owner_id account number)
    CREATE TABLE IF NOT EXISTS attachments (
      id TEXT PRIMARY KEY, owner_kind TEXT NOT NULL, owner_id TEXT NOT NULL, wholesaler_id TEXT,
      file_name TEXT NOT NULL, content_type TEXT NOT NULL, size INTEGER NOT NULL, content BLOB NOT NULL,
      uploaded_at TEXT NOT NULL,
      -- a tht attachment counts once a saved registration references it
      linked INTEGER NOT NULL DEFAULT 0);
    CREATE INDEX IF NOT EXISTS attachments_owner ON attachments (owner_kind, owner_id);

    CREATE TABLE IF NOT EXISTS sales_contracts (
      id TEXT PRIMARY KEY, number TEXT NOT NULL, account_number TEXT NOT NULL UNIQUE, start_date TEXT NOT NULL,
      end_date TEXT NOT NULL, duration INTEGER NOT NULL);
    CREATE TABLE IF NOT EXISTS sales_contract_volumes (
      contract_id TEXT NOT NULL REFERENCES sales_contracts (id), product_group TEXT NOT NULL, agreed_hl REAL NOT NULL);

    CREATE TABLE IF NOT EXISTS corona_registrations (
      account_number TEXT PRIMARY KEY, status TEXT NOT NULL, reference TEXT NOT NULL, updated_at TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS corona_lines (
      account_number TEXT NOT NULL, position INTEGER NOT NULL, product_id TEXT NOT NULL, quantity INTEGER NOT NULL,
      best_before TEXT NOT NULL);
  `);
  // Added later (data folders made before get the columns here; CREATE TABLE IF NOT EXISTS leaves an
  // existing table as it was): the customer's reason for a claim far from the recorded volume, and
  // who stored what, for the per-user quotas (stand-in/quotas.ts).
  addColumnIfMissing(db, "bonus_claims", "reason", "TEXT");
  addColumnIfMissing(db, "attachments", "uploaded_by", "TEXT");
  addColumnIfMissing(db, "bonus_claims", "created_by", "TEXT");
  // The invoice a notice is about (empty for the notices of an older data folder).
  addColumnIfMissing(db, "inbox", "invoice_number", "TEXT");
  // A personal notice (stand-in/db/business/personal-notices.ts): only this user sees it, on any of
  // their accounts; the invitation it offers, so a resend can replace its link.
  addColumnIfMissing(db, "inbox", "recipient_user_id", "TEXT");
  addColumnIfMissing(db, "inbox", "invitation_id", "TEXT");
  migratePayments(db);
}

/** Fills a fresh database (called inside the seed transaction of db/index.ts). */
export function seed(db: DatabaseSync): void {
  seedBusiness(db);
}
