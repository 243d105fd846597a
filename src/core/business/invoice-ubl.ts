import type { Invoice } from "../api/schemas/business.ts";
import { isCredit } from "./invoice-status.ts";
import { invoiceAmounts, vatBreakdown, type InvoiceLine } from "./invoice-vat.ts";

/**
 * The invoice as a UBL 2.1 e-invoice following Peppol BIS Billing 3.0 (EN 16931): what Exact Online,
 * Twinfield, Moneybird, SnelStart and e-Boekhouden import. Built from the invoice's own lines by the
 * same calculation as its stored amounts and the PDF (invoice-vat.ts), so the three agree.
 * A credit note becomes a UBL CreditNote with positive amounts (UBL's sign convention), which refers
 * to the invoice it corrects (NL-R-001 of the Dutch Peppol rules).
 */

export const PEPPOL_CUSTOMIZATION_ID = "urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0";
export const PEPPOL_PROFILE_ID = "urn:fdc:peppol.eu:2017:poacc:billing:01:1.0";

/** A Dutch company as the e-invoice names it: legal name, visiting address, KvK and VAT numbers. */
export type UblParty = {
  name: string;
  street: string;
  postalCode: string;
  city: string;
  /** Kamer van Koophandel number (8 digits): the legal registration and the Peppol address (scheme 0106). */
  kvkNumber: string;
  vatNumber: string;
};

export type UblDocument = {
  invoice: Invoice;
  lines: readonly InvoiceLine[];
  seller: UblParty & { iban: string };
  buyer: UblParty;
  /** For a credit note: the invoice it corrects. */
  corrects?: { number: string; invoiceDate: string } | null;
};

const NS = {
  invoice: "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2",
  creditNote: "urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2",
  cac: "urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2",
  cbc: "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2",
};

const escapeXml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c] ?? c);

/** Cents as a UBL amount: `1234.56`, always two decimals, no grouping. */
const decimal = (cents: number): string => {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
};

/** An element with escaped text (attributes are never user input but are escaped all the same). */
function el(name: string, text: string, attributes: Record<string, string> = {}): string {
  const attrs = Object.entries(attributes)
    .map(([key, value]) => ` ${key}="${escapeXml(value)}"`)
    .join("");
  return `<${name}${attrs}>${escapeXml(text)}</${name}>`;
}
const wrap = (name: string, ...children: string[]): string => `<${name}>${children.join("")}</${name}>`;
const amount = (name: string, cents: number): string => el(name, decimal(cents), { currencyID: "EUR" });

/** Peppol electronic address scheme 0106: the Dutch KvK number. */
const KVK_SCHEME = "0106";

function party(role: "cac:AccountingSupplierParty" | "cac:AccountingCustomerParty", p: UblParty): string {
  return wrap(
    role,
    wrap(
      "cac:Party",
      el("cbc:EndpointID", p.kvkNumber, { schemeID: KVK_SCHEME }),
      wrap("cac:PartyName", el("cbc:Name", p.name)),
      wrap(
        "cac:PostalAddress",
        el("cbc:StreetName", p.street),
        el("cbc:CityName", p.city),
        el("cbc:PostalZone", p.postalCode),
        wrap("cac:Country", el("cbc:IdentificationCode", "NL")),
      ),
      wrap("cac:PartyTaxScheme", el("cbc:CompanyID", p.vatNumber.replace(/\s/g, "")), wrap("cac:TaxScheme", el("cbc:ID", "VAT"))),
      wrap("cac:PartyLegalEntity", el("cbc:RegistrationName", p.name), el("cbc:CompanyID", p.kvkNumber, { schemeID: KVK_SCHEME })),
    ),
  );
}

/** VAT category S (standard rated) at a percentage: both rates the supplier charges are category S. */
const taxCategory = (name: "cac:TaxCategory" | "cac:ClassifiedTaxCategory", rate: number): string =>
  wrap(name, el("cbc:ID", "S"), el("cbc:Percent", String(rate)), wrap("cac:TaxScheme", el("cbc:ID", "VAT")));

/** The e-invoice as UBL XML text (UTF-8). */
export function invoiceUbl(doc: UblDocument): string {
  const { invoice, seller, buyer } = doc;
  const credit = isCredit(invoice);
  // UBL states a credit note in positive amounts; the stored figures of a credit are negative.
  const sign = credit ? -1 : 1;
  // Calculated on the stored (signed) lines and only then turned, so a credit's VAT is exactly its
  // stored figure (rounding a half cent of a negative amount goes the other way).
  const lines = doc.lines.map((line) => ({ ...line, net: line.net * sign }));
  const parts = vatBreakdown(doc.lines).map((part) => ({ ...part, net: part.net * sign, vat: part.vat * sign }));
  const signed = invoiceAmounts(doc.lines);
  const totals = { amountExclVat: signed.amountExclVat * sign, vatAmount: signed.vatAmount * sign, amountInclVat: signed.amountInclVat * sign };
  const root = credit ? "CreditNote" : "Invoice";
  const lineName = credit ? "cac:CreditNoteLine" : "cac:InvoiceLine";
  const quantityName = credit ? "cbc:CreditedQuantity" : "cbc:InvoicedQuantity";

  const body = [
    el("cbc:CustomizationID", PEPPOL_CUSTOMIZATION_ID),
    el("cbc:ProfileID", PEPPOL_PROFILE_ID),
    el("cbc:ID", invoice.number),
    el("cbc:IssueDate", invoice.invoiceDate),
    ...(credit ? [el("cbc:CreditNoteTypeCode", "381")] : [el("cbc:DueDate", invoice.dueDate), el("cbc:InvoiceTypeCode", "380")]),
    el("cbc:DocumentCurrencyCode", "EUR"),
    // The buyer's reference (BT-10): their customer number with the supplier, which they book by.
    el("cbc:BuyerReference", invoice.accountNumber),
    ...(invoice.orderReference ? [wrap("cac:OrderReference", el("cbc:ID", invoice.orderReference))] : []),
    ...(credit && doc.corrects
      ? [wrap("cac:BillingReference", wrap("cac:InvoiceDocumentReference", el("cbc:ID", doc.corrects.number), el("cbc:IssueDate", doc.corrects.invoiceDate)))]
      : []),
    party("cac:AccountingSupplierParty", seller),
    party("cac:AccountingCustomerParty", buyer),
    // What the customer pays to: a SEPA credit transfer (58) to the supplier's IBAN, quoting the
    // invoice number as the payment reference. A credit note is paid the other way: no means.
    ...(credit
      ? []
      : [
          wrap(
            "cac:PaymentMeans",
            el("cbc:PaymentMeansCode", "58"),
            el("cbc:PaymentID", invoice.number),
            wrap("cac:PayeeFinancialAccount", el("cbc:ID", seller.iban.replace(/\s/g, "")), el("cbc:Name", seller.name)),
          ),
        ]),
    wrap(
      "cac:TaxTotal",
      amount("cbc:TaxAmount", totals.vatAmount),
      ...parts.map((part) => wrap("cac:TaxSubtotal", amount("cbc:TaxableAmount", part.net), amount("cbc:TaxAmount", part.vat), taxCategory("cac:TaxCategory", part.rate))),
    ),
    wrap(
      "cac:LegalMonetaryTotal",
      amount("cbc:LineExtensionAmount", totals.amountExclVat),
      amount("cbc:TaxExclusiveAmount", totals.amountExclVat),
      amount("cbc:TaxInclusiveAmount", totals.amountInclVat),
      amount("cbc:PayableAmount", totals.amountInclVat),
    ),
    ...lines.map((line, i) =>
      wrap(
        lineName,
        el("cbc:ID", String(i + 1)),
        el(quantityName, "1", { unitCode: "C62" }),
        amount("cbc:LineExtensionAmount", line.net),
        wrap("cac:Item", el("cbc:Name", line.description.nl), taxCategory("cac:ClassifiedTaxCategory", line.vatRate)),
        wrap("cac:Price", amount("cbc:PriceAmount", line.net)),
      ),
    ),
  ];
  const ns = credit ? NS.creditNote : NS.invoice;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<${root} xmlns="${ns}" xmlns:cac="${NS.cac}" xmlns:cbc="${NS.cbc}">${body.join("")}</${root}>\n`;
}
