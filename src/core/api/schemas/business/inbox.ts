import * as v from "valibot";
import { IsoDateSchema, IsoDateTimeSchema, type Permission } from "../common.ts";
import { CentsSchema } from "./money.ts";

/** What a notification is about; the site picks an icon and a default link from it. */
export const INBOX_CATEGORIES = ["invoice", "bonus", "contract", "general"] as const;
export const InboxCategorySchema = v.picklist(INBOX_CATEGORIES);
export type InboxCategory = v.InferOutput<typeof InboxCategorySchema>;

/**
 * What a person must hold on the account to be told about each category: someone who may not see
 * invoices gets no invoice notifications. The API leaves the others out of the list and its count.
 */
export const INBOX_CATEGORY_PERMISSIONS: Readonly<Record<InboxCategory, readonly Permission[]>> = {
  invoice: ["FACTUREN"],
  bonus: ["BONUS"],
  contract: ["SAMENWERKINGSOVEREENKOMST"],
  general: [],
};

/**
 * The invoice a notification is about (addition to the contract): what the customer needs to act on
 * it without opening the invoice list. `amountInclVat` in cents; the site links to the invoice by number.
 */
export const InboxInvoiceSchema = v.object({
  number: v.string(),
  amountInclVat: CentsSchema,
  invoiceDate: IsoDateSchema,
  dueDate: IsoDateSchema,
});
export type InboxInvoice = v.InferOutput<typeof InboxInvoiceSchema>;

export const InboxItemSchema = v.object({
  guid: v.string(),
  category: InboxCategorySchema,
  /** Title and body in the language asked for with `locale` (plain text). */
  title: v.string(),
  body: v.string(),
  createdAt: IsoDateTimeSchema,
  read: v.boolean(),
  /** A site path (Dutch form, e.g. `/mijn-account/facturen`) the notification refers to; for a personal invitation notice (addition) the identity provider's absolute acceptance page. */
  link: v.nullable(v.string()),
  /** The invoice it is about, or null (addition). */
  invoice: v.nullable(InboxInvoiceSchema),
});
export type InboxItem = v.InferOutput<typeof InboxItemSchema>;

/** GET /inbox — newest first, with the number still unread. */
export const InboxListSchema = v.object({
  items: v.array(InboxItemSchema),
  unread: v.pipe(v.number(), v.integer(), v.minValue(0)),
});
export type InboxList = v.InferOutput<typeof InboxListSchema>;
