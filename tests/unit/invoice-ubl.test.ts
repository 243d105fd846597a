import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { DatabaseSync } from "node:sqlite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Invoice } from "../../src/core/api/schemas/business.ts";
import { invoiceAmounts, vatBreakdown } from "../../src/core/business/invoice-vat.ts";
import { PEPPOL_CUSTOMIZATION_ID, PEPPOL_PROFILE_ID } from "../../src/core/business/invoice-ubl.ts";
import { ublFile } from "../../stand-in/api/routes/business/invoice-files.ts";
import { getLines } from "../../stand-in/db/business/invoice-lines.ts";
import { allInvoices } from "../../stand-in/db/business/invoices.ts";
import { SEED_TODAY } from "../../stand-in/db/business/random.ts";
import { openDatabase } from "../../stand-in/db/index.ts";
import { loadRules, schemaErrors, schematronFailures, type RuleSet } from "../support/einvoice-validation.ts";

/**
 * Every seeded invoice and credit note as a UBL e-invoice, validated against the official rules:
 * the UBL 2.1 schema, the CEN EN 16931 UBL rules and the Peppol BIS Billing 3.0 rules (vendored in
 * tests/vendor/einvoicing). No fatal result is allowed. Of the 5,000 invoices of account 100002 every
 * one is checked for its figures; the rules, which take a third of a second a document, check one
 * invoice of each shape (type, VAT rates, number of lines): the document differs between invoices of
 * one shape only in its values, whose figures the first check holds.
 */

let dir: string;
let db: DatabaseSync;
let rules: Record<RuleSet, unknown>;
const ALL = { sort: "number", order: "asc", page: 1, pageSize: 100 } as const;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "kp-ubl-"));
  db = openDatabase(dir);
  // The first run compiles the rules' XSLT to SEF (about a minute on a busy machine), later runs read the cache.
  rules = await loadRules();
}, 240_000);
afterAll(async () => {
  db.close();
  await rm(dir, { recursive: true, force: true });
});

const ublOf = (invoice: Invoice): string => new TextDecoder().decode(ublFile(db, invoice, "nl").bytes);
const twoRates = (invoice: Invoice): boolean => new Set(getLines(db, invoice).map((line) => line.vatRate)).size > 1;

const largeAccount = (): Invoice[] => allInvoices(db, "100002", { ...ALL, sort: "invoiceDate", order: "desc" }, SEED_TODAY);
const shapeOf = (invoice: Invoice): string => {
  const lines = getLines(db, invoice);
  return [invoice.type, [...new Set(lines.map((line) => line.vatRate))].sort().join("+"), lines.length].join("|");
};

/** Every invoice of the two smaller accounts, and the newest invoice of each shape of the large one. */
function documents(): Invoice[] {
  const small = ["100001", "100003"].flatMap((account) => allInvoices(db, account, ALL, SEED_TODAY));
  const byShape = new Map<string, Invoice>();
  for (const invoice of largeAccount()) if (!byShape.has(shapeOf(invoice))) byShape.set(shapeOf(invoice), invoice);
  return [...small, ...byShape.values()];
}

/** The document carries the invoice's stored figures: per rate from its lines, and the totals the list and the PDF show. */
function expectStoredFigures(invoice: Invoice): void {
  const lines = getLines(db, invoice);
  expect(invoiceAmounts(lines), invoice.number).toEqual({
    amountExclVat: invoice.amountExclVat,
    vatAmount: invoice.vatAmount,
    amountInclVat: invoice.amountInclVat,
  });
  const xml = ublOf(invoice);
  const euros = (cents: number): string => (Math.abs(cents) / 100).toFixed(2);
  expect(xml).toContain(`<cbc:CustomizationID>${PEPPOL_CUSTOMIZATION_ID}</cbc:CustomizationID>`);
  expect(xml).toContain(`<cbc:ProfileID>${PEPPOL_PROFILE_ID}</cbc:ProfileID>`);
  expect(xml).toContain(`<cbc:TaxExclusiveAmount currencyID="EUR">${euros(invoice.amountExclVat)}</cbc:TaxExclusiveAmount>`);
  expect(xml).toContain(`<cbc:PayableAmount currencyID="EUR">${euros(invoice.amountInclVat)}</cbc:PayableAmount>`);
  for (const part of vatBreakdown(lines)) {
    expect(xml).toContain(
      `<cbc:TaxableAmount currencyID="EUR">${euros(part.net)}</cbc:TaxableAmount><cbc:TaxAmount currencyID="EUR">${euros(part.vat)}</cbc:TaxAmount><cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>${part.rate}</cbc:Percent>`,
    );
  }
  expect(xml.startsWith(`<?xml version="1.0" encoding="UTF-8"?>\n<${invoice.type === "credit_note" ? "CreditNote" : "Invoice"} `)).toBe(true);
}

describe("UBL e-invoices of the seed", () => {
  it("include credit notes and an invoice with 9% and 21% lines", () => {
    const all = documents();
    expect(all.filter((invoice) => invoice.type === "credit_note").length).toBeGreaterThan(5);
    expect(all.filter(twoRates).length).toBeGreaterThanOrEqual(3);
  });

  it("carry the stored figures: per rate from the lines, and the totals the list and the PDF show", () => {
    for (const invoice of documents()) expectStoredFigures(invoice);
  });

  it("carry the stored figures for every one of the 5,000 invoices of the large account", () => {
    const large = largeAccount();
    expect(large.length).toBeGreaterThanOrEqual(5000);
    for (const invoice of large) expectStoredFigures(invoice);
  }, 120_000);

  it("are valid against the UBL 2.1 schema", async () => {
    const docs = documents().map((invoice) => ({ name: invoice.number, xml: ublOf(invoice) }));
    expect(await schemaErrors(docs)).toEqual([]);
  });

  it("are valid against the UBL 2.1 schema, every one of the 5,000 invoices of the large account", async () => {
    const docs = largeAccount().map((invoice) => ({ name: invoice.number, xml: ublOf(invoice) }));
    expect(await schemaErrors(docs)).toEqual([]);
  }, 120_000);

  it("break no fatal rule of EN 16931 or Peppol BIS Billing 3.0", () => {
    const fatal = documents().flatMap((invoice) =>
      schematronFailures(rules, ublOf(invoice))
        .filter((failure) => failure.flag === "fatal")
        .map((failure) => `${invoice.number} ${failure.ruleSet} ${failure.id}: ${failure.text}`),
    );
    expect(fatal).toEqual([]);
  }, 120_000);

  it("would be caught: the validators do report a broken document", async () => {
    const invoice = documents().find((candidate) => candidate.type === "delivery") as Invoice;
    const xml = ublOf(invoice);
    const wrongTotal = xml.replace(/<cbc:PayableAmount currencyID="EUR">/, '<cbc:PayableAmount currencyID="EUR">1');
    expect(schematronFailures(rules, wrongTotal).map((failure) => `${failure.ruleSet} ${failure.id} ${failure.flag}`)).toContain("cen BR-CO-16 fatal");
    const noProfile = xml.replace(/<cbc:ProfileID>[^<]*<\/cbc:ProfileID>/, "<cbc:ProfileID>urn:unknown</cbc:ProfileID>");
    expect(schematronFailures(rules, noProfile).some((failure) => failure.ruleSet === "peppol" && failure.flag === "fatal")).toBe(true);
    const misordered = xml.replace(/(<cbc:DueDate>[^<]*<\/cbc:DueDate>)(<cbc:InvoiceTypeCode>380<\/cbc:InvoiceTypeCode>)/, "$2$1");
    expect(await schemaErrors([{ name: "misordered", xml: misordered }])).not.toEqual([]);
  });
});
