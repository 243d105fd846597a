import type { Invoice } from "../api/schemas/business/invoices.ts";
import { translate, type MessageKey } from "../i18n/index.ts";
import { invoiceBadge } from "./invoice-status.ts";
import type { Lang } from "../i18n/locale.ts";

/**
 * How a language's spreadsheets read a CSV file. Dutch Excel splits on a semicolon (the comma is its
 * decimal mark) and reads dd-mm-yyyy dates; English Excel splits on a comma and reads a decimal
 * point; an ISO date is read by both but shown as the reader expects only in English.
 */
export type SpreadsheetFormat = { separator: ";" | ","; decimalMark: "," | "."; date: (iso: string) => string };

export const SPREADSHEET_FORMATS: Record<Lang, SpreadsheetFormat> = {
  nl: { separator: ";", decimalMark: ",", date: (iso) => `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}` },
  en: { separator: ",", decimalMark: ".", date: (iso) => iso.slice(0, 10) },
};

/** A byte-order mark: without it Excel reads UTF-8 as the machine's legacy code page and mangles 'é' and '€'. */
export const BOM = "\uFEFF";

/** The export's columns in order, each with its heading and how its value is written. */
type Cell = (invoice: Invoice, lang: Lang, format: SpreadsheetFormat, today: string) => string;
const COLUMNS: ReadonlyArray<{ heading: MessageKey; value: Cell }> = [
  { heading: "biz.invoices.col.number", value: (invoice) => invoice.number },
  { heading: "biz.invoices.col.type", value: (invoice, lang) => translate(lang, `biz.invoiceType.${invoice.type}`) },
  { heading: "biz.invoices.col.status", value: (invoice, lang, _format, today) => translate(lang, `biz.invoiceStatus.${invoiceBadge(invoice, today)}`) },
  { heading: "biz.invoices.col.invoiceDate", value: (invoice, _lang, format) => format.date(invoice.invoiceDate) },
  { heading: "biz.invoices.col.dueDate", value: (invoice, _lang, format) => format.date(invoice.dueDate) },
  { heading: "biz.invoices.col.paidDate", value: (invoice, _lang, format) => (invoice.paidDate ? format.date(invoice.paidDate) : "") },
  { heading: "biz.invoices.col.amountExclVat", value: (invoice, _lang, format) => decimal(invoice.amountExclVat, format) },
  { heading: "biz.invoices.col.vatAmount", value: (invoice, _lang, format) => decimal(invoice.vatAmount, format) },
  { heading: "biz.invoices.col.amountInclVat", value: (invoice, _lang, format) => decimal(invoice.amountInclVat, format) },
  { heading: "biz.invoices.col.orderReference", value: (invoice) => invoice.orderReference ?? "" },
];

/**
 * The invoice list as a CSV file that opens as columns in the reader's spreadsheet: headings and
 * values in the page's language, that language's separator, decimal mark and dates, a byte-order
 * mark, CRLF line ends (RFC 4180). Each status is the one the rule gives on `today` (yyyy-mm-dd,
 * Europe/Amsterdam), never a stored word that has aged.
 */
export function invoiceCsv(invoices: readonly Invoice[], lang: Lang, today: string): string {
  const format = SPREADSHEET_FORMATS[lang];
  return csvText(
    [
      COLUMNS.map((column) => translate(lang, column.heading)),
      ...invoices.map((invoice) => COLUMNS.map((column) => column.value(invoice, lang, format, today))),
    ],
    format,
  );
}

/** Rows of cells as a CSV file in a language's spreadsheet format: byte-order mark, each cell made safe, CRLF (every export). */
export const csvText = (rows: readonly (readonly string[])[], format: SpreadsheetFormat): string =>
  BOM + rows.map((row) => row.map((value) => csvCell(value, format.separator)).join(format.separator)).join("\r\n") + "\r\n";

/** Cents as a plain decimal amount without grouping, which every spreadsheet reads as a number: -1234 -> "-12,34" in Dutch. */
export function decimal(cents: number, format: SpreadsheetFormat): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}${format.decimalMark}${String(abs % 100).padStart(2, "0")}`;
}

/**
 * One cell: quoted when it holds the separator, a quote or a line break (quotes doubled). Text that
 * starts with = + - @ and is not a number gets a leading apostrophe, so a spreadsheet shows it
 * instead of running it as a formula.
 */
export function csvCell(value: string, separator: string): string {
  const text = /^[=+\-@]/.test(value) && !/^-?\d+([.,]\d+)?$/.test(value) ? `'${value}` : value;
  return text.includes(separator) || /["\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
