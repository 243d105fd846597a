import type { nl } from "../invitation.ts";

export const en: Record<keyof typeof nl, string> = {
  "mail.invitation.subject": "Invitation to My account of {account}",
  "mail.invitation.body":
    "Dear {firstName},\n\n{inviter} of {account} invites you to work in My account.\n\n{access}\n\nAccept the invitation through this link:\n\n{link}\n\nThe link works for 7 days, once. Not expecting this invitation? Then you can ignore this email.",
  "mail.invitation.bodyExisting":
    "Dear {firstName},\n\n{inviter} of {account} invites you to work in My account, besides the access you already have.\n\n{access}\n\nYou already have a sign-in. Accept the invitation through this link and confirm with your password:\n\n{link}\n\nYou will also find the invitation under Notifications in My account.\n\nThe link works for 7 days, once. Not expecting this invitation? Then you can ignore this email; nothing changes.",
  "mail.invitation.dashboardOnly": "the dashboard only",
  "mail.invitation.access.one": "Permissions: {permissions}",
  "mail.invitation.access.many": "Outlets and permissions:\n{outlets}",
  "notice.invitation.title": "Invitation to {account}",
  "notice.invitation.body":
    "{inviter} of {account} invites you to work in My account, besides the access you already have.\n\n{access}\n\nAccept the invitation with the button below and confirm with your password. The invitation works for 7 days. Not expecting this invitation? Then you can ignore this notification; nothing changes.",
  "idp.invitation.title": "Accept invitation",
  "idp.invitation.intro": "{inviter} of {account} invites you to work in My account.",
  "idp.invitation.choose": "Choose a password. You will be signed in right away.",
  "idp.invitation.existing": "You already have a sign-in with this email address. Confirm with your password that you accept the invitation.",
  "idp.invitation.email": "Your email address (your sign-in name)",
  "idp.invitation.password": "Password",
  "idp.invitation.currentPassword": "Your current password",
  "idp.invitation.submit": "Accept and sign in",
  "idp.invitation.error.credentials": "This password is not correct. Try again, or set a new password through Forgot your password.",
  "idp.invitation.dead.title": "This invitation no longer works",
  "idp.invitation.dead.expired": "The link in your invitation works for 7 days, and they have passed.",
  "idp.invitation.dead.used": "This invitation has already been accepted. You can simply sign in.",
  "idp.invitation.dead.revoked": "This invitation was revoked by the person who invited you.",
  "idp.invitation.dead.replaced": "A newer invitation has been sent to you. Only the link in the newest email works.",
  "idp.invitation.dead.unknown": "This link is not valid (any more).",
  "idp.invitation.dead.what": "Ask the person who invited you to invite you again.",
  "idp.invitation.dead.signIn": "Go to sign-in",
};
