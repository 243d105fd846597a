import * as v from "valibot";
import { IsoDateSchema } from "../common.ts";
import { CentsSchema } from "./money.ts";

/**
 * Returnable empties (emballage) an outlet holds of the supplier's, each with a deposit (statiegeld):
 * crates, kegs by size, CO2 cylinders for the tap, pallets.
 */
export const EMPTIES_KINDS = ["crate", "keg_20", "keg_50", "co2", "pallet"] as const;
export const EmptiesKindSchema = v.picklist(EMPTIES_KINDS);
export type EmptiesKind = v.InferOutput<typeof EmptiesKindSchema>;

const CountSchema = v.pipe(v.number(), v.integer(), v.minValue(0));

/** One movement: what a delivery brought of one kind and what its driver took back. */
export const EmptiesLineSchema = v.object({
  /** The delivery it came with (its delivery note's number) and that delivery's date. */
  deliveryNumber: v.string(),
  date: IsoDateSchema,
  /** The invoice that billed the deposit with the delivery; null while not invoiced. */
  invoice: v.nullable(v.object({ id: v.string(), number: v.string() })),
  kind: EmptiesKindSchema,
  delivered: CountSchema,
  returned: CountSchema,
});
export type EmptiesLine = v.InferOutput<typeof EmptiesLineSchema>;

/**
 * GET /empties (addition): the outlet's empties over a period: what it held of each kind before the
 * period (`opening`), each movement in it (newest first) and the deposit per unit. The balance and
 * its value follow from these by the one rule `emptiesSummary` (src/core/business/empties.ts).
 */
export const EmptiesLedgerSchema = v.object({
  from: IsoDateSchema,
  to: IsoDateSchema,
  opening: v.array(v.object({ kind: EmptiesKindSchema, count: v.pipe(v.number(), v.integer()) })),
  deposits: v.array(v.object({ kind: EmptiesKindSchema, cents: CentsSchema })),
  lines: v.array(EmptiesLineSchema),
});
export type EmptiesLedger = v.InferOutput<typeof EmptiesLedgerSchema>;
