/**
 * Personal notices in the portal inbox: a notification for one person rather than for an account's
 * people (the invitation a person who already has a sign-in accepts in their own portal). Its row
 * names the account it is about, but it is listed to its recipient on whichever of their accounts they
 * open (stand-in/db/business/inbox.ts), and to nobody else.
 */
import { randomUUID } from "node:crypto";
import type { DatabaseSync } from "node:sqlite";

export type InvitationNotice = {
  invitationId: string;
  recipientUserId: string;
  accountNumber: string;
  title: { nl: string; en: string };
  body: { nl: string; en: string };
  /** The acceptance page's absolute address at the identity provider, without `lang` (the API adds the reader's). */
  link: string;
};

/**
 * Puts the invitation's notice in its recipient's inbox, or, when it is there already (a resend),
 * gives it the new link and texts and makes it unread and new again: the old link is dead.
 */
export function putInvitationNotice(db: DatabaseSync, notice: InvitationNotice, at: string): void {
  const updated = db
    .prepare("UPDATE inbox SET title_nl = ?, title_en = ?, body_nl = ?, body_en = ?, link = ?, created_at = ?, read_at = NULL WHERE invitation_id = ? AND recipient_user_id = ?")
    .run(notice.title.nl, notice.title.en, notice.body.nl, notice.body.en, notice.link, at, notice.invitationId, notice.recipientUserId);
  if (Number(updated.changes) > 0) return;
  db.prepare(
    `INSERT INTO inbox (guid, account_number, category, title_nl, title_en, body_nl, body_en, created_at, read_at, link, invoice_number, recipient_user_id, invitation_id)
     VALUES (?, ?, 'general', ?, ?, ?, ?, ?, NULL, ?, NULL, ?, ?)`,
  ).run(randomUUID(), notice.accountNumber, notice.title.nl, notice.title.en, notice.body.nl, notice.body.en, at, notice.link, notice.recipientUserId, notice.invitationId);
}

/** Takes the notices of invitations removed as a mistake out of the inbox (as if never sent). */
export function removeInvitationNotices(db: DatabaseSync, invitationIds: readonly string[]): void {
  const remove = db.prepare("DELETE FROM inbox WHERE invitation_id = ?");
  for (const id of invitationIds) remove.run(id);
}
