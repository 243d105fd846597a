import type { RelatedContact } from "../api/schemas/colleagues.ts";
import type { Account } from "../api/schemas/people.ts";
import type { MessageKey } from "../i18n/index.ts";
import { contentLocale, type Lang } from "../i18n/locale.ts";
import { canResend, canRevoke } from "../permissions/invitations.ts";

/** A moment as the customer reads it: date and time in the Netherlands, whatever the browser's zone. */
export function formatMoment(iso: string, lang: Lang): string {
  return new Intl.DateTimeFormat(contentLocale(lang), {
    timeZone: "Europe/Amsterdam",
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  }).format(new Date(iso));
}

/** An entry of the users list that is an invitation nobody accepted yet (it has its own id and actions). */
export const isInvitation = (contact: Pick<RelatedContact, "state">): boolean => contact.state !== "active" && contact.state !== "deactivated";

/** The invitation actions the row offers, by the one rule of src/core/permissions/invitations.ts. */
export const invitationActions = (contact: Pick<RelatedContact, "state">): { resend: boolean; revoke: boolean } => ({
  resend: isInvitation(contact) && canResend(contact.state),
  revoke: isInvitation(contact) && canRevoke(contact.state),
});

/** The lines under a person's state: sent, accepted, last signed in (the ones that apply), as message keys and times. */
export function stateFacts(contact: RelatedContact): { label: MessageKey; at?: string }[] {
  if (isInvitation(contact)) return [contact.invitedAt ? { label: "portal.users.invitedAt", at: contact.invitedAt } : { label: "portal.users.notSent" }];
  const facts: { label: MessageKey; at?: string }[] = [];
  if (contact.deactivatedAt) facts.push({ label: "portal.users.deactivatedAt", at: contact.deactivatedAt });
  if (contact.invitedAt) facts.push({ label: "portal.users.invitedAt", at: contact.invitedAt });
  if (contact.acceptedAt) facts.push({ label: "portal.users.acceptedAt", at: contact.acceptedAt });
  facts.push(contact.lastSignInAt ? { label: "portal.users.lastSignIn", at: contact.lastSignInAt } : { label: "portal.users.neverSignedIn" });
  return facts;
}

/** The names of a colleague's other accounts (of those the viewer manages), as the viewer's account list has them. */
export function otherAccountNames(contact: RelatedContact, accounts: readonly Pick<Account, "accountnumber" | "name">[]): string[] {
  return contact.otherAccounts.map((number) => accounts.find((account) => account.accountnumber === number)?.name ?? number);
}
