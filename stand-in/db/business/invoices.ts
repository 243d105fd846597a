import type { DatabaseSync, SQLInputValue } from "node:sqlite";
import type { Invoice, InvoiceQuery, InvoiceSortKey } from "../../../src/core/api/schemas/business.ts";

type InvoiceRow = {
  id: string;
  number: string;
  account_number: string;
  type: Invoice["type"];
  status: Invoice["status"];
  invoice_date: string;
  due_date: string;
  paid_date: string | null;
  amount_excl: number;
  vat: number;
  amount_incl: number;
  order_reference: string | null;
};

const toInvoice = (row: InvoiceRow): Invoice => ({
  id: row.id,
  number: row.number,
  accountNumber: row.account_number,
  type: row.type,
  status: row.status,
  invoiceDate: row.invoice_date,
  dueDate: row.due_date,
  paidDate: row.paid_date,
  amountExclVat: row.amount_excl,
  vatAmount: row.vat,
  amountInclVat: row.amount_incl,
  orderReference: row.order_reference,
});

const SORT_COLUMNS: Record<InvoiceSortKey, string> = {
  number: "number",
  invoiceDate: "invoice_date",
  dueDate: "due_date",
  amountExclVat: "amount_excl",
  amountInclVat: "amount_incl",
  status: "status",
  type: "type",
};

/** The WHERE clause of a filter; every value is a bound parameter. */
function where(accountNumber: string, query: InvoiceQuery): { sql: string; params: SQLInputValue[] } {
  const clauses = ["account_number = ?"];
  const params: SQLInputValue[] = [accountNumber];
  if (query.status) {
    clauses.push("status = ?");
    params.push(query.status);
  }
  if (query.from) {
    clauses.push("invoice_date >= ?");
    params.push(query.from);
  }
  if (query.to) {
    clauses.push("invoice_date <= ?");
    params.push(query.to);
  }
  if (query.q) {
    // instr, not LIKE: a search for "%" or "_" means those characters, not wildcards.
    clauses.push("instr(number, ?) > 0");
    params.push(query.q);
  }
  return { sql: clauses.join(" AND "), params };
}

/** The sort, with the number as tie-breaker so pages never overlap. */
const orderBy = (query: InvoiceQuery): string => {
  const direction = query.order === "asc" ? "ASC" : "DESC";
  return `ORDER BY ${SORT_COLUMNS[query.sort]} ${direction}, number ${direction}`;
};

/** One page of the filtered, sorted list and the number of matches. */
export function findInvoices(db: DatabaseSync, accountNumber: string, query: InvoiceQuery): { items: Invoice[]; total: number } {
  const filter = where(accountNumber, query);
  const { total } = db.prepare(`SELECT COUNT(*) AS total FROM invoices WHERE ${filter.sql}`).get(...filter.params) as { total: number };
  const rows = db
    .prepare(`SELECT * FROM invoices WHERE ${filter.sql} ${orderBy(query)} LIMIT ? OFFSET ?`)
    .all(...filter.params, query.pageSize, (query.page - 1) * query.pageSize) as InvoiceRow[];
  return { items: rows.map(toInvoice), total };
}

/** Every invoice matching the filter, sorted (for the CSV export). */
export function allInvoices(db: DatabaseSync, accountNumber: string, query: InvoiceQuery): Invoice[] {
  const filter = where(accountNumber, query);
  const rows = db.prepare(`SELECT * FROM invoices WHERE ${filter.sql} ${orderBy(query)}`).all(...filter.params) as InvoiceRow[];
  return rows.map(toInvoice);
}

/** What the account owes incl. VAT: open (not yet due) and overdue, regardless of any filter. */
export function invoiceTotals(db: DatabaseSync, accountNumber: string): { open: number; overdue: number } {
  const rows = db
    .prepare(
      "SELECT status, SUM(amount_incl) AS amount FROM invoices WHERE account_number = ? AND status IN ('open', 'overdue') GROUP BY status",
    )
    .all(accountNumber) as { status: string; amount: number }[];
  const amount = (status: string): number => rows.find((row) => row.status === status)?.amount ?? 0;
  return { open: amount("open"), overdue: amount("overdue") };
}

export function getInvoice(db: DatabaseSync, accountNumber: string, id: string): Invoice | undefined {
  const row = db.prepare("SELECT * FROM invoices WHERE id = ? AND account_number = ?").get(id, accountNumber) as InvoiceRow | undefined;
  return row ? toInvoice(row) : undefined;
}
