import type { PersonState } from "../api/schemas/colleagues.ts";

/**
 * A person's place on an account, as the users screen shows it and the stand-in decides it: an
 * invitation is `invited` until it is accepted (the person is then `active`), its seven days run
 * out (`expired`) or a manager withdraws it (`revoked`). One rule, read by the API and the screen.
 */

/** How long an invitation's link works: seven days on the backend's clock. */
export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

export type { PersonState } from "../api/schemas/colleagues.ts";

/** The invitation as far as its state depends on it; times in epoch milliseconds. */
export type InvitationTimes = { expiresAt: number; acceptedAt: number | null; revokedAt: number | null };

/** The state of a person who is (still) an invitation, at `now`. */
export function invitationState(invitation: InvitationTimes, now: number): PersonState {
  if (invitation.acceptedAt !== null) return "active";
  if (invitation.revokedAt !== null) return "revoked";
  return now >= invitation.expiresAt ? "expired" : "invited";
}

/** Why an invitation link does not open the acceptance page (each gets its own explanation). */
export type DeadLink = "expired" | "used" | "revoked" | "replaced" | "unknown";

/**
 * What following a link does: open the acceptance page, or say why it cannot. A link replaced by a
 * resend is dead even when its invitation still runs: only the newest link counts.
 */
export function linkOutcome(invitation: InvitationTimes | undefined, replaced: boolean, now: number): DeadLink | "open" {
  if (!invitation) return "unknown";
  if (invitation.acceptedAt !== null) return "used";
  if (invitation.revokedAt !== null) return "revoked";
  if (replaced) return "replaced";
  return now >= invitation.expiresAt ? "expired" : "open";
}

/**
 * What following a link of an invitation to several accounts does: it opens the acceptance page while
 * any of them still runs (accepting joins those); otherwise it says why, the most telling reason first
 * (already accepted, a newer link, run out, revoked). For one invitation this is `linkOutcome`.
 */
export function groupLinkOutcome(group: readonly InvitationTimes[], replaced: boolean, now: number): DeadLink | "open" {
  const outcomes = group.map((invitation) => linkOutcome(invitation, replaced, now));
  return (["open", "used", "replaced", "expired", "revoked"] as const).find((outcome) => outcomes.includes(outcome)) ?? "unknown";
}

/** Resending and revoking are for invitations not yet accepted; an expired or revoked one can be sent again. */
export const canResend = (state: PersonState): boolean => state === "invited" || state === "expired" || state === "revoked";
export const canRevoke = (state: PersonState): boolean => state === "invited";
