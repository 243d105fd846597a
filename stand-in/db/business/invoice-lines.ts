import type { DatabaseSync } from "node:sqlite";
import type { Invoice, InvoiceType } from "../../../src/core/api/schemas/business.ts";
import type { InvoiceLine, VatRate } from "../../../src/core/business/invoice-vat.ts";
import { PRODUCTS } from "./catalogue.ts";
import { seededRandom } from "./random.ts";

/**
 * The lines of each invoice, as the supplier's invoicing system stores them. The stored invoice
 * amounts are calculated from them (invoiceAmounts in src/core/business/invoice-vat.ts), and the PDF,
 * the UBL e-invoice and the period's VAT summary read them, so every figure has one source.
 */

/**
 * The lines of a seeded invoice, made up from its id (so a re-seed gives the same lines), adding up
 * exactly to `amountExcl`; every line at 21% (drinks, deposit, service).
 */
export function seedLines(id: string, type: InvoiceType, amountExcl: number): InvoiceLine[] {
  const random = seededRandom(id);
  const count = type === "service" ? 1 : random.int(1, 4);
  const shares = Array.from({ length: count }, () => random.int(1, 10));
  const sum = shares.reduce((a, b) => a + b, 0);
  let left = amountExcl;
  return shares.map((share, i) => {
    const net = i === count - 1 ? left : Math.round((amountExcl * share) / sum);
    left -= net;
    const product = random.pick(PRODUCTS);
    const packaging = product.packaging === "keg" ? { nl: "fusten", en: "kegs" } : { nl: "kratten", en: "crates" };
    const description =
      type === "service"
        ? { nl: "Onderhoud tapinstallatie", en: "Tap installation maintenance" }
        : type === "deposit"
          ? { nl: `Statiegeld ${packaging.nl}`, en: `Deposit ${packaging.en}` }
          : type === "credit_note"
            ? { nl: `Retour ${product.name} (${product.articleNumber})`, en: `Return ${product.name} (${product.articleNumber})` }
            : { nl: `${product.name} (${product.articleNumber})`, en: `${product.name} (${product.articleNumber})` };
    return { description, net, vatRate: 21 as VatRate };
  });
}

/** Food the supplier delivers with the drinks, at the low VAT rate (9%). */
const FOOD: InvoiceLine["description"][] = [
  { nl: "Bitterballen, diepvries (4 x 2 kg)", en: "Bitterballen, frozen (4 x 2 kg)" },
  { nl: "Borrelnootjes (12 x 1 kg)", en: "Bar nuts (12 x 1 kg)" },
];

/** The same net amount, part of it now food at 9%: a delivery of drinks and snacks. */
export function withFoodLines(lines: InvoiceLine[]): InvoiceLine[] {
  const total = lines.reduce((sum, line) => sum + line.net, 0);
  const food = Math.round(total * 0.3);
  const first = FOOD[0]!;
  const second = FOOD[1]!;
  const half = Math.round(food / 2);
  const drinks = total - food;
  return [
    { description: lines[0]!.description, net: drinks, vatRate: 21 },
    { description: first, net: half, vatRate: 9 },
    { description: second, net: food - half, vatRate: 9 },
  ];
}

export function insertLines(db: DatabaseSync, invoiceId: string, lines: readonly InvoiceLine[]): void {
  db.prepare("DELETE FROM invoice_lines WHERE invoice_id = ?").run(invoiceId);
  const insert = db.prepare(
    "INSERT INTO invoice_lines (invoice_id, position, description_nl, description_en, net, vat_rate) VALUES (?, ?, ?, ?, ?, ?)",
  );
  lines.forEach((line, i) => insert.run(invoiceId, i + 1, line.description.nl, line.description.en, line.net, line.vatRate));
}

/**
 * An invoice's lines in their order. A data folder seeded before lines were stored has none: its
 * lines are made up as the seed makes them (all at 21%, as its stored VAT was calculated).
 */
export function getLines(db: DatabaseSync, invoice: Pick<Invoice, "id" | "type" | "amountExclVat">): InvoiceLine[] {
  const rows = db
    .prepare("SELECT description_nl, description_en, net, vat_rate FROM invoice_lines WHERE invoice_id = ? ORDER BY position")
    .all(invoice.id) as { description_nl: string; description_en: string; net: number; vat_rate: number }[];
  if (rows.length === 0) return seedLines(invoice.id, invoice.type, invoice.amountExclVat);
  return rows.map((row) => ({
    description: { nl: row.description_nl, en: row.description_en },
    net: row.net,
    vatRate: row.vat_rate as VatRate,
  }));
}
