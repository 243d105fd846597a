/**
 * The people area of the stand-in's database: users (sign-in, profile, consent; the old lock-out columns are no longer used: idp/throttle.ts keeps its counts in memory),
 * customer accounts, the users' links to accounts with their permissions, and the mail outbox.
 * Functions take the clock's `now` from the caller so tests can move time.
 */
import { randomUUID } from "node:crypto";
import type { DatabaseSync } from "node:sqlite";
import type { Permission } from "../../src/core/api/schemas/common.ts";
import type { Account } from "../../src/core/api/schemas/people.ts";
import type { AccountUpdate } from "../../src/core/api/schemas/people-requests.ts";
import { hashPassword } from "../idp/password.ts";
import { DEMO_PASSWORD } from "../../dev/lib/stack-config.ts";
import {
  SEED_ACCOUNTS,
  SEED_CONSENTED_AT,
  SEED_UPDATED_AT,
  SEED_USERS,
  type ContactPersonSeed,
} from "../seed/people.ts";

const TEXT_FIELDS = [
  "id", "name", "alternativename", "address1line1", "address1line2", "address1line3", "address1city",
  "address1postalcode", "address2line1", "address2line2", "address2line3", "address2city", "address2postalcode",
  "postalBoxNumber", "telephone", "emailaddress1", "emailaddress2", "emailinvoicecc", "invoiceto", "vatNumber",
  "ibanNumber", "chamberOfCommerceNumber",
] as const;
const BOOLEAN_FIELDS = ["hasDifferentPostAddress", "postalboxaddress", "emailinvoice"] as const;

export function migrate(db: DatabaseSync): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS users (
      id TEXT PRIMARY KEY,
      email TEXT NOT NULL UNIQUE,
      password_hash TEXT NOT NULL,
      first_name TEXT NOT NULL,
      last_name TEXT NOT NULL,
      phone TEXT NOT NULL,
      updated_at INTEGER NOT NULL,            -- epoch seconds, the updated_at claim
      consented_at TEXT,                      -- ISO date-time; null until the user accepts the terms
      failed_logins INTEGER NOT NULL DEFAULT 0,
      first_failed_at INTEGER,                -- epoch ms of the first failure in the current window
      locked_until INTEGER                    -- epoch ms
    );
    CREATE TABLE IF NOT EXISTS accounts (
      account_number TEXT PRIMARY KEY,
      ${TEXT_FIELDS.map((field) => `"${field}" TEXT`).join(",\n      ")},
      ${BOOLEAN_FIELDS.map((field) => `"${field}" INTEGER NOT NULL`).join(",\n      ")},
      accountmanager TEXT,                    -- JSON ContactPersonSeed
      sales_support TEXT                      -- JSON ContactPersonSeed
    );
    CREATE TABLE IF NOT EXISTS user_accounts (
      user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      account_number TEXT NOT NULL REFERENCES accounts(account_number),
      permissions TEXT NOT NULL,              -- JSON Permission[]
      is_main_user INTEGER NOT NULL DEFAULT 0,
      PRIMARY KEY (user_id, account_number)
    );
    CREATE TABLE IF NOT EXISTS mail_outbox (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      to_address TEXT NOT NULL,
      subject TEXT NOT NULL,
      body TEXT NOT NULL,
      sent_at TEXT NOT NULL
    );
  `);
}

export function seed(db: DatabaseSync): void {
  for (const account of SEED_ACCOUNTS) {
    const { accountmanager, salesSupport } = account;
    const columns = ["account_number", ...TEXT_FIELDS, ...BOOLEAN_FIELDS, "accountmanager", "sales_support"];
    db.prepare(
      `INSERT INTO accounts (${columns.map((c) => `"${c}"`).join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`,
    ).run(
      account.accountnumber,
      ...TEXT_FIELDS.map((field) => account[field]),
      ...BOOLEAN_FIELDS.map((field) => (account[field] ? 1 : 0)),
      JSON.stringify(accountmanager),
      JSON.stringify(salesSupport),
    );
  }
  const hash = hashPassword(DEMO_PASSWORD);
  for (const user of SEED_USERS) {
    db.prepare(
      `INSERT INTO users (id, email, password_hash, first_name, last_name, phone, updated_at, consented_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(user.id, user.email, hash, user.firstName, user.lastName, user.phone, SEED_UPDATED_AT, user.consented ? SEED_CONSENTED_AT : null);
    for (const link of user.accounts) linkUser(db, user.id, link.accountNumber, link.permissions, link.isMainUser);
  }
}

// ---- users -------------------------------------------------------------------------------------

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

type UserRow = {
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

const toUser = (row: UserRow): User => ({
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

// ---- links between users and accounts ---------------------------------------------------------

export type AccountLink = { accountNumber: string; permissions: Permission[]; isMainUser: boolean };

type LinkRow = { account_number: string; permissions: string; is_main_user: number };
const toLink = (row: LinkRow): AccountLink => ({
  accountNumber: row.account_number,
  permissions: JSON.parse(row.permissions) as Permission[],
  isMainUser: row.is_main_user === 1,
});

/** The user's accounts in account-number order (the order of the accountnumber claim). */
export function linksOf(db: DatabaseSync, userId: string): AccountLink[] {
  const rows = db
    .prepare("SELECT account_number, permissions, is_main_user FROM user_accounts WHERE user_id = ? ORDER BY account_number")
    .all(userId) as LinkRow[];
  return rows.map(toLink);
}

export function linkOf(db: DatabaseSync, userId: string, accountNumber: string): AccountLink | undefined {
  const row = db
    .prepare("SELECT account_number, permissions, is_main_user FROM user_accounts WHERE user_id = ? AND account_number = ?")
    .get(userId, accountNumber) as LinkRow | undefined;
  return row && toLink(row);
}

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
      `SELECT u.*, l.account_number, l.permissions, l.is_main_user FROM user_accounts l JOIN users u ON u.id = l.user_id
       WHERE l.account_number = ? ORDER BY l.is_main_user DESC, u.last_name, u.first_name`,
    )
    .all(accountNumber) as (UserRow & LinkRow)[];
  return rows.map((row) => ({ ...toLink(row), user: toUser(row) }));
}

// ---- accounts -----------------------------------------------------------------------------------

/** An account as stored: people images are paths the route turns into image-endpoint URLs. */
export type StoredAccount = Account & {
  accountmanager: ContactPersonSeed | null;
  salesSupport: ContactPersonSeed | null;
};

type AccountRow = Record<string, string | number | null>;

function toAccount(row: AccountRow): StoredAccount {
  const text = (field: string): string | null => (row[field] === null ? null : String(row[field]));
  const json = <T>(field: string): T | null => (row[field] === null ? null : (JSON.parse(String(row[field])) as T | null));
  return {
    id: String(row["id"]),
    accountnumber: String(row["account_number"]),
    name: String(row["name"]),
    alternativename: text("alternativename"),
    address1line1: String(row["address1line1"]),
    address1line2: text("address1line2"),
    address1line3: text("address1line3"),
    address1city: String(row["address1city"]),
    address1postalcode: String(row["address1postalcode"]),
    hasDifferentPostAddress: row["hasDifferentPostAddress"] === 1,
    address2line1: text("address2line1"),
    address2line2: text("address2line2"),
    address2line3: text("address2line3"),
    address2city: text("address2city"),
    address2postalcode: text("address2postalcode"),
    postalboxaddress: row["postalboxaddress"] === 1,
    postalBoxNumber: text("postalBoxNumber"),
    telephone: String(row["telephone"]),
    emailaddress1: String(row["emailaddress1"]),
    emailaddress2: text("emailaddress2"),
    emailinvoice: row["emailinvoice"] === 1,
    emailinvoicecc: text("emailinvoicecc"),
    invoiceto: text("invoiceto"),
    vatNumber: String(row["vatNumber"]),
    ibanNumber: String(row["ibanNumber"]),
    chamberOfCommerceNumber: String(row["chamberOfCommerceNumber"]),
    accountmanager: json<ContactPersonSeed>("accountmanager"),
    salesSupport: json<ContactPersonSeed>("sales_support"),
  };
}

export function findAccount(db: DatabaseSync, accountNumber: string): StoredAccount | undefined {
  const row = db.prepare("SELECT * FROM accounts WHERE account_number = ?").get(accountNumber) as AccountRow | undefined;
  return row && toAccount(row);
}

/** Writes every editable field of an account (already validated and normalized by the route). */
export function updateAccount(db: DatabaseSync, accountNumber: string, update: AccountUpdate): void {
  const textFields = TEXT_FIELDS.filter((field) => field !== "id");
  const assignments = [...textFields, ...BOOLEAN_FIELDS].map((field) => `"${field}" = ?`).join(", ");
  db.prepare(`UPDATE accounts SET ${assignments} WHERE account_number = ?`).run(
    ...textFields.map((field) => update[field]),
    ...BOOLEAN_FIELDS.map((field) => (update[field] ? 1 : 0)),
    accountNumber,
  );
}

// ---- mail outbox --------------------------------------------------------------------------------

export type Mail = { to: string; subject: string; body: string };
export type SentMail = Mail & { id: number; sentAt: string };

/** "Sends" a mail: the stand-in has no mail server, so it keeps every mail in the outbox table. */
export function sendMail(db: DatabaseSync, mail: Mail, sentAt: string): void {
  db.prepare("INSERT INTO mail_outbox (to_address, subject, body, sent_at) VALUES (?, ?, ?, ?)").run(
    mail.to,
    mail.subject,
    mail.body,
    sentAt,
  );
}

export function outbox(db: DatabaseSync): SentMail[] {
  const rows = db.prepare("SELECT * FROM mail_outbox ORDER BY id").all() as {
    id: number;
    to_address: string;
    subject: string;
    body: string;
    sent_at: string;
  }[];
  return rows.map((row) => ({ id: row.id, to: row.to_address, subject: row.subject, body: row.body, sentAt: row.sent_at }));
}
