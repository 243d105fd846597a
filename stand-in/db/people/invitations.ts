/**
 * Invitations to an account: the details the inviter typed, the permissions offered, and the
 * single-use links mailed for it (only each link's hash is kept; a resend replaces the link, so the
 * old one dies). A person joins the account only when they accept (stand-in/idp/invitation.ts).
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { DatabaseSync } from "node:sqlite";
import type { Permission } from "../../../src/core/api/schemas/common.ts";
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
      user_id TEXT                            -- who accepted
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
});

const hashOf = (token: string): string => createHash("sha256").update(token).digest("hex");

export function createInvitation(
  db: DatabaseSync,
  invitation: { accountNumber: string; email: string; firstName: string; lastName: string; phone: string; permissions: readonly Permission[]; invitedBy: string | null },
  now: number,
): string {
  const id = `inv-${randomUUID()}`;
  db.prepare(
    `INSERT INTO invitations (id, account_number, email, first_name, last_name, phone, permissions, invited_by, created_at, expires_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(id, invitation.accountNumber, invitation.email, invitation.firstName, invitation.lastName, invitation.phone, JSON.stringify(invitation.permissions), invitation.invitedBy, now, now + INVITATION_LIFETIME_MS);
  return id;
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
 * A new single-use link for the invitation: every earlier link is marked replaced (dead), the seven
 * days start again and the invitation counts as not revoked. Returns the token for the mail.
 */
export function issueLink(db: DatabaseSync, invitationId: string, now: number): string {
  const token = randomBytes(32).toString("base64url");
  db.prepare("UPDATE invitation_links SET replaced = 1 WHERE invitation_id = ?").run(invitationId);
  db.prepare("INSERT INTO invitation_links (token_hash, invitation_id) VALUES (?, ?)").run(hashOf(token), invitationId);
  db.prepare("UPDATE invitations SET expires_at = ?, revoked_at = NULL, sent_at = NULL WHERE id = ?").run(now + INVITATION_LIFETIME_MS, invitationId);
  return token;
}

export function markSent(db: DatabaseSync, invitationId: string, now: number): void {
  db.prepare("UPDATE invitations SET sent_at = ? WHERE id = ?").run(now, invitationId);
}

/** The invitation a link belongs to, and whether a newer link replaced it. */
export function invitationByToken(db: DatabaseSync, token: string): { invitation: Invitation; replaced: boolean } | undefined {
  if (!/^[\w-]{20,100}$/.test(token)) return undefined;
  const link = db.prepare("SELECT invitation_id, replaced FROM invitation_links WHERE token_hash = ?").get(hashOf(token)) as
    | { invitation_id: string; replaced: number }
    | undefined;
  const invitation = link && findInvitation(db, link.invitation_id);
  return invitation && { invitation, replaced: link.replaced === 1 };
}

export function markAccepted(db: DatabaseSync, invitationId: string, userId: string, now: number): void {
  db.prepare("UPDATE invitations SET accepted_at = ?, user_id = ? WHERE id = ?").run(now, userId, invitationId);
}

export function revokeInvitation(db: DatabaseSync, invitationId: string, now: number): void {
  db.prepare("UPDATE invitations SET revoked_at = ? WHERE id = ?").run(now, invitationId);
}

export function deleteInvitation(db: DatabaseSync, invitationId: string): void {
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
