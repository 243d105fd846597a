/**
 * The people area of the stand-in's database: its tables and their seed. Each table is read and
 * written in people/: users (sign-in, profile, consent), accounts, the users' links to accounts
 * with their permissions (links.ts), and the mail outbox.
 */
import type { DatabaseSync } from "node:sqlite";
import { clock } from "../idp/clock.ts";
import { hashPassword } from "../idp/password.ts";
import { DEMO_PASSWORD } from "../../dev/lib/stack-config.ts";
import { SEED_ACCOUNTS, SEED_CONSENTED_AT, SEED_DEACTIVATED, SEED_INVITATIONS, SEED_UPDATED_AT, SEED_USERS } from "../seed/people.ts";
import { BOOLEAN_FIELDS, TEXT_FIELDS } from "./people/accounts.ts";
import { linkUser, migrateDeactivation, setDeactivated } from "./people/links.ts";
import { migrateActivity } from "./people/activity.ts";
import { createInvitation, issueLink, markSent, migrateInvitations } from "./people/invitations.ts";
import { migrateSignIns } from "./people/users.ts";
import { migrateNotifications } from "./people/notifications.ts";
import { grantRole, migrateRoles } from "./people/roles.ts";

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
  migrateSignIns(db);
  migrateDeactivation(db);
  migrateInvitations(db);
  migrateActivity(db);
  migrateNotifications(db);
  migrateRoles(db);
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
    for (const role of user.roles ?? []) grantRole(db, user.id, role);
  }
  // Colleagues who left: deactivated, their history kept (the README's demo users).
  for (const { userId, accountNumber } of SEED_DEACTIVATED) setDeactivated(db, userId, accountNumber, SEED_UPDATED_AT * 1000);
  // A colleague invited and not yet accepted (the README's demo users), sent when the data folder is
  // made so it shows as invited for a week; its link is not kept: "resend" mails a new one.
  const now = clock.now();
  for (const invited of SEED_INVITATIONS) {
    const id = createInvitation(db, { ...invited, invitedBy: "usr-0001" }, now);
    issueLink(db, { id, groupId: id }, now, () => true);
    markSent(db, [id], now);
  }
}
