import * as v from "valibot";
import { IsoDateSchema } from "../common.ts";

/** Kinds of document the supplier shares with a customer. */
export const DOCUMENT_TYPES = ["contract", "price_list", "invoice_copy", "other"] as const;
export const DocumentTypeSchema = v.picklist(DOCUMENT_TYPES);
export type DocumentType = v.InferOutput<typeof DocumentTypeSchema>;

export const DocumentSchema = v.object({
  id: v.string(),
  accountNumber: v.string(),
  type: DocumentTypeSchema,
  /** Title in the language asked for with `locale`. */
  title: v.string(),
  fileName: v.string(),
  contentType: v.literal("application/pdf"),
  /** Size of what `/documents/{id}/download` sends. */
  sizeBytes: v.pipe(v.number(), v.integer(), v.minValue(1)),
  date: IsoDateSchema,
});
export type Document = v.InferOutput<typeof DocumentSchema>;

/** GET /documents?accountNumber=&type=&locale= — newest first. */
export const DocumentListSchema = v.object({ items: v.array(DocumentSchema) });
export type DocumentList = v.InferOutput<typeof DocumentListSchema>;
