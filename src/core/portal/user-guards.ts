import type { Permission } from "../api/schemas/common.ts";
import type { RelatedContact } from "../api/schemas/people.ts";
import type { ValidationCode } from "../validation/field-error.ts";

/** Who is signed in, as far as user management needs to know. */
export type Me = { id: string; email: string };

const MANAGES: readonly Permission[] = ["GEBRUIKERSBEHEER", "ADMINISTRATOR"];
const manages = (permissions: readonly Permission[]): boolean => permissions.some((code) => MANAGES.includes(code));

/** The contact is the signed-in user (by id, or by e-mail address when ids come from another system). */
export const isMe = (contact: Pick<RelatedContact, "id" | "email">, me: Me): boolean =>
  contact.id === me.id || contact.email.toLowerCase() === me.email.toLowerCase();

/** True when no other contact on the account can manage users: this one must keep that right. */
export function isLastManager(contact: RelatedContact, contacts: readonly RelatedContact[]): boolean {
  return manages(contact.permissions) && !contacts.some((other) => other.id !== contact.id && manages(other.permissions));
}

/**
 * Why the contact may not be removed (the same codes the API answers), or undefined: nobody
 * removes themselves, the account keeps a user manager, and the supplier's administrators stay.
 */
export function removalBlock(contact: RelatedContact, contacts: readonly RelatedContact[], me: Me): ValidationCode | undefined {
  if (isMe(contact, me)) return "self_delete";
  if (contact.permissions.includes("ADMINISTRATOR")) return "administrator_protected";
  if (isLastManager(contact, contacts)) return "last_user_manager";
  return undefined;
}

/**
 * Permissions the form must keep switched on for this contact: your own user management (spec:
 * a user cannot take it away from themselves), and the last user manager's.
 */
export function lockedPermissions(contact: RelatedContact, contacts: readonly RelatedContact[], me: Me): Permission[] {
  if (isMe(contact, me) && contact.permissions.includes("GEBRUIKERSBEHEER")) return ["GEBRUIKERSBEHEER"];
  if (isLastManager(contact, contacts) && contact.permissions.includes("GEBRUIKERSBEHEER")) return ["GEBRUIKERSBEHEER"];
  return [];
}

/** Why a lock is there, for the hint beside the checkbox. */
export const lockReason = (contact: RelatedContact, me: Me): "own_user_management" | "last_user_manager" =>
  isMe(contact, me) ? "own_user_management" : "last_user_manager";
