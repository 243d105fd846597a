import type { DatabaseSync } from "node:sqlite";
import type { InvoiceType } from "../../../src/core/api/schemas/business.ts";
import { PRODUCTS, SEED_ACCOUNTS, WHOLESALERS } from "./catalogue.ts";
import { invoiceAmounts } from "../../../src/core/business/invoice-vat.ts";
import { seedInbox } from "./inbox-seed.ts";
import { insertLines, seedLines, withFoodLines } from "./invoice-lines.ts";
import { addDays, seededRandom, SEED_TODAY, type Random } from "./random.ts";

/** Fills every business table for the seed accounts; prepared statements, inside the caller's transaction. */
export function seedBusiness(db: DatabaseSync): void {
  const product = db.prepare(
    "INSERT INTO products (id, article_number, name, product_group, packaging, litres_per_unit, corona_eligible, position) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
  );
  PRODUCTS.forEach((p, i) =>
    product.run(p.id, p.articleNumber, p.name, p.group, p.packaging, p.litresPerUnit, p.coronaEligible ? 1 : 0, i),
  );
  const wholesaler = db.prepare("INSERT INTO wholesalers (id, name, city) VALUES (?, ?, ?)");
  for (const w of WHOLESALERS) wholesaler.run(w.id, w.name, w.city);

  for (const { accountNumber, invoices } of SEED_ACCOUNTS) {
    seedInvoices(db, accountNumber, invoices);
    seedDocuments(db, accountNumber);
    seedClaims(db, accountNumber);
  }
  seedContracts(db);
  // Written from each account's own invoices, claims and contract.
  for (const { accountNumber } of SEED_ACCOUNTS) seedInbox(db, accountNumber);
  seedCorona(db);
}

const INVOICE_TYPES: { type: InvoiceType; weight: number }[] = [
  { type: "delivery", weight: 0.7 },
  { type: "deposit", weight: 0.12 },
  { type: "service", weight: 0.08 },
  { type: "credit_note", weight: 0.1 },
];

function pickType(random: Random): InvoiceType {
  let roll = random.next();
  for (const { type, weight } of INVOICE_TYPES) {
    roll -= weight;
    if (roll < 0) return type;
  }
  return "delivery";
}

/**
 * Invoices spread back from SEED_TODAY: small accounts over one year, the 5,000-invoice account
 * over three. Unpaid invoices past their due date are overdue, more often recent ones.
 */
function seedInvoices(db: DatabaseSync, accountNumber: string, count: number): void {
  const random = seededRandom(`invoices-${accountNumber}`);
  const insert = db.prepare(
    "INSERT INTO invoices (id, number, account_number, type, status, invoice_date, due_date, paid_date, amount_excl, vat, amount_incl, order_reference) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );
  const spanDays = count > 500 ? 3 * 365 : 365;
  for (let i = 0; i < count; i++) {
    const type = pickType(random);
    const invoiceDate = addDays(SEED_TODAY, -Math.floor(((count - 1 - i) * spanDays) / count) - random.int(0, 1));
    const dueDate = addDays(invoiceDate, type === "service" ? 14 : 30);
    const base =
      type === "delivery" ? random.int(15_000, 450_000) : type === "deposit" ? random.int(2_000, 40_000) : random.int(5_000, 60_000);
    const amountExcl = type === "credit_note" ? -base : base;
    const id = `inv-${number(accountNumber, i)}`;
    const lines = seedLines(id, type, amountExcl);
    insertLines(db, id, lines);
    const { vatAmount: vat } = invoiceAmounts(lines);
    let status: "open" | "paid" | "overdue";
    let paidDate: string | null = null;
    const ageDays = (Date.parse(SEED_TODAY) - Date.parse(dueDate)) / 86_400_000;
    if (ageDays <= 0) status = random.chance(0.2) ? "paid" : "open";
    else status = random.chance(ageDays < 120 ? 0.3 : 0.02) ? "overdue" : "paid";
    if (status === "paid") paidDate = addDays(invoiceDate, random.int(5, 40));
    if (paidDate && paidDate > SEED_TODAY) paidDate = SEED_TODAY;
    const reference = random.chance(0.4) ? `PO-${random.int(1000, 9999)}` : null;
    insert.run(id, number(accountNumber, i), accountNumber, type, status, invoiceDate, dueDate, paidDate, amountExcl, vat, amountExcl + vat, reference);
  }
  withFood(db, accountNumber);
}

const number = (accountNumber: string, i: number): string => `9${accountNumber.slice(-1)}${String(i + 1).padStart(6, "0")}`;

/**
 * The account's newest paid delivery also brought food (9% VAT beside the drinks' 21%), so the UBL
 * e-invoice, the PDF and the VAT summary meet two rates. A paid one: what is owed stays the same.
 */
function withFood(db: DatabaseSync, accountNumber: string): void {
  const row = db
    .prepare("SELECT id, amount_excl FROM invoices WHERE account_number = ? AND type = 'delivery' AND paid_date IS NOT NULL ORDER BY invoice_date DESC, number DESC LIMIT 1")
    .get(accountNumber) as { id: string; amount_excl: number } | undefined;
  if (!row) return;
  const lines = withFoodLines(seedLines(row.id, "delivery", row.amount_excl));
  insertLines(db, row.id, lines);
  const amounts = invoiceAmounts(lines);
  db.prepare("UPDATE invoices SET amount_excl = ?, vat = ?, amount_incl = ? WHERE id = ?").run(amounts.amountExclVat, amounts.vatAmount, amounts.amountInclVat, row.id);
}

const DOCUMENT_SEEDS: { type: string; nl: string; en: string; file: string; date: string }[] = [
  { type: "contract", nl: "Samenwerkingsovereenkomst", en: "Sales contract", file: "samenwerkingsovereenkomst", date: "2024-01-02" },
  { type: "contract", nl: "Addendum volumeafspraken", en: "Addendum volume agreements", file: "addendum-volume", date: "2025-03-14" },
  { type: "price_list", nl: "Prijslijst 2024", en: "Price list 2024", file: "prijslijst-2024", date: "2024-01-01" },
  { type: "price_list", nl: "Prijslijst 2025", en: "Price list 2025", file: "prijslijst-2025", date: "2025-01-01" },
  { type: "price_list", nl: "Prijslijst 2026", en: "Price list 2026", file: "prijslijst-2026", date: "2026-01-01" },
  { type: "other", nl: "Algemene leveringsvoorwaarden", en: "General terms of delivery", file: "leveringsvoorwaarden", date: "2023-06-01" },
  { type: "other", nl: "Handleiding taphygiëne", en: "Tap hygiene manual", file: "taphygiene", date: "2025-09-20" },
];

function seedDocuments(db: DatabaseSync, accountNumber: string): void {
  const insert = db.prepare(
    "INSERT INTO documents (id, account_number, type, title_nl, title_en, file_name, date) VALUES (?, ?, ?, ?, ?, ?, ?)",
  );
  // 100002 has no sales contract (the contract page's empty state), so no contract documents either.
  const hasContract = accountNumber !== "100002";
  DOCUMENT_SEEDS.filter((d) => hasContract || d.type !== "contract").forEach((d, i) => {
    insert.run(`doc-${accountNumber}-${i + 1}`, accountNumber, d.type, d.nl, d.en, `${d.file}-${accountNumber}.pdf`, d.date);
  });
  // Copies of the six most recent invoices.
  const invoices = db
    .prepare("SELECT number, invoice_date FROM invoices WHERE account_number = ? ORDER BY invoice_date DESC, number DESC LIMIT 6")
    .all(accountNumber) as { number: string; invoice_date: string }[];
  invoices.forEach((invoice, i) => {
    insert.run(
      `doc-${accountNumber}-copy-${i + 1}`,
      accountNumber,
      "invoice_copy",
      `Kopie factuur ${invoice.number}`,
      `Copy of invoice ${invoice.number}`,
      `kopie-factuur-${invoice.number}.pdf`,
      invoice.invoice_date,
    );
  });
}

/** Settled quarters per account: from `first` up to 2026-Q1, so later quarters are still claimable. */
const CLAIM_RANGES: Record<string, string> = { "100001": "2024-Q1", "100002": "2024-Q1", "100003": "2025-Q3" };
const LAST_SEEDED_PERIOD = "2026-Q1";

function seedClaims(db: DatabaseSync, accountNumber: string): void {
  const first = CLAIM_RANGES[accountNumber];
  if (!first) return;
  const random = seededRandom(`claims-${accountNumber}`);
  const claim = db.prepare(
    "INSERT INTO bonus_claims (id, account_number, period, status, created_at, submitted_at, paid_out_date) VALUES (?, ?, ?, ?, ?, ?, ?)",
  );
  const line = db.prepare(
    "INSERT INTO bonus_claim_lines (claim_id, wholesaler_id, product_id, quantity, position) VALUES (?, ?, ?, ?, ?)",
  );
  for (let period = first; period <= LAST_SEEDED_PERIOD; period = nextPeriod(period)) {
    const id = `claim-${accountNumber}-${period}`;
    const status = period <= "2025-Q2" ? "paid_out" : period <= "2025-Q4" ? "approved" : "calculated";
    const submitted = `${quarterEnd(period, 12)}T10:00:00.000Z`;
    const paidOut = status === "paid_out" ? quarterEnd(period, 60) : null;
    claim.run(id, accountNumber, period, status, submitted, submitted, paidOut);
    const wholesalers = random.chance(0.5) ? WHOLESALERS.slice(0, 2) : [random.pick(WHOLESALERS)];
    let position = 0;
    for (const w of wholesalers) {
      const products = PRODUCTS.filter(() => random.chance(0.45)).slice(0, 4);
      for (const p of products.length > 0 ? products : [PRODUCTS[0]!]) {
        const quantity = p.packaging === "keg" ? random.int(10, 90) : p.packaging === "tank" ? random.int(1, 6) : random.int(40, 320);
        line.run(id, w.id, p.id, quantity, position++);
      }
    }
  }
}

function nextPeriod(period: string): string {
  const year = Number(period.slice(0, 4));
  const quarter = Number(period.slice(6));
  return quarter === 4 ? `${year + 1}-Q1` : `${year}-Q${quarter + 1}`;
}

/** A day `days` after the end of the period's quarter. */
function quarterEnd(period: string, days: number): string {
  const year = Number(period.slice(0, 4));
  const quarter = Number(period.slice(6));
  const end = new Date(Date.UTC(year, quarter * 3, 0)).toISOString().slice(0, 10);
  return addDays(end, days);
}

function seedContracts(db: DatabaseSync): void {
  const contract = db.prepare(
    "INSERT INTO sales_contracts (id, number, account_number, start_date, end_date, duration) VALUES (?, ?, ?, ?, ?, ?)",
  );
  const volume = db.prepare("INSERT INTO sales_contract_volumes (contract_id, product_group, agreed_hl) VALUES (?, ?, ?)");
  contract.run("swo-100001", "SWO-2024-0117", "100001", "2024-01-01", "2028-12-31", 60);
  for (const [group, hl] of [["pils", 700], ["special_beer", 300], ["non_alcoholic", 80], ["soft_drink", 40]] as const) {
    volume.run("swo-100001", group, hl);
  }
  contract.run("swo-100003", "SWO-2025-0518", "100003", "2025-07-01", "2027-06-30", 24);
  for (const [group, hl] of [["pils", 600], ["special_beer", 160], ["non_alcoholic", 60], ["soft_drink", 90]] as const) {
    volume.run("swo-100003", group, hl);
  }
}

/** A 1×1 PNG: the photo on 100002's tht registration. */
const PIXEL_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

/** 100002 has a submitted tht registration; the other accounts have none yet. */
function seedCorona(db: DatabaseSync): void {
  db.prepare("INSERT INTO corona_registrations (account_number, status, reference, updated_at) VALUES (?, ?, ?, ?)").run(
    "100002",
    "submitted",
    "THT-100002-01",
    `${addDays(SEED_TODAY, -12)}T14:05:00.000Z`,
  );
  const line = db.prepare(
    "INSERT INTO corona_lines (account_number, position, product_id, quantity, best_before) VALUES (?, ?, ?, ?, ?)",
  );
  line.run("100002", 0, "p-pils-fust50", 12, addDays(SEED_TODAY, -20));
  line.run("100002", 1, "p-wit-krat", 40, addDays(SEED_TODAY, 30));
  db.prepare(
    "INSERT INTO attachments (id, owner_kind, owner_id, wholesaler_id, file_name, content_type, size, content, uploaded_at, linked) VALUES (?, 'corona', ?, NULL, ?, ?, ?, ?, ?, 1)",
  ).run("att-corona-100002-1", "100002", "foto-voorraad.png", "image/png", PIXEL_PNG.length, PIXEL_PNG, `${addDays(SEED_TODAY, -12)}T14:00:00.000Z`);
}
