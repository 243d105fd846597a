import type { Invoice } from "../../src/core/api/schemas/business.ts";
import { formatDay } from "../../src/core/format.ts";
import { PRODUCTS } from "../db/business/catalogue.ts";
import { seededRandom } from "../db/business/random.ts";
import { euro, PdfWriter } from "./writer.ts";

type Lang = "nl" | "en";

const LABELS = {
  nl: {
    title: { delivery: "Factuur", credit_note: "Creditnota", deposit: "Factuur statiegeld", service: "Factuur service" },
    number: "Factuurnummer", account: "Klantnummer", date: "Factuurdatum", due: "Vervaldatum", reference: "Uw referentie",
    description: "Omschrijving", amount: "Bedrag", excl: "Totaal excl. btw", vat: "Btw 21%", incl: "Totaal incl. btw",
    pay: "Gelieve te betalen voor de vervaldatum onder vermelding van het factuurnummer.",
    deposit: "Statiegeld", service: "Onderhoud tapinstallatie", credit: "Retour", kegs: "fusten", crates: "kratten",
  },
  en: {
    title: { delivery: "Invoice", credit_note: "Credit note", deposit: "Invoice deposit", service: "Invoice service" },
    number: "Invoice number", account: "Customer number", date: "Invoice date", due: "Due date", reference: "Your reference",
    description: "Description", amount: "Amount", excl: "Total excl. VAT", vat: "VAT 21%", incl: "Total incl. VAT",
    pay: "Please pay before the due date, quoting the invoice number.",
    deposit: "Deposit", service: "Tap installation maintenance", credit: "Return", kegs: "kegs", crates: "crates",
  },
} as const;

/**
 * The invoice's lines, made up from its id so the same invoice always shows the same lines;
 * they add up exactly to its amount excl. VAT.
 */
function invoiceLines(invoice: Invoice, lang: Lang): { description: string; amount: number }[] {
  const random = seededRandom(invoice.id);
  const labels = LABELS[lang];
  const count = invoice.type === "service" ? 1 : random.int(1, 4);
  const shares = Array.from({ length: count }, () => random.int(1, 10));
  const sum = shares.reduce((a, b) => a + b, 0);
  let left = invoice.amountExclVat;
  return shares.map((share, i) => {
    const amount = i === count - 1 ? left : Math.round((invoice.amountExclVat * share) / sum);
    left -= amount;
    const product = random.pick(PRODUCTS);
    const description =
      invoice.type === "service"
        ? labels.service
        : invoice.type === "deposit"
          ? `${labels.deposit} ${product.packaging === "keg" ? labels.kegs : labels.crates}`
          : `${invoice.type === "credit_note" ? `${labels.credit} ` : ""}${product.name} (${product.articleNumber})`;
    return { description, amount };
  });
}

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

/** A printable invoice as PDF bytes. */
export async function renderInvoicePdf(invoice: Invoice, lang: Lang): Promise<Uint8Array> {
  const labels = LABELS[lang];
  const title = `${labels.title[invoice.type]} ${invoice.number}`;
  const pdf = await PdfWriter.create(title);
  pdf.text(labels.title[invoice.type], { bold: true, size: 18 });
  pdf.gap(6);
  for (const fact of invoiceFacts(invoice, lang)) pdf.text(fact);
  pdf.gap(12);
  pdf.text(labels.description, { bold: true, right: labels.amount });
  pdf.rule();
  for (const line of invoiceLines(invoice, lang)) pdf.text(line.description, { right: euro(line.amount, lang) });
  pdf.rule();
  pdf.text(labels.excl, { right: euro(invoice.amountExclVat, lang) });
  pdf.text(labels.vat, { right: euro(invoice.vatAmount, lang) });
  pdf.text(labels.incl, { bold: true, right: euro(invoice.amountInclVat, lang) });
  pdf.gap(18);
  pdf.text(labels.pay, { size: 9 });
  return pdf.bytes();
}
