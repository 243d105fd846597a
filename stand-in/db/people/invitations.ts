/**
 * Invitations to an account: the details the inviter typed, the permissions offered, and the
 * single-use links mailed for it (only each link's hash is kept; a resend replaces the link, so the
 * old one dies). A person joins the account only when they accept (stand-in/idp/invitation.ts).
 * An invitation to several accounts is a group: one invitation per account (each listed, revoked and
 * removed on its own account), one link and one mail for all of them; the group's id is its first
 * invitation's, and its links are kept under that id.
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { DatabaseSync } from "node:sqlite";
import type { Permission } from "../../../src/core/api/schemas/common.ts";
import { addColumnIfMissing } from "../columns.ts";
import { INVITATION_LIFETIME_MS, type InvitationTimes } from "../../../src/core/permissions/invitations.ts";

export function migrateInvitations(db: DatabaseSync): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS invitations (
      id TEXT PRIMARY KEY,
      account_number TEXT NOT NULL REFERENCES accounts(account_number),
      email TEXT NOT NULL,                    -- normalized
      first_name TEXT NOT NULL,
      last_name TEXT NOT NULL,
      phone TEXT NOT NULL,                    -- E.164
      permissions TEXT NOT NULL,              -- JSON Permission[]
      invited_by TEXT,                        -- user id
      created_at INTEGER NOT NULL,            -- epoch ms, the backend's clock
      sent_at INTEGER,                        -- epoch ms of the newest link's mail; null: not sent
      expires_at INTEGER NOT NULL,            -- epoch ms
      accepted_at INTEGER,
      revoked_at INTEGER,
      user_id TEXT,                           -- who accepted
      group_id TEXT                           -- the group's first invitation; null: a group of its own
    );
    -- Every invitation mail sent (a new invitation or a resend), kept when the invitation is removed:
    -- the quota on invitation mails counts these (stand-in/quotas.ts).
    CREATE TABLE IF NOT EXISTS invitation_mails (
      account_number TEXT NOT NULL,
      sent_by TEXT NOT NULL,                  -- user id
      sent_at INTEGER NOT NULL                -- epoch ms, the backend's clock
    );
    CREATE TABLE IF NOT EXISTS invitation_links (
      token_hash TEXT PRIMARY KEY,
      invitation_id TEXT NOT NULL REFERENCES invitations(id) ON DELETE CASCADE,
      replaced INTEGER NOT NULL DEFAULT 0
    );
  `);
  // Added later: a data folder made before gets the column here.
  addColumnIfMissing(db, "invitations", "group_id", "TEXT");
}

export type Invitation = InvitationTimes & {
  id: string;
  accountNumber: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  permissions: Permission[];
  invitedBy: string | null;
  createdAt: number;
  sentAt: number | null;
  userId: string | null;
  /** The group (an invitation to several accounts) this one belongs to: its first invitation's id. */
  groupId: string;
};

type InvitationRow = {
  id: string;
  account_number: string;
  email: string;
  first_name: string;
  last_name: string;
  phone: string;
  permissions: string;
  invited_by: string | null;
  created_at: number;
  sent_at: number | null;
  expires_at: number;
  accepted_at: number | null;
  revoked_at: number | null;
  user_id: string | null;
  group_id: string | null;
};

const toInvitation = (row: InvitationRow): Invitation => ({
  id: row.id,
  accountNumber: row.account_number,
  email: row.email,
  firstName: row.first_name,
  lastName: row.last_name,
  phone: row.phone,
  permissions: JSON.parse(row.permissions) as Permission[],
  invitedBy: row.invited_by,
  createdAt: row.created_at,
  sentAt: row.sent_at,
  expiresAt: row.expires_at,
  acceptedAt: row.accepted_at,
  revokedAt: row.revoked_at,
  userId: row.user_id,
  groupId: row.group_id ?? row.id,
});

const hashOf = (token: string): string => createHash("sha256").update(token).digest("hex");

export function createInvitation(
  db: DatabaseSync,
  invitation: { accountNumber: string; email: string; firstName: string; lastName: string; phone: string; permissions: readonly Permission[]; invitedBy: string | null },
  now: number,
  /** The group to join (its first invitation's id); absent: the first of a new group. */
  groupId?: string,
): string {
  const id = `inv-${randomUUID()}`;
  db.prepare(
    `INSERT INTO invitations (id, account_number, email, first_name, last_name, phone, permissions, invited_by, created_at, expires_at, group_id)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(id, invitation.accountNumber, invitation.email, invitation.firstName, invitation.lastName, invitation.phone, JSON.stringify(invitation.permissions), invitation.invitedBy, now, now + INVITATION_LIFETIME_MS, groupId ?? id);
  return id;
}

/** Every invitation of the group, in the order they were made (the first is where the person lands). */
export function groupMembers(db: DatabaseSync, groupId: string): Invitation[] {
  const rows = db.prepare("SELECT * FROM invitations WHERE COALESCE(group_id, id) = ? ORDER BY rowid").all(groupId) as InvitationRow[];
  return rows.map(toInvitation);
}

export function findInvitation(db: DatabaseSync, id: string): Invitation | undefined {
  const row = db.prepare("SELECT * FROM invitations WHERE id = ?").get(id) as InvitationRow | undefined;
  return row && toInvitation(row);
}

/** The account's invitations nobody accepted yet (invited, expired or revoked), newest first. */
export function openInvitationsOf(db: DatabaseSync, accountNumber: string): Invitation[] {
  const rows = db
    .prepare("SELECT * FROM invitations WHERE account_number = ? AND accepted_at IS NULL ORDER BY created_at DESC, id")
    .all(accountNumber) as InvitationRow[];
  return rows.map(toInvitation);
}

/** The accepted invitation that brought this user onto the account, if they came by one. */
export function acceptedInvitationOf(db: DatabaseSync, userId: string, accountNumber: string): Invitation | undefined {
  const row = db
    .prepare("SELECT * FROM invitations WHERE user_id = ? AND account_number = ? AND accepted_at IS NOT NULL ORDER BY accepted_at DESC LIMIT 1")
    .get(userId, accountNumber) as InvitationRow | undefined;
  return row && toInvitation(row);
}

/**
 * A new single-use link for the invitation's group: every earlier link is marked replaced (dead) and
 * the seven days start again for the invitations of the group in `renew` not accepted; the invitation
 * asked for counts as not revoked again (another account's revoked one stays revoked: that was its
 * manager's choice). Only the accounts whose users the sender may invite to are renewed: one who
 * manages one outlet does not bring an expired invitation to another outlet back to life. An
 * invitation not renewed that still runs is accepted by the new link as by the old. Returns the token.
 */
export function issueLink(db: DatabaseSync, invitation: Pick<Invitation, "id" | "groupId">, now: number, renew: (member: Invitation) => boolean): string {
  const token = randomBytes(32).toString("base64url");
  db.prepare("UPDATE invitation_links SET replaced = 1 WHERE invitation_id = ?").run(invitation.groupId);
  db.prepare("INSERT INTO invitation_links (token_hash, invitation_id) VALUES (?, ?)").run(hashOf(token), invitation.groupId);
  db.prepare("UPDATE invitations SET revoked_at = NULL WHERE id = ?").run(invitation.id);
  const extend = db.prepare("UPDATE invitations SET expires_at = ?, sent_at = NULL WHERE id = ? AND accepted_at IS NULL AND revoked_at IS NULL");
  for (const member of groupMembers(db, invitation.groupId)) {
    if (member.id === invitation.id || renew(member)) extend.run(now + INVITATION_LIFETIME_MS, member.id);
  }
  return token;
}

export function markSent(db: DatabaseSync, invitationIds: readonly string[], now: number): void {
  const mark = db.prepare("UPDATE invitations SET sent_at = ? WHERE id = ?");
  for (const id of invitationIds) mark.run(now, id);
}

/** The invitations of the group a link belongs to (in their order), and whether a newer link replaced it. */
export function invitationByToken(db: DatabaseSync, token: string): { group: Invitation[]; replaced: boolean } | undefined {
  if (!/^[\w-]{20,100}$/.test(token)) return undefined;
  const link = db.prepare("SELECT invitation_id, replaced FROM invitation_links WHERE token_hash = ?").get(hashOf(token)) as
    | { invitation_id: string; replaced: number }
    | undefined;
  const group = link ? groupMembers(db, link.invitation_id) : [];
  return group.length > 0 ? { group, replaced: link?.replaced === 1 } : undefined;
}

export function markAccepted(db: DatabaseSync, invitationId: string, userId: string, now: number): void {
  db.prepare("UPDATE invitations SET accepted_at = ?, user_id = ? WHERE id = ?").run(now, userId, invitationId);
}

export function revokeInvitation(db: DatabaseSync, invitationId: string, now: number): void {
  db.prepare("UPDATE invitations SET revoked_at = ? WHERE id = ?").run(now, invitationId);
}

/**
 * Removes an invitation (a mistake). The first of a group hands the group's id and links to the next
 * one first, so the others' link keeps working.
 */
export function deleteInvitation(db: DatabaseSync, invitationId: string): void {
  const invitation = findInvitation(db, invitationId);
  const next = invitation && invitation.groupId === invitation.id ? groupMembers(db, invitation.id).find((member) => member.id !== invitation.id) : undefined;
  if (next) {
    db.prepare("UPDATE invitations SET group_id = ? WHERE COALESCE(group_id, id) = ?").run(next.id, invitationId);
    db.prepare("UPDATE invitation_links SET invitation_id = ? WHERE invitation_id = ?").run(next.id, invitationId);
    db.prepare("UPDATE inbox SET invitation_id = ? WHERE invitation_id = ?").run(next.id, invitationId);
  }
  db.prepare("DELETE FROM invitations WHERE id = ?").run(invitationId);
}

/** Records one invitation mail (a new invitation or a resend) for the quota on them. */
export function recordInvitationMail(db: DatabaseSync, accountNumber: string, sentBy: string, now: number): void {
  db.prepare("INSERT INTO invitation_mails (account_number, sent_by, sent_at) VALUES (?, ?, ?)").run(accountNumber, sentBy, now);
}

/** How many invitation mails the account, or the person, sent since `since` (epoch ms). */
export function invitationMailsSince(db: DatabaseSync, by: "account_number" | "sent_by", value: string, since: number): number {
  const row = db.prepare(`SELECT COUNT(*) AS n FROM invitation_mails WHERE ${by} = ? AND sent_at >= ?`).get(value, since) as { n: number };
  return Number(row.n);
}
