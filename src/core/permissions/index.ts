import type { Permission } from "../api/schemas/common.ts";
import type { SitePermission } from "../auth/user.ts";

/** The permissions a user holds on one account, read from the sitePermissions claim (spec section 6). */
export function permissionsFor(sitePermissions: readonly SitePermission[], accountNumber: string | undefined): Permission[] {
  if (!accountNumber) return [];
  return sitePermissions.find((entry) => entry.accountNumber === accountNumber)?.permissions ?? [];
}

/**
 * The one rule for screens, menus and blocks: an administrator may everything; otherwise nothing required
 * means everyone signed in, and holding at least one of the listed permissions is enough.
 */
export function isAllowed(required: readonly Permission[], held: readonly Permission[]): boolean {
  if (held.includes("ADMINISTRATOR")) return true;
  if (required.length === 0) return true;
  return required.some((permission) => held.includes(permission));
}
