import * as v from "valibot";

/** Product groups volumes are agreed and reported in (sales contract, bonus). */
export const PRODUCT_GROUPS = ["pils", "special_beer", "non_alcoholic", "soft_drink"] as const;
export const ProductGroupSchema = v.picklist(PRODUCT_GROUPS);
export type ProductGroup = v.InferOutput<typeof ProductGroupSchema>;

/** How a product is sold; volumes are entered per unit and converted to hectolitres. */
export const PACKAGINGS = ["crate", "keg", "case", "tank"] as const;
export const PackagingSchema = v.picklist(PACKAGINGS);
export type Packaging = v.InferOutput<typeof PackagingSchema>;

/** GET /actualssalesdata/products item: a sellable unit (e.g. a crate of 24 × 30 cl). */
export const ProductSchema = v.object({
  id: v.string(),
  articleNumber: v.string(),
  /** Brand name and contents; the same in both languages. */
  name: v.string(),
  group: ProductGroupSchema,
  packaging: PackagingSchema,
  /** Litres in one unit, to turn quantities into hectolitres. */
  litresPerUnit: v.pipe(v.number(), v.minValue(0)),
});
export type Product = v.InferOutput<typeof ProductSchema>;
export const ProductListSchema = v.array(ProductSchema);

/** GET /actualssalesdata/wholesalers item: a wholesaler the customer may buy through. */
export const WholesalerSchema = v.object({
  id: v.string(),
  name: v.string(),
  city: v.string(),
});
export type Wholesaler = v.InferOutput<typeof WholesalerSchema>;
export const WholesalerListSchema = v.array(WholesalerSchema);

/** A volume in hectolitres, rounded to 2 decimals. */
export const HectolitresSchema = v.pipe(v.number(), v.minValue(0));
