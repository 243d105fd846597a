import * as v from "valibot";
import { IsoDateSchema } from "../common.ts";
import { CentsSchema, pageOf } from "./money.ts";

/**
 * Where an invoice stands: open (not yet due), paid, or overdue (past its due date, unpaid, not a
 * credit). Decided by `invoiceStatus` (src/core/business/invoice-status.ts) from the dates, not stored.
 */
export const INVOICE_STATUSES = ["open", "paid", "overdue"] as const;
export const InvoiceStatusSchema = v.picklist(INVOICE_STATUSES);
export type InvoiceStatus = v.InferOutput<typeof InvoiceStatusSchema>;

/**
 * What an invoice is for: a delivery of goods, a credit note (negative amounts, e.g. returned
 * goods), deposit on returnable empties (emballage), or a service such as tap installation upkeep.
 */
export const INVOICE_TYPES = ["delivery", "credit_note", "deposit", "service"] as const;
export const InvoiceTypeSchema = v.picklist(INVOICE_TYPES);
export type InvoiceType = v.InferOutput<typeof InvoiceTypeSchema>;

export const InvoiceSchema = v.object({
  id: v.string(),
  /** The number printed on the invoice and searched by `q`, e.g. `F2026-100001-0042`. */
  number: v.string(),
  accountNumber: v.string(),
  type: InvoiceTypeSchema,
  status: InvoiceStatusSchema,
  invoiceDate: IsoDateSchema,
  dueDate: IsoDateSchema,
  /** Date the payment was received; null while unpaid. */
  paidDate: v.nullable(IsoDateSchema),
  amountExclVat: CentsSchema,
  vatAmount: CentsSchema,
  amountInclVat: CentsSchema,
  /** The customer's own order reference, when one was given. */
  orderReference: v.nullable(v.string()),
  /** The delivery this invoice bills, by its delivery note's number (addition; absent or null when none). */
  deliveryNumber: v.optional(v.nullable(v.string())),
});
export type Invoice = v.InferOutput<typeof InvoiceSchema>;

/** Columns the list can be sorted by. */
export const INVOICE_SORT_KEYS = [
  "number",
  "invoiceDate",
  "dueDate",
  "amountExclVat",
  "amountInclVat",
  "status",
  "type",
] as const;
export type InvoiceSortKey = (typeof INVOICE_SORT_KEYS)[number];
export const SORT_ORDERS = ["asc", "desc"] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export const INVOICE_PAGE_SIZES = [10, 25, 50, 100] as const;
export const MAX_INVOICE_PAGE_SIZE = 100;

/**
 * The filter, sort and page of `GET /invoices` (and of `/invoices/export.csv`, which ignores the page).
 * `from`/`to` bound the invoice date, both inclusive; `q` matches part of the invoice number.
 * Parsed from query strings by `parseInvoiceQuery` (src/core/business/invoice-query.ts).
 */
export type InvoiceQuery = {
  status?: InvoiceStatus;
  from?: string;
  to?: string;
  q?: string;
  sort: InvoiceSortKey;
  order: SortOrder;
  page: number;
  pageSize: number;
};

export const DEFAULT_INVOICE_QUERY: Readonly<Pick<InvoiceQuery, "sort" | "order" | "page" | "pageSize">> = {
  sort: "invoiceDate",
  order: "desc",
  page: 1,
  pageSize: 25,
};

/** GET /invoices: one page plus what the account owes in total, whatever the filter. */
export const InvoiceListSchema = v.object({
  ...pageOf(InvoiceSchema).entries,
  totals: v.object({
    /** Sum incl. VAT of invoices open by `invoiceStatus` on today, unsettled credit notes included (they lower it). */
    open: CentsSchema,
    /** Sum incl. VAT of invoices overdue by `invoiceStatus` on today (never a credit note). */
    overdue: CentsSchema,
  }),
});
export type InvoiceList = v.InferOutput<typeof InvoiceListSchema>;

