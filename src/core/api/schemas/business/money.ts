import * as v from "valibot";

/**
 * An amount of money in euro cents. Integers so totals add up exactly; credit notes are negative.
 * The site formats them per locale (nl: € 1.234,56, en: €1,234.56).
 */
export const CentsSchema = v.pipe(v.number(), v.integer());
export type Cents = v.InferOutput<typeof CentsSchema>;

/** A page of a list: the requested slice plus the total count of items matching the filter. */
export const pageOf = <TItem extends v.GenericSchema>(item: TItem) =>
  v.object({
    items: v.array(item),
    total: v.pipe(v.number(), v.integer(), v.minValue(0)),
    page: v.pipe(v.number(), v.integer(), v.minValue(1)),
    pageSize: v.pipe(v.number(), v.integer(), v.minValue(1)),
  });
