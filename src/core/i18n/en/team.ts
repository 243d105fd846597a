import type { nl } from "../team.ts";

export const en: Record<keyof typeof nl, string> = {
  "portal.users.state": "Status",
  "portal.users.state.active": "Active",
  "portal.users.state.invited": "Invited",
  "portal.users.state.expired": "Expired",
  "portal.users.state.revoked": "Revoked",
  "portal.users.state.deactivated": "Deactivated",
  "portal.users.invitedAt": "Invitation sent",
  "portal.users.notSent": "Invitation not sent",
  "portal.users.acceptedAt": "Accepted",
  "portal.users.lastSignIn": "Last signed in",
  "portal.users.neverSignedIn": "Not signed in yet",
  "portal.users.resend": "Resend invitation",
  "portal.users.resendNamed": "Resend the invitation to {name}",
  "portal.users.revoke": "Revoke invitation",
  "portal.users.revokeNamed": "Revoke the invitation to {name}",
  "portal.users.resent.title": "Invitation sent again",
  "portal.users.resent.message":
    "{name} has received a new invitation, valid for 7 days. The link in the previous email no longer works.",
  "portal.users.revoked.title": "Invitation revoked",
  "portal.users.revoked.message": "The invitation to {name} has been revoked. The link in the email no longer works.",
  "portal.users.revokeConfirm.title": "Revoke invitation",
  "portal.users.revokeConfirm.body": "Are you sure you want to revoke the invitation to {name}? The link in the email will stop working.",
  "portal.users.revokeConfirm.yes": "Yes, revoke",
  "portal.users.inviteHintGeneric":
    "The new user receives an invitation by email and chooses their own password. The link works for 7 days, once.",
  "validation.already_invited":
    "This person has already been invited to this account. Resend the invitation from the list if needed.",
  "validation.self_invite": "You cannot invite yourself: you already have access to this account.",
  "validation.invitation_not_open": "This invitation has already been accepted or revoked.",
};
