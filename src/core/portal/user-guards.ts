import type { Permission } from "../api/schemas/common.ts";
import type { RelatedContact } from "../api/schemas/colleagues.ts";
import type { Member } from "../permissions/user-management.ts";

/** Who is signed in, as far as user management needs to know. */
export type Me = { id: string; email: string };

/** The contact is the signed-in user (by id, or by e-mail address when ids come from another system). */
export const isMe = (contact: Pick<RelatedContact, "id" | "email">, me: Me): boolean =>
  contact.id === me.id || contact.email.toLowerCase() === me.email.toLowerCase();

/** A contact as the user-management rules (src/core/permissions/user-management.ts) see them. */
export const asMember = (contact: RelatedContact): Member => ({
  id: contact.id,
  permissions: contact.permissions,
  isMainUser: contact.isMainUser,
});

/**
 * The signed-in user as a member of the account: their own entry in the account's list (which says
 * whether they are the main user), else what their permissions on the account say.
 */
export function actorOn(contacts: readonly RelatedContact[], me: Me, held: readonly Permission[]): Member {
  const own = contacts.find((contact) => isMe(contact, me));
  return own ? asMember(own) : { id: me.id, permissions: held, isMainUser: false };
}
