import { ATTACHMENT_CONTENT_TYPES, MAX_ATTACHMENT_BYTES, type UploadErrorCode } from "../api/schemas/business.ts";

const includes = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

/**
 * A first check of a chosen file by its declared type and size, so the site can refuse before
 * sending; the stand-in decides on the file's content (a renamed file passes here, not there).
 */
export function uploadPrecheck(file: { size: number; type: string } | undefined): UploadErrorCode | undefined {
  if (!file || file.size === 0) return "file_missing";
  if (file.size > MAX_ATTACHMENT_BYTES) return "file_too_large";
  if (!includes(ATTACHMENT_CONTENT_TYPES, file.type)) return "file_type";
  return undefined;
}
