import type { DatabaseSync } from "node:sqlite";
import { linksOf } from "../db/people/links.ts";
import { findUserById } from "../db/people/users.ts";
import { rolesOf } from "../db/people/roles.ts";

/**
 * The organisation id every token carries (`org_id`, Auth0 organisations). The portal has one
 * organisation; the site checks it when `auth.organization` is set in its settings.
 */
export const ORG_ID = "org_klantportaal";

/** The namespaced claim's content: the person's account numbers and their permissions per account. */
type PortalClaim = {
  accountnumber: string[];
  sitePermissions: { accountNumber: string; permissions: string[] }[];
};

/**
 * The user's claims, read fresh from the database at every token issue, so a permission change
 * shows at the next refresh. Undefined when the user no longer exists.
 */
export function userClaims(db: DatabaseSync, userId: string, claimNamespace: string): Record<string, unknown> | undefined {
  const user = findUserById(db, userId);
  if (!user) return undefined;
  const links = linksOf(db, userId);
  const portal: PortalClaim = {
    accountnumber: links.map((link) => link.accountNumber),
    sitePermissions: links.map((link) => ({ accountNumber: link.accountNumber, permissions: link.permissions })),
  };
  const roles = rolesOf(db, userId);
  return {
    sub: user.id,
    email: user.email,
    email_verified: true,
    name: `${user.firstName} ${user.lastName}`,
    given_name: user.firstName,
    family_name: user.lastName,
    phone_number: user.phone,
    updated_at: user.updatedAt,
    org_id: ORG_ID,
    [claimNamespace]: portal,
    // Staff roles (`editor` opens the publish receipt); customers have none and get no claim.
    ...(roles.length > 0 ? { roles } : {}),
  };
}
