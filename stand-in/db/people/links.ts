/** The links between users and customer accounts, each with its permissions and main-user flag. */
import type { DatabaseSync } from "node:sqlite";
import type { Permission } from "../../../src/core/api/schemas/common.ts";
import { toUser, type User, type UserRow } from "./users.ts";
import { holdsRoles } from "./roles.ts";
import { addColumnIfMissing } from "../columns.ts";

/** `deactivatedAt` (epoch ms): the person keeps their place and history on the account but has no access to it. */
export type AccountLink = { accountNumber: string; permissions: Permission[]; isMainUser: boolean; deactivatedAt: number | null };

type LinkRow = { account_number: string; permissions: string; is_main_user: number; deactivated_at: number | null };
const toLink = (row: LinkRow): AccountLink => ({
  accountNumber: row.account_number,
  permissions: JSON.parse(row.permissions) as Permission[],
  isMainUser: row.is_main_user === 1,
  deactivatedAt: row.deactivated_at,
});

/** The deactivation column, added beside the original ones so an older data folder gains it too. */
export function migrateDeactivation(db: DatabaseSync): void {
  addColumnIfMissing(db, "user_accounts", "deactivated_at", "INTEGER");
}

/**
 * The accounts the user has access to, in account-number order (the order of the accountnumber
 * claim): a deactivated link gives none, so the token, the API's permission check and the profile
 * all leave it out. `allLinksOf` includes them.
 */
export function linksOf(db: DatabaseSync, userId: string): AccountLink[] {
  return allLinksOf(db, userId).filter((link) => link.deactivatedAt === null);
}

export function allLinksOf(db: DatabaseSync, userId: string): AccountLink[] {
  const rows = db
    .prepare("SELECT account_number, permissions, is_main_user, deactivated_at FROM user_accounts WHERE user_id = ? ORDER BY account_number")
    .all(userId) as LinkRow[];
  return rows.map(toLink);
}

/** The user's link to the account, deactivated or not. */
export function linkOf(db: DatabaseSync, userId: string, accountNumber: string): AccountLink | undefined {
  const row = db
    .prepare("SELECT account_number, permissions, is_main_user, deactivated_at FROM user_accounts WHERE user_id = ? AND account_number = ?")
    .get(userId, accountNumber) as LinkRow | undefined;
  return row && toLink(row);
}

/** Deactivates (`at` epoch ms) or reactivates (null) the user's access to the account. */
export function setDeactivated(db: DatabaseSync, userId: string, accountNumber: string, at: number | null): void {
  db.prepare("UPDATE user_accounts SET deactivated_at = ? WHERE user_id = ? AND account_number = ?").run(at, userId, accountNumber);
}

/**
 * True when the user is on accounts but deactivated on every one, and holds no role of the
 * supplier's own (roles.ts): they may not sign in. A member of staff keeps their sign-in.
 */
export const deactivatedEverywhere = (db: DatabaseSync, userId: string): boolean => {
  const all = allLinksOf(db, userId);
  return all.length > 0 && all.every((link) => link.deactivatedAt !== null) && !holdsRoles(db, userId);
};

export function linkUser(
  db: DatabaseSync,
  userId: string,
  accountNumber: string,
  permissions: readonly Permission[],
  isMainUser = false,
): void {
  db.prepare("INSERT INTO user_accounts (user_id, account_number, permissions, is_main_user) VALUES (?, ?, ?, ?)").run(
    userId,
    accountNumber,
    JSON.stringify(permissions),
    isMainUser ? 1 : 0,
  );
}

export function setPermissions(db: DatabaseSync, userId: string, accountNumber: string, permissions: readonly Permission[]): void {
  db.prepare("UPDATE user_accounts SET permissions = ? WHERE user_id = ? AND account_number = ?").run(
    JSON.stringify(permissions),
    userId,
    accountNumber,
  );
}

/**
 * Makes `userId` the account's one main user in a single statement, so there is never a moment
 * with none or two; the user must be linked to the account.
 */
export function setMainUser(db: DatabaseSync, accountNumber: string, userId: string): void {
  db.prepare("UPDATE user_accounts SET is_main_user = (user_id = ?) WHERE account_number = ?").run(userId, accountNumber);
}

export function unlinkUser(db: DatabaseSync, userId: string, accountNumber: string): void {
  db.prepare("DELETE FROM user_accounts WHERE user_id = ? AND account_number = ?").run(userId, accountNumber);
}

export type Colleague = AccountLink & { user: User };

/** Everyone linked to an account: main users first, then by last and first name. */
export function colleaguesOf(db: DatabaseSync, accountNumber: string): Colleague[] {
  const rows = db
    .prepare(
      `SELECT u.*, l.account_number, l.permissions, l.is_main_user, l.deactivated_at FROM user_accounts l JOIN users u ON u.id = l.user_id
       WHERE l.account_number = ? ORDER BY l.is_main_user DESC, u.last_name, u.first_name`,
    )
    .all(accountNumber) as (UserRow & LinkRow)[];
  return rows.map((row) => ({ ...toLink(row), user: toUser(row) }));
}
