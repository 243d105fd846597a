import type { DatabaseSync } from "node:sqlite";
import type { Invoice } from "../../../../src/core/api/schemas/business.ts";
import { invoiceUbl, type UblParty } from "../../../../src/core/business/invoice-ubl.ts";
import { getLines } from "../../../db/business/invoice-lines.ts";
import { findAccount } from "../../../db/people/accounts.ts";
import { renderInvoicePdf } from "../../../pdf/invoice.ts";
import { SUPPLIER } from "../../../pdf/writer.ts";

/** The files of one invoice (its PDF and its UBL e-invoice), as the single route and the period's ZIP serve them. */

/** The customer as the e-invoice names it: the account's legal name, visiting address, KvK and VAT numbers. */
function buyerOf(db: DatabaseSync, accountNumber: string): UblParty {
  const account = findAccount(db, accountNumber);
  if (!account) throw new Error(`no account ${accountNumber}`);
  return {
    name: account.name,
    street: account.address1line1,
    postalCode: account.address1postalcode,
    city: account.address1city,
    kvkNumber: account.chamberOfCommerceNumber,
    vatNumber: account.vatNumber,
  };
}

/**
 * The invoice a credit note corrects: the stand-in's seed keeps no such link, so it is the account's
 * latest delivery on or before the credit note's date (a real backend stores it with the credit note).
 */
function correctedInvoice(db: DatabaseSync, invoice: Invoice): { number: string; invoiceDate: string } | null {
  const row = db
    .prepare(
      "SELECT number, invoice_date FROM invoices WHERE account_number = ? AND type = 'delivery' AND invoice_date <= ? ORDER BY invoice_date DESC, number DESC LIMIT 1",
    )
    .get(invoice.accountNumber, invoice.invoiceDate) as { number: string; invoice_date: string } | undefined;
  return row ? { number: row.number, invoiceDate: row.invoice_date } : null;
}

export function ublFile(db: DatabaseSync, invoice: Invoice, lang: "nl" | "en"): { fileName: string; contentType: string; bytes: Uint8Array } {
  const xml = invoiceUbl({
    invoice,
    lines: getLines(db, invoice),
    seller: SUPPLIER,
    buyer: buyerOf(db, invoice.accountNumber),
    corrects: invoice.type === "credit_note" ? correctedInvoice(db, invoice) : null,
  });
  return { fileName: `${fileStem(invoice, lang)}.xml`, contentType: "application/xml; charset=utf-8", bytes: Buffer.from(xml, "utf8") };
}

export async function pdfFile(db: DatabaseSync, invoice: Invoice, lang: "nl" | "en"): Promise<{ fileName: string; contentType: string; bytes: Uint8Array }> {
  return { fileName: `${fileStem(invoice, lang)}.pdf`, contentType: "application/pdf", bytes: await renderInvoicePdf(invoice, getLines(db, invoice), lang) };
}

/** `factuur-{number}` / `invoice-{number}` (a credit note too: the bookkeeping sorts by number). */
const fileStem = (invoice: Invoice, lang: "nl" | "en"): string => `${lang === "en" ? "invoice" : "factuur"}-${invoice.number}`;
