import type { Permission } from "../api/schemas/common.ts";

/**
 * The one rule for screens, menus and blocks: an administrator may everything; otherwise nothing required
 * means everyone signed in, and holding at least one of the listed permissions is enough.
 */
export function isAllowed(required: readonly Permission[], held: readonly Permission[]): boolean {
  if (held.includes("ADMINISTRATOR")) return true;
  if (required.length === 0) return true;
  return required.some((permission) => held.includes(permission));
}
