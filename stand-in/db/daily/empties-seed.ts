import type { DatabaseSync } from "node:sqlite";
import type { EmptiesKind } from "../../../src/core/api/schemas/business.ts";
import { addDays, SEED_TODAY } from "../business/random.ts";

/** The deposit per unit in cents, as the supplier's price list has it. */
export const DEPOSITS: Record<EmptiesKind, number> = { crate: 390, keg_20: 3000, keg_50: 6000, co2: 5000, pallet: 1500 };

/** Café De Gouden Leeuw has lately been keeping kegs back: from eight weeks before the seed day its driver gets two 50 l kegs fewer than the delivery before brought. */
const LATE_KEGS = { accountNumber: "100001", since: addDays(SEED_TODAY, -56) };

/**
 * The empties of each delivery follow its lines: a crate per crate of beer or soft drinks, a keg per
 * keg by size, a CO2 cylinder with every third delivery that brings kegs, a pallet when it brings 20
 * crates or more (cases and tank beer are one-way). The driver takes back what the delivery before
 * brought, so an outlet holds about one delivery's worth, except where it keeps some back.
 */
export function seedEmpties(db: DatabaseSync): void {
  const insert = db.prepare("INSERT INTO empties_movements (account_number, delivery_number, date, kind, delivered, returned) VALUES (?, ?, ?, ?, ?, ?)");
  const deliveries = db.prepare("SELECT number, account_number, date FROM deliveries ORDER BY account_number, date").all() as {
    number: string;
    account_number: string;
    date: string;
  }[];
  const lines = db.prepare(
    "SELECT p.packaging, p.litres_per_unit AS litres, l.quantity FROM delivery_lines l JOIN products p ON p.id = l.product_id WHERE l.delivery_number = ?",
  );
  let account = "";
  let previous: Partial<Record<EmptiesKind, number>> = {};
  let withKegs = 0;
  for (const delivery of deliveries) {
    if (delivery.account_number !== account) {
      account = delivery.account_number;
      previous = {};
      withKegs = 0;
    }
    const brought: Partial<Record<EmptiesKind, number>> = {};
    const add = (kind: EmptiesKind, n: number): void => void (brought[kind] = (brought[kind] ?? 0) + n);
    for (const line of lines.all(delivery.number) as { packaging: string; litres: number; quantity: number }[]) {
      if (line.packaging === "crate") add("crate", line.quantity);
      if (line.packaging === "keg") add(line.litres >= 50 ? "keg_50" : "keg_20", line.quantity);
    }
    if ((brought.keg_20 ?? 0) + (brought.keg_50 ?? 0) > 0 && withKegs++ % 3 === 0) add("co2", 1);
    if ((brought.crate ?? 0) >= 20) add("pallet", 1);
    const late = delivery.account_number === LATE_KEGS.accountNumber && delivery.date >= LATE_KEGS.since;
    for (const kind of ["crate", "keg_20", "keg_50", "co2", "pallet"] as const) {
      const taken = Math.max(0, (previous[kind] ?? 0) - (late && kind === "keg_50" ? 2 : 0));
      if ((brought[kind] ?? 0) > 0 || taken > 0) insert.run(delivery.account_number, delivery.number, delivery.date, kind, brought[kind] ?? 0, taken);
    }
    previous = brought;
  }
}
