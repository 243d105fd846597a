import type { Invoice } from "../api/schemas/business/invoices.ts";
import { translate, type MessageKey } from "../i18n/index.ts";
import type { Lang } from "../i18n/locale.ts";
import { BOM, csvCell, decimal, SPREADSHEET_FORMATS } from "./invoice-csv.ts";
import { isCredit } from "./invoice-status.ts";
import { vatBreakdown, VAT_RATES, type InvoiceLine, type VatRate } from "./invoice-vat.ts";

/**
 * The VAT summary of a period's download: per rate the amount excl. VAT, the VAT and incl. VAT, for
 * the invoices, the credit notes and both together, from each invoice's own VAT breakdown (the one
 * calculation behind the stored amounts, the PDF and the UBL), so its totals are the list's.
 */

export type SummaryGroup = "invoices" | "creditNotes" | "together";
export type SummaryRow = { group: SummaryGroup; rate: VatRate | "total"; count: number; net: number; vat: number; gross: number };

const GROUPS: readonly SummaryGroup[] = ["invoices", "creditNotes", "together"];

export function vatSummary(documents: readonly { invoice: Invoice; lines: readonly InvoiceLine[] }[]): SummaryRow[] {
  const inGroup = (group: SummaryGroup) =>
    documents.filter(({ invoice }) => group === "together" || (group === "creditNotes") === isCredit(invoice));
  return GROUPS.flatMap((group) => {
    const members = inGroup(group);
    const parts = members.map(({ lines }) => vatBreakdown(lines));
    const perRate = VAT_RATES.map((rate): SummaryRow => {
      const ofRate = parts.flatMap((list) => list.filter((part) => part.rate === rate));
      const net = ofRate.reduce((sum, part) => sum + part.net, 0);
      const vat = ofRate.reduce((sum, part) => sum + part.vat, 0);
      return { group, rate, count: ofRate.length, net, vat, gross: net + vat };
    });
    const net = perRate.reduce((sum, row) => sum + row.net, 0);
    const vat = perRate.reduce((sum, row) => sum + row.vat, 0);
    return [...perRate, { group, rate: "total", count: members.length, net, vat, gross: net + vat }];
  });
}

const GROUP_KEYS: Record<SummaryGroup, MessageKey> = {
  invoices: "biz.bundle.summary.invoices",
  creditNotes: "biz.bundle.summary.creditNotes",
  together: "biz.bundle.summary.together",
};
const HEADINGS: readonly MessageKey[] = [
  "biz.bundle.summary.group",
  "biz.bundle.summary.rate",
  "biz.bundle.summary.count",
  "biz.invoices.col.amountExclVat",
  "biz.invoices.col.vatAmount",
  "biz.invoices.col.amountInclVat",
];

/** A row's text cells in the reader's language: its group and its rate ("21%" or "Totaal"). */
const labels = (row: SummaryRow, lang: Lang): [string, string] => [
  translate(lang, GROUP_KEYS[row.group]),
  row.rate === "total" ? translate(lang, "biz.bundle.summary.total") : `${row.rate}%`,
];

/** The summary as CSV in the conventions of the invoice export (invoice-csv.ts): separator, decimal mark, BOM, CRLF. */
export function vatSummaryCsv(rows: readonly SummaryRow[], lang: Lang): string {
  const format = SPREADSHEET_FORMATS[lang];
  const lines = [
    HEADINGS.map((key) => translate(lang, key)),
    ...rows.map((row) => [...labels(row, lang), String(row.count), decimal(row.net, format), decimal(row.vat, format), decimal(row.gross, format)]),
  ];
  return BOM + lines.map((line) => line.map((value) => csvCell(value, format.separator)).join(format.separator)).join("\r\n") + "\r\n";
}

const xmlText = (text: string): string => text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c] ?? c);
const column = (index: number): string => String.fromCharCode(65 + index);

/**
 * The summary as the parts of an Excel workbook (.xlsx, Office Open XML SpreadsheetML): one sheet,
 * headings as text, amounts as numbers in euros with two decimals (Excel shows them in the reader's
 * own number format, whatever language the file was made in). The caller zips the parts.
 */
export function vatSummaryXlsxParts(rows: readonly SummaryRow[], lang: Lang): Record<string, string> {
  const text = (ref: string, value: string, style = 0) => `<c r="${ref}" t="inlineStr"${style ? ` s="${style}"` : ""}><is><t>${xmlText(value)}</t></is></c>`;
  const number = (ref: string, value: number, style = 0) => `<c r="${ref}"${style ? ` s="${style}"` : ""}><v>${value}</v></c>`;
  const header = `<row r="1">${HEADINGS.map((key, i) => text(`${column(i)}1`, translate(lang, key), 2)).join("")}</row>`;
  const body = rows
    .map((row, i) => {
      const r = i + 2;
      const [group, rate] = labels(row, lang);
      const bold = row.rate === "total" ? 2 : 0;
      const money = row.rate === "total" ? 3 : 1;
      return `<row r="${r}">${text(`A${r}`, group, bold)}${text(`B${r}`, rate, bold)}${number(`C${r}`, row.count, bold)}${number(`D${r}`, row.net / 100, money)}${number(`E${r}`, row.vat / 100, money)}${number(`F${r}`, row.gross / 100, money)}</row>`;
    })
    .join("");
  const sheetName = xmlText(translate(lang, "biz.bundle.summary.sheet"));
  const xml = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
  const main = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
  const rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
  return {
    "[Content_Types].xml": `${xml}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
    "_rels/.rels": `${xml}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    "xl/workbook.xml": `${xml}<workbook xmlns="${main}" xmlns:r="${rel}"><sheets><sheet name="${sheetName}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    "xl/_rels/workbook.xml.rels": `${xml}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${rel}/styles" Target="styles.xml"/></Relationships>`,
    // Styles: 0 plain, 1 amount (#,##0.00), 2 bold text, 3 bold amount.
    "xl/styles.xml": `${xml}<styleSheet xmlns="${main}"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="4" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="4" fontId="1" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" applyFont="1"/></cellXfs></styleSheet>`,
    "xl/worksheets/sheet1.xml": `${xml}<worksheet xmlns="${main}"><cols><col min="1" max="1" width="18" customWidth="1"/><col min="2" max="3" width="10" customWidth="1"/><col min="4" max="6" width="14" customWidth="1"/></cols><sheetData>${header}${body}</sheetData></worksheet>`,
  };
}
