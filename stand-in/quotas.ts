/**
 * Quotas on what a customer stores (docs/api-business.md, "Quotas"; docs/security.md). Without them
 * any consented user of an account could fill the server: 25 loose THT uploads of 4 MB were all kept.
 *
 * What counts is what is still open: loose THT uploads (not yet in a saved registration), photos
 * uploaded for a service request that was not yet sent, and the
 * statements on draft bonus claims; a saved registration's or a submitted claim's files are the
 * business record, bounded by their own rules (MAX_ATTACHMENTS per set). Counted per account and
 * per user (across their accounts). Loose THT uploads expire a day after upload (on the business
 * clock), so an abandoned form gives its room back. Drafts are counted the same way.
 */
import type http from "node:http";
import type { DatabaseSync } from "node:sqlite";
import type { QuotaCode as QuotaErrorCode } from "../src/core/api/schemas/common.ts";
import { CLAIMABLE_QUARTERS } from "../src/core/business/bonus-periods.ts";
import { invitationState } from "../src/core/permissions/invitations.ts";
import { invitationMailsSince, openInvitationsOf } from "./db/people/invitations.ts";
import { HttpError } from "./http.ts";
import { readUpload, type Upload } from "./uploads.ts";

const MB = 1024 * 1024;

/** Open uploads: files and bytes, per account and per user. */
export const UPLOAD_QUOTA = {
  account: { files: 40, bytes: 60 * MB },
  user: { files: 25, bytes: 40 * MB },
} as const;
/**
 * Open draft bonus claims, per account and per user. An account has at most one draft per claimable
 * period anyway (CLAIMABLE_QUARTERS); a user with many accounts is held to twice that.
 */
export const DRAFT_QUOTA = { account: CLAIMABLE_QUARTERS, user: 2 * CLAIMABLE_QUARTERS } as const;
/** A loose upload not linked to a registration within a day is removed. */
export const LOOSE_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

/** The refusal codes (docs/api-business.md): 429 when a count is reached, 413 when the bytes are. */
export type QuotaCode = QuotaErrorCode;
export const quotaError = (status: 413 | 429, code: QuotaCode): HttpError => new HttpError(status, { statusCode: status, code });

/** Open uploads: loose THT files, photos for a service request not yet sent, and statements on draft claims. */
const OPEN_UPLOADS = `
  SELECT size, uploaded_by, CASE owner_kind WHEN 'bonus' THEN (SELECT account_number FROM bonus_claims WHERE id = owner_id) ELSE owner_id END AS account
  FROM attachments
  WHERE (owner_kind IN ('corona', 'service') AND linked = 0)
     OR (owner_kind = 'bonus' AND owner_id IN (SELECT id FROM bonus_claims WHERE status = 'draft'))`;

/** Removes loose THT and service uploads older than a day; returns how many went. */
export function expireLooseUploads(db: DatabaseSync, now: Date): number {
  const cutoff = new Date(now.getTime() - LOOSE_UPLOAD_TTL_MS).toISOString();
  const result = db.prepare("DELETE FROM attachments WHERE owner_kind IN ('corona', 'service') AND linked = 0 AND uploaded_at < ?").run(cutoff);
  return Number(result.changes);
}

function openUsage(db: DatabaseSync, where: "account" | "uploaded_by", value: string): { files: number; bytes: number } {
  const row = db.prepare(`SELECT COUNT(*) AS files, COALESCE(SUM(size), 0) AS bytes FROM (${OPEN_UPLOADS}) WHERE ${where} = ?`).get(value) as {
    files: number;
    bytes: number;
  };
  return { files: Number(row.files), bytes: Number(row.bytes) };
}

/**
 * Throws 429 `upload_quota` when one more file would pass a count, or (with `bytes`, once the upload
 * is read) 413 `upload_quota` when its bytes would pass a size. Expired loose uploads go first.
 */
export function checkUploadQuota(db: DatabaseSync, now: Date, accountNumber: string, userId: string, bytes = 0): void {
  expireLooseUploads(db, now);
  for (const [usage, limit] of [
    [openUsage(db, "account", accountNumber), UPLOAD_QUOTA.account],
    [openUsage(db, "uploaded_by", userId), UPLOAD_QUOTA.user],
  ] as const) {
    if (usage.files + 1 > limit.files) throw quotaError(429, "upload_quota");
    if (usage.bytes + bytes > limit.bytes) throw quotaError(413, "upload_quota");
  }
}

/**
 * Reads an upload within the quotas: the count is checked before the body is read (a refusal drains
 * it, so the client gets the answer instead of a broken pipe), the size once its bytes are known.
 */
export async function readUploadWithinQuota(req: http.IncomingMessage, db: DatabaseSync, now: Date, accountNumber: string, userId: string): Promise<Upload> {
  try {
    checkUploadQuota(db, now, accountNumber, userId);
  } catch (error) {
    req.resume();
    throw error;
  }
  const upload = await readUpload(req);
  checkUploadQuota(db, now, accountNumber, userId, upload.bytes.length);
  return upload;
}

/** Throws 429 `draft_quota` when one more draft claim would pass a count. */
export function checkDraftQuota(db: DatabaseSync, accountNumber: string, userId: string): void {
  const count = (sql: string, value: string): number => Number((db.prepare(sql).get(value) as { n: number }).n);
  const perAccount = count("SELECT COUNT(*) AS n FROM bonus_claims WHERE status = 'draft' AND account_number = ?", accountNumber);
  const perUser = count("SELECT COUNT(*) AS n FROM bonus_claims WHERE status = 'draft' AND created_by = ?", userId);
  if (perAccount + 1 > DRAFT_QUOTA.account || perUser + 1 > DRAFT_QUOTA.user) throw quotaError(429, "draft_quota");
}

/**
 * Invitations: each one is a stored row and a mail we send to an address the customer typed, so
 * both are bounded. Open invitations (sent, not yet accepted, expired or revoked) per account; mails
 * (new invitations and resends) per account and per person in any 24 hours, so a resend loop cannot
 * turn our mail into someone's spam.
 */
export const INVITATION_QUOTA = { openPerAccount: 25, mailsPerAccountPerDay: 40, mailsPerUserPerDay: 20 } as const;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Throws 429 `invitation_quota` when one more invitation mail would pass a count; with
 * `newInvitation`, also when the account's open invitations are at their limit.
 */
export function checkInvitationQuota(db: DatabaseSync, now: number, accountNumber: string, userId: string, newInvitation: boolean): void {
  const since = now - DAY_MS;
  const open = newInvitation ? openInvitationsOf(db, accountNumber).filter((invitation) => invitationState(invitation, now) === "invited").length : 0;
  if (
    open + 1 > INVITATION_QUOTA.openPerAccount ||
    invitationMailsSince(db, "account_number", accountNumber, since) + 1 > INVITATION_QUOTA.mailsPerAccountPerDay ||
    invitationMailsSince(db, "sent_by", userId, since) + 1 > INVITATION_QUOTA.mailsPerUserPerDay
  ) {
    throw quotaError(429, "invitation_quota");
  }
}
