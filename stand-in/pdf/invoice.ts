import type { Invoice } from "../../src/core/api/schemas/business.ts";
import { vatBreakdown, type InvoiceLine } from "../../src/core/business/invoice-vat.ts";
import { formatDay } from "../../src/core/format.ts";
import { euro, PdfWriter } from "./writer.ts";

type Lang = "nl" | "en";

const LABELS = {
  nl: {
    title: { delivery: "Factuur", credit_note: "Creditnota", deposit: "Factuur statiegeld", service: "Factuur service" },
    number: "Factuurnummer", account: "Klantnummer", date: "Factuurdatum", due: "Vervaldatum", reference: "Uw referentie",
    description: "Omschrijving", amount: "Bedrag", excl: "Totaal excl. btw", vat: (rate: number, net: string) => `Btw ${rate}% over ${net}`, incl: "Totaal incl. btw",
    pay: "Gelieve te betalen voor de vervaldatum onder vermelding van het factuurnummer.",
  },
  en: {
    title: { delivery: "Invoice", credit_note: "Credit note", deposit: "Invoice deposit", service: "Invoice service" },
    number: "Invoice number", account: "Customer number", date: "Invoice date", due: "Due date", reference: "Your reference",
    description: "Description", amount: "Amount", excl: "Total excl. VAT", vat: (rate: number, net: string) => `VAT ${rate}% on ${net}`, incl: "Total incl. VAT",
    pay: "Please pay before the due date, quoting the invoice number.",
  },
} as const;

/**
 * The invoice's facts under its title. Dates as the portal's invoice list shows them (16-11-2026 in
 * Dutch, 16/11/2026 in English), never the ISO form a customer does not write.
 */
export function invoiceFacts(invoice: Invoice, lang: Lang): string[] {
  const labels = LABELS[lang];
  return [
    `${labels.number}: ${invoice.number}`,
    `${labels.account}: ${invoice.accountNumber}`,
    `${labels.date}: ${formatDay(invoice.invoiceDate, lang)}`,
    `${labels.due}: ${formatDay(invoice.dueDate, lang)}`,
    ...(invoice.orderReference ? [`${labels.reference}: ${invoice.orderReference}`] : []),
  ];
}

/**
 * A printable invoice as PDF bytes: its stored lines, the VAT per rate (invoice-vat.ts, as the UBL
 * e-invoice and the VAT summary) and the stored totals, which that same calculation produced.
 */
export async function renderInvoicePdf(invoice: Invoice, lines: readonly InvoiceLine[], lang: Lang): Promise<Uint8Array> {
  const labels = LABELS[lang];
  const title = `${labels.title[invoice.type]} ${invoice.number}`;
  const pdf = await PdfWriter.create(title);
  pdf.text(labels.title[invoice.type], { bold: true, size: 18 });
  pdf.gap(6);
  for (const fact of invoiceFacts(invoice, lang)) pdf.text(fact);
  pdf.gap(12);
  pdf.text(labels.description, { bold: true, right: labels.amount });
  pdf.rule();
  for (const line of lines) pdf.text(`${line.description[lang]} (${line.vatRate}%)`, { right: euro(line.net, lang) });
  pdf.rule();
  pdf.text(labels.excl, { right: euro(invoice.amountExclVat, lang) });
  for (const part of vatBreakdown(lines)) pdf.text(labels.vat(part.rate, euro(part.net, lang)), { right: euro(part.vat, lang) });
  pdf.text(labels.incl, { bold: true, right: euro(invoice.amountInclVat, lang) });
  pdf.gap(18);
  pdf.text(labels.pay, { size: 9 });
  return pdf.bytes();
}
