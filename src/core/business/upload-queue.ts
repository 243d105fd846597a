import { MAX_ATTACHMENTS, type Attachment, type UploadErrorCode } from "../api/schemas/business.ts";
import { uploadPrecheck } from "./upload-check.ts";

/** A file as the drop zone needs it: a browser File satisfies it. */
type PickedFile = { name: string; size: number; type: string };

/**
 * A file on its way into a set of attachments: sending (with bytes sent), or failed with the
 * refusal code, or the network's `failed` when no answer came. Done files leave the queue and
 * join the set (the list the form or claim holds).
 */
export type QueuedUpload<F extends PickedFile = PickedFile> = {
  key: string;
  file: F;
  sent: number;
  state: "sending" | "failed";
  error?: UploadErrorCode | "failed" | undefined;
};

/** A file refused before it was sent, with why. */
export type Refused = { name: string; code: UploadErrorCode };

/**
 * Splits newly picked files into those to send and those refused: each is checked on its declared
 * type and size, and no more are taken than the set has room for (`held` files are already in it or
 * on their way). The refusals say per file why, so the zone can name them.
 */
export function admitFiles<F extends PickedFile>(picked: readonly F[], held: number, max = MAX_ATTACHMENTS): { accepted: F[]; refused: Refused[] } {
  const accepted: F[] = [];
  const refused: Refused[] = [];
  for (const file of picked) {
    const code = uploadPrecheck(file) ?? (held + accepted.length >= max ? "too_many" : undefined);
    if (code) refused.push({ name: file.name, code });
    else accepted.push(file);
  }
  if (picked.length === 0) refused.push({ name: "", code: "file_missing" });
  return { accepted, refused };
}

/** Whole percent of an upload sent; a file whose total is not yet known counts as 0. */
export const percentSent = (sent: number, total: number): number => (total > 0 ? Math.min(100, Math.floor((sent / total) * 100)) : 0);

/** How many more files the set takes. */
export const roomLeft = (stored: readonly Attachment[], queued: readonly QueuedUpload[], max = MAX_ATTACHMENTS): number =>
  Math.max(0, max - stored.length - queued.length);
