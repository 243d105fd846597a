import * as v from "valibot";
import { IsoDateTimeSchema } from "../common.ts";

/** File types the stand-in accepts for uploads, decided from the file's content, not its name. */
export const ATTACHMENT_CONTENT_TYPES = ["application/pdf", "image/png", "image/jpeg"] as const;
export const AttachmentContentTypeSchema = v.picklist(ATTACHMENT_CONTENT_TYPES);
export type AttachmentContentType = v.InferOutput<typeof AttachmentContentTypeSchema>;

/** Largest upload accepted: 5 MB. */
export const MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024;

/**
 * Refusal codes of an upload (400, field "file"): no file part, a type other than PDF/PNG/JPEG
 * by content, or more than MAX_ATTACHMENT_BYTES.
 */
export const UPLOAD_ERROR_CODES = ["file_missing", "file_type", "file_too_large"] as const;
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
