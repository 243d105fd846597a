import * as v from "valibot";
import { IsoDateSchema, IsoDateTimeSchema } from "../common.ts";
import { AttachmentSchema } from "./attachments.ts";
import { ProductSchema } from "./products.ts";

/** Where the customer's tht registration stands. */
export const CORONA_STATUSES = ["not_registered", "submitted", "approved", "rejected"] as const;
export const CoronaStatusSchema = v.picklist(CORONA_STATUSES);
export type CoronaStatus = v.InferOutput<typeof CoronaStatusSchema>;

/** Stock of one product with one best-before date. */
export const CoronaLineSchema = v.object({
  productId: v.string(),
  quantity: v.pipe(v.number(), v.integer()),
  bestBeforeDate: IsoDateSchema,
});
export type CoronaLine = v.InferOutput<typeof CoronaLineSchema>;

export const CoronaRegistrationSchema = v.object({
  accountNumber: v.string(),
  status: CoronaStatusSchema,
  /** Reference to quote in contact with the supplier; null until first saved. */
  reference: v.nullable(v.string()),
  lines: v.array(CoronaLineSchema),
  /** Photos or receipts backing the registration. */
  attachments: v.array(AttachmentSchema),
  updatedAt: v.nullable(IsoDateTimeSchema),
});
export type CoronaRegistration = v.InferOutput<typeof CoronaRegistrationSchema>;

/** GET /corona (and the answer of PUT /corona): the registration plus the products the scheme covers. */
export const CoronaResponseSchema = v.object({
  registration: CoronaRegistrationSchema,
  eligibleProducts: v.array(ProductSchema),
});
export type CoronaResponse = v.InferOutput<typeof CoronaResponseSchema>;

/**
 * PUT /corona body. Attachments are uploaded first (POST /corona/attachments) and referenced by id;
 * an attachment left out is removed. Rules: validateCoronaInput (src/core/business/tht-rules.ts).
 */
export const CoronaInputSchema = v.object({
  lines: v.array(v.object({ productId: v.string(), quantity: v.number(), bestBeforeDate: v.string() })),
  attachmentIds: v.array(v.string()),
});
export type CoronaInput = v.InferOutput<typeof CoronaInputSchema>;
