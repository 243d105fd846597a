/**
 * The users table: a sign-in with its profile and consent (the old lock-out columns are no longer
 * used: idp/throttle.ts keeps its counts in memory). Functions take the clock's `now` from the caller
 * so tests can move time.
 */
import { randomUUID } from "node:crypto";
import type { DatabaseSync } from "node:sqlite";
import { hashPassword } from "../../idp/password.ts";
import { addColumnIfMissing } from "../columns.ts";

export type User = {
  id: string;
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  phone: string;
  /** Epoch seconds. */
  updatedAt: number;
  consentedAt: string | null;
  failedLogins: number;
  firstFailedAt: number | null;
  lockedUntil: number | null;
};

export type UserRow = {
  id: string;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  phone: string;
  updated_at: number;
  consented_at: string | null;
  failed_logins: number;
  first_failed_at: number | null;
  locked_until: number | null;
};

export const toUser = (row: UserRow): User => ({
  id: row.id,
  email: row.email,
  passwordHash: row.password_hash,
  firstName: row.first_name,
  lastName: row.last_name,
  phone: row.phone,
  updatedAt: row.updated_at,
  consentedAt: row.consented_at,
  failedLogins: row.failed_logins,
  firstFailedAt: row.first_failed_at,
  lockedUntil: row.locked_until,
});

export function findUserById(db: DatabaseSync, id: string): User | undefined {
  const row = db.prepare("SELECT * FROM users WHERE id = ?").get(id) as UserRow | undefined;
  return row && toUser(row);
}

/** `email` must be normalized (trimmed, lower case): that is how addresses are stored. */
export function findUserByEmail(db: DatabaseSync, email: string): User | undefined {
  const row = db.prepare("SELECT * FROM users WHERE email = ?").get(email) as UserRow | undefined;
  return row && toUser(row);
}

/** Creates a sign-in; returns the new user's id. */
export function createUser(
  db: DatabaseSync,
  user: { email: string; password: string; firstName: string; lastName: string; phone: string },
  nowSeconds: number,
): string {
  const id = `usr-${randomUUID()}`;
  db.prepare(
    `INSERT INTO users (id, email, password_hash, first_name, last_name, phone, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(id, user.email, hashPassword(user.password), user.firstName, user.lastName, user.phone, nowSeconds);
  return id;
}

/**
 * Moves the user's `updated_at` forward so the next token carries claims the site sees as changed;
 * at least one second past the old value, so two changes within a second still differ.
 */
export function bumpUpdatedAt(db: DatabaseSync, userId: string, nowSeconds: number): void {
  db.prepare("UPDATE users SET updated_at = MAX(?, updated_at + 1) WHERE id = ?").run(nowSeconds, userId);
}

export function updateUserDetails(
  db: DatabaseSync,
  userId: string,
  details: { firstName: string; lastName: string; phone: string },
  nowSeconds: number,
): void {
  db.prepare("UPDATE users SET first_name = ?, last_name = ?, phone = ? WHERE id = ?").run(
    details.firstName,
    details.lastName,
    details.phone,
    userId,
  );
  bumpUpdatedAt(db, userId, nowSeconds);
}

export function setConsent(db: DatabaseSync, userId: string, consentedAt: string): void {
  db.prepare("UPDATE users SET consented_at = COALESCE(consented_at, ?) WHERE id = ?").run(consentedAt, userId);
}

export function deleteUser(db: DatabaseSync, userId: string): void {
  db.prepare("DELETE FROM users WHERE id = ?").run(userId);
}

/**
 * When each user last signed in (epoch ms), a column added beside the original ones so an older data
 * folder gains it too.
 */
export function migrateSignIns(db: DatabaseSync): void {
  addColumnIfMissing(db, "users", "last_sign_in_at", "INTEGER");
}

export function recordSignIn(db: DatabaseSync, userId: string, now: number): void {
  db.prepare("UPDATE users SET last_sign_in_at = ? WHERE id = ?").run(now, userId);
}

export function lastSignInOf(db: DatabaseSync, userId: string): number | null {
  const row = db.prepare("SELECT last_sign_in_at FROM users WHERE id = ?").get(userId) as { last_sign_in_at: number | null } | undefined;
  return row?.last_sign_in_at ?? null;
}

/** True when the address has a sign-in of its own (someone who can log in already). */
export const hasSignIn = (db: DatabaseSync, email: string): boolean => findUserByEmail(db, email) !== undefined;
