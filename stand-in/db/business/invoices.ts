import type { DatabaseSync, SQLInputValue } from "node:sqlite";
import type { Invoice, InvoiceQuery, InvoiceSortKey } from "../../../src/core/api/schemas/business.ts";
import { invoiceStatus } from "../../../src/core/business/invoice-status.ts";

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
  delivery_number?: string | null;
};

/**
 * The stored status only knows paid or not: whether an unpaid invoice is open or overdue follows from
 * its due date and today by the portal's one rule (src/core/business/invoice-status.ts), which SQL
 * reaches as the function `invoice_status(type, status, paid_date, due_date, amount_incl, today)`, so
 * the filter, the sort, the totals and every row agree.
 */
const withStatusFunction = new WeakSet<DatabaseSync>();
function statusFunction(db: DatabaseSync): void {
  if (withStatusFunction.has(db)) return;
  db.function("invoice_status", { deterministic: true }, (type, status, paidDate, dueDate, amountIncl, today) =>
    invoiceStatus(
      {
        type: type as Invoice["type"],
        status: status as Invoice["status"],
        paidDate: paidDate as string | null,
        dueDate: String(dueDate),
        amountInclVat: Number(amountIncl),
      },
      String(today),
    ),
  );
  withStatusFunction.add(db);
}

/** Every invoice column and the number of the delivery it bills (the daily area's deliveries table). */
const SELECT_INVOICE = "SELECT *, (SELECT number FROM deliveries WHERE invoice_id = invoices.id) AS delivery_number FROM invoices";

const STATUS_SQL = "invoice_status(type, status, paid_date, due_date, amount_incl, ?)";

const toInvoice = (row: InvoiceRow, today: string): Invoice => ({
  id: row.id,
  number: row.number,
  accountNumber: row.account_number,
  type: row.type,
  status: invoiceStatus({ ...row, paidDate: row.paid_date, dueDate: row.due_date, amountInclVat: row.amount_incl }, today),
  invoiceDate: row.invoice_date,
  dueDate: row.due_date,
  paidDate: row.paid_date,
  amountExclVat: row.amount_excl,
  vatAmount: row.vat,
  amountInclVat: row.amount_incl,
  orderReference: row.order_reference,
  deliveryNumber: row.delivery_number ?? null,
});

const SORT_COLUMNS: Record<InvoiceSortKey, string> = {
  number: "number",
  invoiceDate: "invoice_date",
  dueDate: "due_date",
  amountExclVat: "amount_excl",
  amountInclVat: "amount_incl",
  status: STATUS_SQL,
  type: "type",
};

/** The WHERE clause of a filter; every value is a bound parameter. */
function where(accountNumber: string, query: InvoiceQuery, today: string): { sql: string; params: SQLInputValue[] } {
  const clauses = ["account_number = ?"];
  const params: SQLInputValue[] = [accountNumber];
  if (query.status) {
    clauses.push(`${STATUS_SQL} = ?`);
    params.push(today, query.status);
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

/** The sort, with the number as tie-breaker so pages never overlap (sorting by status binds today). */
const orderBy = (query: InvoiceQuery, today: string): { sql: string; params: SQLInputValue[] } => {
  const direction = query.order === "asc" ? "ASC" : "DESC";
  return {
    sql: `ORDER BY ${SORT_COLUMNS[query.sort]} ${direction}, number ${direction}`,
    params: query.sort === "status" ? [today] : [],
  };
};

/** One page of the filtered, sorted list and the number of matches, with each status as it is on `today`. */
export function findInvoices(
  db: DatabaseSync,
  accountNumber: string,
  query: InvoiceQuery,
  today: string,
): { items: Invoice[]; total: number } {
  statusFunction(db);
  const filter = where(accountNumber, query, today);
  const order = orderBy(query, today);
  const { total } = db.prepare(`SELECT COUNT(*) AS total FROM invoices WHERE ${filter.sql}`).get(...filter.params) as { total: number };
  const rows = db
    .prepare(`${SELECT_INVOICE} WHERE ${filter.sql} ${order.sql} LIMIT ? OFFSET ?`)
    .all(...filter.params, ...order.params, query.pageSize, (query.page - 1) * query.pageSize) as InvoiceRow[];
  return { items: rows.map((row) => toInvoice(row, today)), total };
}

/** Every invoice matching the filter, sorted (for the CSV export). */
export function allInvoices(db: DatabaseSync, accountNumber: string, query: InvoiceQuery, today: string): Invoice[] {
  statusFunction(db);
  const filter = where(accountNumber, query, today);
  const order = orderBy(query, today);
  const rows = db.prepare(`${SELECT_INVOICE} WHERE ${filter.sql} ${order.sql}`).all(...filter.params, ...order.params) as InvoiceRow[];
  return rows.map((row) => toInvoice(row, today));
}

/**
 * What the account owes incl. VAT on `today`, regardless of any filter: the open part (not yet due,
 * with unsettled credit notes, which lower what is owed but are never overdue) and the overdue part.
 */
export function invoiceTotals(db: DatabaseSync, accountNumber: string, today: string): { open: number; overdue: number } {
  statusFunction(db);
  const rows = db
    .prepare(
      `SELECT ${STATUS_SQL} AS current, SUM(amount_incl) AS amount FROM invoices WHERE account_number = ? GROUP BY current`,
    )
    .all(today, accountNumber) as { current: string; amount: number }[];
  const amount = (status: string): number => rows.find((row) => row.current === status)?.amount ?? 0;
  return { open: amount("open"), overdue: amount("overdue") };
}

export function getInvoice(db: DatabaseSync, accountNumber: string, id: string, today: string): Invoice | undefined {
  const row = db.prepare(`${SELECT_INVOICE} WHERE id = ? AND account_number = ?`).get(id, accountNumber) as InvoiceRow | undefined;
  return row ? toInvoice(row, today) : undefined;
}
