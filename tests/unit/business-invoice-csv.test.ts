import { describe, expect, it } from "vitest";
import type { Invoice } from "../../src/core/api/schemas/business.ts";
import { csvCell, invoiceCsv } from "../../src/core/business/invoice-csv.ts";

const invoice = (overrides: Partial<Invoice> = {}): Invoice => ({
  id: "inv-1",
  number: "F2026-100001-0042",
  accountNumber: "100001",
  type: "credit_note",
  status: "paid",
  invoiceDate: "2026-03-05",
  dueDate: "2026-04-04",
  paidDate: "2026-03-20",
  amountExclVat: -123456,
  vatAmount: -25926,
  amountInclVat: -149382,
  orderReference: "Café; terras \"zomer\"",
  ...overrides,
});

/** The rows of a file without its byte-order mark, split on the language's separator (no quoted separators in these rows). */
const rowsOf = (csv: string, separator: string): string[][] =>
  csv.replace(/^\uFEFF/, "").trimEnd().split("\r\n").map((line) => line.split(separator));

describe("invoice export", () => {
  it("writes Dutch headings, values, dates and decimal commas between semicolons, after a byte-order mark", () => {
    const csv = invoiceCsv([invoice({ orderReference: null })], "nl", "2026-11-27");
    expect(csv.startsWith("\uFEFF")).toBe(true);
    expect(csv.endsWith("\r\n")).toBe(true);
    expect(rowsOf(csv, ";")).toEqual([
      ["Factuurnummer", "Soort", "Status", "Factuurdatum", "Vervaldatum", "Betaald op", "Excl. btw", "Btw", "Incl. btw", "Uw referentie"],
      ["F2026-100001-0042", "Creditnota", "Verrekend", "05-03-2026", "04-04-2026", "20-03-2026", "-1234,56", "-259,26", "-1493,82", ""],
    ]);
  });

  it("writes English with commas, decimal points and ISO dates", () => {
    const rows = rowsOf(invoiceCsv([invoice({ orderReference: null, paidDate: null, status: "open", type: "deposit" })], "en", "2026-03-10"), ",");
    expect(rows[0]?.[0]).toBe("Invoice number");
    // A negative amount is a credit, whatever its type.
    expect(rows[1]).toEqual(["F2026-100001-0042", "Deposit", "Credit", "2026-03-05", "2026-04-04", "", "-1234.56", "-259.26", "-1493.82", ""]);
  });

  it("writes each status as the rule gives it on the day, not the status the invoice came with", () => {
    const unpaid = { paidDate: null, status: "open" as const, type: "delivery" as const, amountExclVat: 10000, vatAmount: 2100, amountInclVat: 12100 };
    const statusOn = (day: string, overrides: Partial<Invoice>): string =>
      rowsOf(invoiceCsv([invoice({ orderReference: null, ...unpaid, ...overrides })], "nl", day), ";")[1]?.[2] ?? "";
    expect(statusOn("2026-04-04", {})).toBe("Open");
    expect(statusOn("2026-04-05", {})).toBe("Vervallen");
    expect(statusOn("2026-04-05", { type: "credit_note", amountInclVat: -12100, status: "overdue" })).toBe("Tegoed");
  });

  it("quotes a cell holding the separator or a quote, and keeps the other language's separator as text", () => {
    const nl = invoiceCsv([invoice()], "nl", "2026-11-27").split("\r\n")[1] ?? "";
    expect(nl.endsWith(';"Café; terras ""zomer"""')).toBe(true);
    expect(csvCell("a,b", ";")).toBe("a,b");
    expect(csvCell("a,b", ",")).toBe('"a,b"');
    expect(csvCell("line\nbreak", ";")).toBe('"line\nbreak"');
  });

  it("never lets a cell run as a formula, but leaves negative amounts as numbers", () => {
    expect(csvCell("=1+2", ";")).toBe("'=1+2");
    expect(csvCell('=HYPERLINK("x")', ";")).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell("@SUM(A1)", ";")).toBe("'@SUM(A1)");
    expect(csvCell("+31 6 1234", ",")).toBe("'+31 6 1234");
    expect(csvCell("-1234,56", ";")).toBe("-1234,56");
    expect(csvCell("-12.5", ",")).toBe("-12.5");
  });
});
