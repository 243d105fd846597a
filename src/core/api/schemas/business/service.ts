import * as v from "valibot";
import { IsoDateTimeSchema, LocaleSchema } from "../common.ts";
import { AttachmentSchema, MAX_ATTACHMENTS } from "./attachments.ts";

/**
 * Service requests (addition, docs/api-business.md "Service requests"): what goes wrong in the
 * outlet's daily business, raised by the customer and answered by the supplier, with a status history.
 */
export const SERVICE_KINDS = ["tap_fault", "cooling_fault", "breakage", "missing_items", "return", "invoice_question", "other"] as const;
export const ServiceKindSchema = v.picklist(SERVICE_KINDS, "required");
export type ServiceKind = v.InferOutput<typeof ServiceKindSchema>;

/** ontvangen → in behandeling → opgelost; only the supplier moves it. */
export const SERVICE_STATUSES = ["received", "in_progress", "resolved"] as const;
export const ServiceStatusSchema = v.picklist(SERVICE_STATUSES);
export type ServiceStatus = v.InferOutput<typeof ServiceStatusSchema>;

/** What a request is about: an invoice (by number), a delivery (its delivery note's number) or that delivery's empties. */
export const SERVICE_REFERENCE_TYPES = ["invoice", "delivery", "empties"] as const;
export const ServiceReferenceSchema = v.object({
  type: v.picklist(SERVICE_REFERENCE_TYPES, "invalid"),
  number: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,40}$/, "invalid")),
});
export type ServiceReference = v.InferOutput<typeof ServiceReferenceSchema>;

/** Longest description or reply. */
export const MAX_SERVICE_TEXT = 2000;

const ServiceTextSchema = v.pipe(
  v.string("required"),
  v.check((text) => text.trim() !== "", "required"),
  v.check((text) => text.trim().length <= MAX_SERVICE_TEXT, "too_long"),
);

/**
 * The language a text is written in (addition): the writer's screen language, the service desk's own
 * for its answers. A screen in the other language marks the text with it (WCAG 3.1.2, language of
 * parts), so a screen reader reads a Dutch answer as Dutch on an English page. Dutch when not given.
 */
const TextLocaleSchema = v.optional(LocaleSchema, "nl-NL");

/** POST /service-requests (header Idempotency-Key): photos are uploaded first (POST /service-requests/attachments) and named here. */
export const ServiceRequestInputSchema = v.object({
  kind: ServiceKindSchema,
  description: ServiceTextSchema,
  reference: v.optional(v.nullable(ServiceReferenceSchema), null),
  attachmentIds: v.optional(v.pipe(v.array(v.string()), v.maxLength(MAX_ATTACHMENTS, "too_many")), []),
  locale: TextLocaleSchema,
});
export type ServiceRequestInput = v.InferInput<typeof ServiceRequestInputSchema>;

/** POST /service-requests/{id}/replies: the customer's answer. */
export const ServiceReplyInputSchema = v.object({ text: ServiceTextSchema, locale: TextLocaleSchema });
export type ServiceReplyInput = v.InferOutput<typeof ServiceReplyInputSchema>;

/** One entry of a request's history: a status it reached, a message, or both (the supplier's answer with a new status). */
export const ServiceEventSchema = v.object({
  at: IsoDateTimeSchema,
  author: v.picklist(["customer", "supplier"]),
  /** The person's name (the customer's colleague, or the supplier's service desk). */
  authorName: v.string(),
  /** The status this entry set, or null for a message alone. */
  status: v.nullable(ServiceStatusSchema),
  text: v.nullable(v.string()),
  /** The language of `text`. */
  locale: TextLocaleSchema,
});
export type ServiceEvent = v.InferOutput<typeof ServiceEventSchema>;

export const ServiceRequestSummarySchema = v.object({
  id: v.string(),
  /** What the customer and the service desk call it, e.g. SR-240017. */
  number: v.string(),
  kind: ServiceKindSchema,
  status: ServiceStatusSchema,
  reference: v.nullable(ServiceReferenceSchema),
  /** The description's first line, shortened. */
  title: v.string(),
  /** The language of the description and its title. */
  locale: TextLocaleSchema,
  createdAt: IsoDateTimeSchema,
  updatedAt: IsoDateTimeSchema,
});
export type ServiceRequestSummary = v.InferOutput<typeof ServiceRequestSummarySchema>;

/** GET /service-requests: the account's requests, the most recently changed first. */
export const ServiceRequestListSchema = v.object({ items: v.array(ServiceRequestSummarySchema) });
export type ServiceRequestList = v.InferOutput<typeof ServiceRequestListSchema>;

/** GET /service-requests/{id}: one request with its photos and history (oldest first). */
export const ServiceRequestSchema = v.object({
  ...ServiceRequestSummarySchema.entries,
  description: v.string(),
  createdBy: v.string(),
  attachments: v.array(AttachmentSchema),
  events: v.array(ServiceEventSchema),
});
export type ServiceRequest = v.InferOutput<typeof ServiceRequestSchema>;
