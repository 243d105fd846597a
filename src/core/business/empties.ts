import { EMPTIES_KINDS, type EmptiesKind, type EmptiesLedger, type EmptiesLine } from "../api/schemas/business.ts";

/** One kind of empties over the period: held before, delivered, returned, held now and its deposit. */
export type EmptiesRow = {
  kind: EmptiesKind;
  opening: number;
  delivered: number;
  returned: number;
  /** Held at the end of the period: what the outlet still has of the supplier's. */
  balance: number;
  /** The deposit per unit and the balance's worth, in cents. */
  deposit: number;
  value: number;
};

export type EmptiesSummary = { rows: EmptiesRow[]; value: number; units: number };

/**
 * The ledger's balance per kind and its deposit value, the one rule the ledger screen, the dashboard
 * and the export read: opening + delivered − returned. Kinds the outlet never held are left out.
 */
export function emptiesSummary(ledger: Pick<EmptiesLedger, "opening" | "deposits" | "lines">): EmptiesSummary {
  const rows = EMPTIES_KINDS.map((kind): EmptiesRow => {
    const opening = ledger.opening.find((entry) => entry.kind === kind)?.count ?? 0;
    const lines = ledger.lines.filter((line) => line.kind === kind);
    const delivered = lines.reduce((sum, line) => sum + line.delivered, 0);
    const returned = lines.reduce((sum, line) => sum + line.returned, 0);
    const balance = opening + delivered - returned;
    const deposit = ledger.deposits.find((entry) => entry.kind === kind)?.cents ?? 0;
    return { kind, opening, delivered, returned, balance, deposit, value: balance * deposit };
  }).filter((row) => row.opening !== 0 || row.delivered !== 0 || row.returned !== 0);
  return {
    rows,
    value: rows.reduce((sum, row) => sum + row.value, 0),
    units: rows.reduce((sum, row) => sum + row.balance, 0),
  };
}

/** One delivery's movements of every kind: the ledger's lines as a customer checks them against the delivery note. */
export type EmptiesVisit = Pick<EmptiesLine, "deliveryNumber" | "date" | "invoice"> & {
  items: { kind: EmptiesKind; delivered: number; returned: number }[];
};

/** The ledger's lines grouped per delivery, in the ledger's order (newest first), kinds in the usual order. */
export function emptiesByDelivery(lines: readonly EmptiesLine[]): EmptiesVisit[] {
  const visits = new Map<string, EmptiesVisit>();
  for (const line of lines) {
    const visit = visits.get(line.deliveryNumber) ?? { deliveryNumber: line.deliveryNumber, date: line.date, invoice: line.invoice, items: [] };
    visit.items.push({ kind: line.kind, delivered: line.delivered, returned: line.returned });
    visits.set(line.deliveryNumber, visit);
  }
  for (const visit of visits.values()) visit.items.sort((a, b) => EMPTIES_KINDS.indexOf(a.kind) - EMPTIES_KINDS.indexOf(b.kind));
  return [...visits.values()];
}
