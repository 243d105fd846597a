/**
 * Roles at the identity provider, apart from any customer account: the supplier's own staff (the
 * content team's `editor`) hold them. The ID token carries them as the `roles` claim, which the
 * publishing server's receipt checks (docs/publishing.md, "Editor sign-in").
 */
import type { DatabaseSync } from "node:sqlite";

export function migrateRoles(db: DatabaseSync): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS user_roles (
      user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      role TEXT NOT NULL,
      PRIMARY KEY (user_id, role)
    );
  `);
}

export function rolesOf(db: DatabaseSync, userId: string): string[] {
  const rows = db.prepare("SELECT role FROM user_roles WHERE user_id = ? ORDER BY role").all(userId) as {
    role: string;
  }[];
  return rows.map((row) => row.role);
}

export function grantRole(db: DatabaseSync, userId: string, role: string): void {
  db.prepare("INSERT OR IGNORE INTO user_roles (user_id, role) VALUES (?, ?)").run(userId, role);
}

/**
 * Whether the person holds a role of the supplier's own. Such a sign-in is not the customers' to end:
 * deactivating or removing the person on a customer account (where they may have accepted an
 * invitation) leaves it, as it leaves whatever else the role opens.
 */
export const holdsRoles = (db: DatabaseSync, userId: string): boolean => rolesOf(db, userId).length > 0;
