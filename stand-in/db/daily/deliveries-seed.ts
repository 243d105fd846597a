import type { DatabaseSync } from "node:sqlite";
import { deliveryDayOnOrBefore } from "../../../src/core/business/deliveries.ts";
import { PRODUCTS } from "../business/catalogue.ts";
import { addDays, seededRandom, SEED_TODAY } from "../business/random.ts";

/** How far back the seed writes deliveries: every delivery invoice of the last half year has one. */
const HISTORY_DAYS = 183;

/**
 * Each outlet's delivery days and standing order. Café De Gouden Leeuw (100001) gets beer twice a
 * week early in the morning, before it opens; Het Zilveren Anker (100002) once a week before lunch.
 */
const ROUTES: Record<string, { weekdays: number[]; from: string; to: string; standing: [string, number][] }> = {
  "100001": { weekdays: [2, 5], from: "07:00", to: "09:00", standing: [["p-pils-fust50", 4], ["p-wit-fust", 2], ["p-pils-krat", 6], ["p-cola-krat", 3]] },
  "100002": { weekdays: [4], from: "10:00", to: "12:00", standing: [["p-pils-tank", 1], ["p-tripel-krat", 5], ["p-00-krat", 4], ["p-sinas-krat", 3]] },
  "100003": { weekdays: [1], from: "08:00", to: "10:00", standing: [["p-pils-fust20", 3], ["p-pils-krat", 4]] },
};

/** A delivery's quantity of one product: a few kegs, more crates. */
const quantityOf = (packaging: string, roll: (min: number, max: number) => number): number =>
  packaging === "keg" ? roll(1, 6) : packaging === "tank" ? 1 : roll(2, 12);

export function seedDeliveries(db: DatabaseSync): void {
  const day = db.prepare("INSERT INTO delivery_days (account_number, weekday, window_from, window_to) VALUES (?, ?, ?, ?)");
  const standing = db.prepare("INSERT INTO standing_order_lines (account_number, product_id, quantity, position) VALUES (?, ?, ?, ?)");
  const delivery = db.prepare("INSERT INTO deliveries (number, account_number, date, window_from, window_to, invoice_id) VALUES (?, ?, ?, ?, ?, ?)");
  const line = db.prepare("INSERT INTO delivery_lines (delivery_number, product_id, quantity, position) VALUES (?, ?, ?, ?)");
  for (const [accountNumber, route] of Object.entries(ROUTES)) {
    for (const weekday of route.weekdays) day.run(accountNumber, weekday, route.from, route.to);
    route.standing.forEach(([productId, quantity], position) => standing.run(accountNumber, productId, quantity, position));
    // Each delivery invoice bills the delivery on the last delivery day up to its date (one a day: a
    // second invoice of that day bills no delivery); the lines are made up from the invoice's id.
    const delivered = new Set<string>();
    const invoices = db
      .prepare("SELECT id, number, invoice_date FROM invoices WHERE account_number = ? AND type = 'delivery' AND invoice_date >= ? ORDER BY invoice_date")
      .all(accountNumber, addDays(SEED_TODAY, -HISTORY_DAYS)) as { id: string; number: string; invoice_date: string }[];
    for (const invoice of invoices) {
      const date = deliveryDayOnOrBefore(invoice.invoice_date, route.weekdays);
      if (!date || delivered.has(date)) continue;
      delivered.add(date);
      const random = seededRandom(`delivery-${invoice.id}`);
      const number = `L${invoice.number}`;
      delivery.run(number, accountNumber, date, route.from, route.to, invoice.id);
      // The main product of the standing order comes every time (the café's tap beer), others now and then.
      const main = route.standing[0]![0];
      const others = PRODUCTS.filter((p) => p.id !== main && (p.packaging !== "tank" || accountNumber === "100002")).filter(() => random.chance(0.3));
      const products = [PRODUCTS.find((p) => p.id === main)!, ...others].slice(0, 5);
      products.forEach((product, position) =>
        line.run(number, product.id, quantityOf(product.packaging, random.int), position),
      );
    }
  }
}
