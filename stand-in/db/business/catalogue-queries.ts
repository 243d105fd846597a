import type { DatabaseSync } from "node:sqlite";
import type { Product, Wholesaler } from "../../../src/core/api/schemas/business.ts";

type ProductRow = {
  id: string;
  article_number: string;
  name: string;
  product_group: Product["group"];
  packaging: Product["packaging"];
  litres_per_unit: number;
};

const toProduct = (row: ProductRow): Product => ({
  id: row.id,
  articleNumber: row.article_number,
  name: row.name,
  group: row.product_group,
  packaging: row.packaging,
  litresPerUnit: row.litres_per_unit,
});

/** Every product, or only those the tht scheme covers. */
export function listProducts(db: DatabaseSync, options: { coronaOnly?: boolean } = {}): Product[] {
  const sql = options.coronaOnly
    ? "SELECT * FROM products WHERE corona_eligible = 1 ORDER BY position"
    : "SELECT * FROM products ORDER BY position";
  return (db.prepare(sql).all() as ProductRow[]).map(toProduct);
}

export function listWholesalers(db: DatabaseSync): Wholesaler[] {
  return db.prepare("SELECT id, name, city FROM wholesalers ORDER BY name").all() as Wholesaler[];
}
