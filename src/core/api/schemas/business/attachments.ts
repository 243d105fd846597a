import * as v from "valibot";
import { IsoDateTimeSchema } from "../common.ts";

/** File types the stand-in accepts for uploads, decided from the file's content, not its name. */
export const ATTACHMENT_CONTENT_TYPES = ["application/pdf", "image/png", "image/jpeg"] as const;
export const AttachmentContentTypeSchema = v.picklist(ATTACHMENT_CONTENT_TYPES);
export type AttachmentContentType = v.InferOutput<typeof AttachmentContentTypeSchema>;

/** Largest upload accepted: 5 MB. */
export const MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024;

/** Most files one set holds: the statements of one wholesaler on a claim, or a tht registration's photos. */
export const MAX_ATTACHMENTS = 10;

/**
 * Refusal codes of an upload (400, field "file"): no file part, a type other than PDF/PNG/JPEG
 * by content, more than MAX_ATTACHMENT_BYTES, or a set that already holds MAX_ATTACHMENTS files;
 * and `upload_quota` (413/429, QuotaErrorSchema): the open uploads of the account or user are at their quota.
 */
export const UPLOAD_ERROR_CODES = ["file_missing", "file_type", "file_too_large", "too_many", "upload_quota"] as const;
export type UploadErrorCode = (typeof UPLOAD_ERROR_CODES)[number];

/** An uploaded file as the API describes it; the bytes are fetched separately. */
export const AttachmentSchema = v.object({
  id: v.string(),
  fileName: v.string(),
  contentType: AttachmentContentTypeSchema,
  sizeBytes: v.pipe(v.number(), v.integer(), v.minValue(1)),
  uploadedAt: IsoDateTimeSchema,
});
export type Attachment = v.InferOutput<typeof AttachmentSchema>;

/** DELETE answer for an attachment (a draft claim's statement): the id that was removed. */
export const DeletedAttachmentSchema = v.object({ id: v.string() });
