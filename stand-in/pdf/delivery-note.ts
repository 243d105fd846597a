import type { Delivery } from "../../src/core/api/schemas/business.ts";
import { formatDay } from "../../src/core/format.ts";
import { PdfWriter } from "./writer.ts";

type Lang = "nl" | "en";

const LABELS = {
  nl: {
    title: "Pakbon", number: "Pakbonnummer", account: "Klantnummer", date: "Leverdatum", window: "Tijdvak",
    invoice: "Factuur", article: "Artikel", quantity: "Aantal", sign: "Voor ontvangst getekend:",
    note: "Controleer de levering bij ontvangst. Breuk of een ontbrekend artikel meldt u binnen 48 uur in het klantportaal.",
  },
  en: {
    title: "Delivery note", number: "Delivery note number", account: "Customer number", date: "Delivery date", window: "Time window",
    invoice: "Invoice", article: "Item", quantity: "Quantity", sign: "Received and signed:",
    note: "Please check the delivery on receipt. Report breakage or a missing item within 48 hours in the customer portal.",
  },
} as const;

/** The delivery note (pakbon) of a delivered delivery as PDF bytes: its facts and lines, no prices. */
export async function renderDeliveryNotePdf(delivery: Delivery, lang: Lang): Promise<Uint8Array> {
  const labels = LABELS[lang];
  const pdf = await PdfWriter.create(`${labels.title} ${delivery.number}`);
  pdf.text(labels.title, { bold: true, size: 18 });
  pdf.gap(6);
  pdf.text(`${labels.number}: ${delivery.number}`);
  pdf.text(`${labels.account}: ${delivery.accountNumber}`);
  pdf.text(`${labels.date}: ${formatDay(delivery.date, lang)}`);
  pdf.text(`${labels.window}: ${delivery.windowFrom}–${delivery.windowTo}`);
  if (delivery.invoice) pdf.text(`${labels.invoice}: ${delivery.invoice.number}`);
  pdf.gap(12);
  pdf.text(labels.article, { bold: true, right: labels.quantity });
  pdf.rule();
  for (const line of delivery.lines) pdf.text(`${line.name} (${line.articleNumber})`, { right: String(line.quantity) });
  pdf.rule();
  pdf.gap(18);
  pdf.text(labels.sign);
  pdf.gap(18);
  pdf.text(labels.note, { size: 9 });
  return pdf.bytes();
}
