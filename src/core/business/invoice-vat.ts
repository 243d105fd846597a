/**
 * An invoice's figures from its lines: the one calculation behind the stored amounts (the list, the
 * CSV), the PDF, the UBL e-invoice and the period's VAT summary, so they can never disagree.
 * Amounts are cents; a credit note's are negative.
 */

/** The VAT rates the supplier charges: 9% (food, low rate) and 21% (drinks, everything else). */
export const VAT_RATES = [9, 21] as const;
export type VatRate = (typeof VAT_RATES)[number];

/** One line of an invoice: what it is for (in both languages), its amount excl. VAT, its rate. */
export type InvoiceLine = {
  description: { nl: string; en: string };
  /** Amount excl. VAT in cents (negative on a credit note). */
  net: number;
  vatRate: VatRate;
};

/** One rate's part of an invoice: its net amount and the VAT over it. */
export type VatPart = { rate: VatRate; net: number; vat: number };

/**
 * VAT per rate, lowest rate first. The VAT is calculated over each rate's total (not per line) and
 * rounded to the cent, as EN 16931 (BR-CO-17) does; `Math.round` as the stored seed figures always did.
 */
export function vatBreakdown(lines: readonly InvoiceLine[]): VatPart[] {
  return VAT_RATES.flatMap((rate) => {
    const ofRate = lines.filter((line) => line.vatRate === rate);
    if (ofRate.length === 0) return [];
    const net = ofRate.reduce((sum, line) => sum + line.net, 0);
    return [{ rate, net, vat: Math.round((net * rate) / 100) }];
  });
}

/** The invoice's totals: excl. VAT, the VAT, incl. VAT (the figures stored with the invoice). */
export function invoiceAmounts(lines: readonly InvoiceLine[]): { amountExclVat: number; vatAmount: number; amountInclVat: number } {
  const parts = vatBreakdown(lines);
  const amountExclVat = parts.reduce((sum, part) => sum + part.net, 0);
  const vatAmount = parts.reduce((sum, part) => sum + part.vat, 0);
  return { amountExclVat, vatAmount, amountInclVat: amountExclVat + vatAmount };
}
