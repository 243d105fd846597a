import * as v from "valibot";
import { IsoDateSchema } from "../common.ts";
import { PackagingSchema } from "./products.ts";

/** A delivery is planned (the next one, from the account's delivery day) or delivered (with a delivery note). */
export const DELIVERY_STATUSES = ["planned", "delivered"] as const;
export const DeliveryStatusSchema = v.picklist(DELIVERY_STATUSES);

/** A time of day as the driver's schedule writes it, 24-hour `HH:MM`. */
export const TimeOfDaySchema = v.pipe(v.string(), v.regex(/^([01]\d|2[0-3]):[0-5]\d$/));

/** One line of a delivery: a product and how many of its units (crates, kegs, cases, tanks). */
export const DeliveryLineSchema = v.object({
  productId: v.string(),
  articleNumber: v.string(),
  name: v.string(),
  packaging: PackagingSchema,
  quantity: v.pipe(v.number(), v.integer(), v.minValue(1)),
});
export type DeliveryLine = v.InferOutput<typeof DeliveryLineSchema>;

export const DeliverySchema = v.object({
  /** The delivery note's number, printed on the pakbon, e.g. `L9100042`; the id of the detail and PDF calls. */
  number: v.string(),
  accountNumber: v.string(),
  status: DeliveryStatusSchema,
  date: IsoDateSchema,
  /** The window the driver arrives in, on `date` in the Netherlands. */
  windowFrom: TimeOfDaySchema,
  windowTo: TimeOfDaySchema,
  /** The invoice of a delivered delivery (its id for the PDF, its number to find it); null while planned. */
  invoice: v.nullable(v.object({ id: v.string(), number: v.string() })),
  lines: v.array(DeliveryLineSchema),
});
export type Delivery = v.InferOutput<typeof DeliverySchema>;

/**
 * GET /deliveries (addition): the next planned delivery (null when the account has no delivery day)
 * and the delivered ones of the period asked (`from`, `to`; the last three months by default), newest first.
 */
export const DeliveryListSchema = v.object({
  next: v.nullable(DeliverySchema),
  items: v.array(DeliverySchema),
  from: IsoDateSchema,
  to: IsoDateSchema,
});
export type DeliveryList = v.InferOutput<typeof DeliveryListSchema>;
