/**
 * Invitations on the stand-in (docs/api-people.md, "Invitations"): adding a colleague mails a
 * single-use link valid 7 days (src/core/permissions/invitations.ts); the person joins only when
 * they accept it at the identity provider (stand-in/idp/invitation.ts). Resend makes a new link
 * and kills the old one; revoke kills it. Who may do this is who may add that colleague.
 */
import type { DatabaseSync } from "node:sqlite";
import type { RelatedContact } from "../../../src/core/api/schemas/colleagues.ts";
import { translate } from "../../../src/core/i18n/index.ts";
import { canResend, canRevoke, invitationState } from "../../../src/core/permissions/invitations.ts";
import { permissionName } from "../../../src/core/permissions/wording.ts";
import { inertForMail, quotedForMail } from "../../../src/core/validation/plain-name.ts";
import { type Invitation, findInvitation, groupMembers, issueLink, markSent, recordInvitationMail, revokeInvitation } from "../../db/people/invitations.ts";
import { sendMail } from "../../db/people/mail.ts";
import { findUserByEmail, findUserById } from "../../db/people/users.ts";
import { HttpError, validationError } from "../../http.ts";
import { issuerFor } from "../../idp/client.ts";
import { INVITATION_PATH } from "../../idp/invitation.ts";
import { putInvitationNotice } from "../../db/business/personal-notices.ts";
import { clock } from "../../idp/clock.ts";
import { checkInvitationQuota } from "../../quotas.ts";
import { PATHS, pattern, type Route, type RouteContext } from "../route.ts";
import { accountOf, callerOf, storedAccount } from "./people-request.ts";
import { logAsCaller, personLabel } from "./activity.ts";

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/**
 * An invitation not yet accepted, as the users list shows it: the details the inviter typed; with
 * `otherAccounts`, the other accounts of its group that the caller manages and where it runs.
 */
export const invitationContact = (invitation: Invitation, otherAccounts: string[] = []): RelatedContact => ({
  id: invitation.id,
  firstName: invitation.firstName,
  lastName: invitation.lastName,
  email: invitation.email,
  phonenumber: invitation.phone,
  permissions: invitation.permissions,
  isMainUser: false,
  state: invitationState(invitation, clock.now()),
  invitedAt: iso(invitation.sentAt),
  acceptedAt: null,
  lastSignInAt: null,
  deactivatedAt: null,
  otherAccounts,
});

/** The account's invitation with this id that nobody accepted yet, or 404. */
export function openInvitation(db: DatabaseSync, accountNumber: string, id: string): Invitation {
  const invitation = findInvitation(db, id);
  if (!invitation || invitation.accountNumber !== accountNumber || invitation.acceptedAt !== null) throw new HttpError(404, { statusCode: 404 });
  return invitation;
}

/**
 * Makes a new link for the invitation's group and mails it once (Dutch, then English, each part with
 * its own language's link), naming every account of the group that runs, each with its permissions.
 * A person who already has a sign-in is told to confirm with their password: never linked silently;
 * they also find the invitation in their own portal's notifications (a personal notice whose link,
 * like the mail's, is replaced by a resend). A mail that fails leaves the invitations listed as not
 * sent (resend tries again). The inviter's answer does not tell which it was: both take this path.
 * `mayRenew` says which of the group's other invitations the sender may renew (see issueLink).
 * Returns the invitations the mail named.
 */
export function sendInvitation(ctx: RouteContext, invitation: Invitation, mayRenew: (member: Invitation) => boolean): Invitation[] {
  const now = clock.now();
  const token = issueLink(ctx.db, invitation, now, mayRenew);
  const running = groupMembers(ctx.db, invitation.groupId).filter((member) => invitationState(member, now) === "invited");
  for (const member of running) recordInvitationMail(ctx.db, member.accountNumber, callerOf(ctx).userId, now);
  const plainNames = running.map((member) => storedAccount(ctx.db, member.accountNumber).name);
  const inviter = findUserById(ctx.db, callerOf(ctx).userId);
  const inviterName = inviter ? `${inviter.firstName} ${inviter.lastName}` : (plainNames[0] ?? "");
  const existing = findUserByEmail(ctx.db, invitation.email);
  const issuer = issuerFor(ctx.config).replace(/\/$/, "");
  // A mail quotes the names it repeats (src/core/validation/plain-name.ts); the portal shows the notice as plain text.
  const vars = (lang: "nl" | "en", forMail = true) => {
    const quoted = (name: string): string => (forMail ? quotedForMail(name) : name);
    const names = plainNames.map(quoted);
    const permissions = (member: Invitation): string => member.permissions.map((code) => permissionName(code, lang)).join(", ") || translate(lang, "mail.invitation.dashboardOnly");
    const access =
      running.length === 1
        ? translate(lang, "mail.invitation.access.one", { permissions: permissions(invitation) })
        : translate(lang, "mail.invitation.access.many", { outlets: running.map((member, index) => `- ${names[index] ?? ""}: ${permissions(member)}`).join("\n") });
    return {
      account: new Intl.ListFormat(lang === "en" ? "en-GB" : "nl-NL", { type: "conjunction" }).format(names),
      inviter: quoted(inviterName),
      firstName: inertForMail(invitation.firstName),
      access,
      link: `${issuer}${INVITATION_PATH}?token=${token}&lang=${lang}`,
    };
  };
  if (existing) {
    putInvitationNotice(
      ctx.db,
      {
        invitationId: invitation.groupId,
        recipientUserId: existing.id,
        accountNumber: invitation.accountNumber,
        title: { nl: translate("nl", "notice.invitation.title", vars("nl", false)), en: translate("en", "notice.invitation.title", vars("en", false)) },
        body: { nl: translate("nl", "notice.invitation.body", vars("nl", false)), en: translate("en", "notice.invitation.body", vars("en", false)) },
        // The reader's language is added when the notice is read (stand-in/db/business/inbox.ts).
        link: `${issuer}${INVITATION_PATH}?token=${token}`,
      },
      clock.nowIso(),
    );
  }
  const body = existing ? "mail.invitation.bodyExisting" : "mail.invitation.body";
  try {
    sendMail(
      ctx.db,
      {
        to: invitation.email,
        subject: translate("nl", "mail.invitation.subject", vars("nl")),
        body: `${translate("nl", body, vars("nl"))}\n\n---\n\n${translate("en", body, vars("en"))}`,
      },
      clock.nowIso(),
    );
    markSent(ctx.db, running.map((member) => member.id), now);
  } catch (error) {
    console.error("[stand-in] invitation mail failed", error);
  }
  return running;
}

/**
 * Resend and revoke; the caller's right to act on this invitation is checked by `mayManage` (which
 * throws), and on each other invitation of its group by `manages` (which answers).
 */
export function invitationRoutes(mayManage: (ctx: RouteContext, invitation: Invitation) => void, manages: (ctx: RouteContext, invitation: Invitation) => boolean): Route[] {
  return [
    {
      method: "POST",
      path: pattern(PATHS.resendInvitation, "id"),
      access: "user",
      permissions: ["GEBRUIKERSBEHEER"],
      handle: (ctx): RelatedContact => {
        const accountNumber = accountOf(ctx);
        const invitation = openInvitation(ctx.db, accountNumber, ctx.params["id"] ?? "");
        mayManage(ctx, invitation);
        if (!canResend(invitationState(invitation, clock.now()))) throw validationError([{ field: "id", code: "invitation_not_open" }]);
        checkInvitationQuota(ctx.db, clock.now(), accountNumber, callerOf(ctx).userId, false);
        // One of a group: the whole group gets the new link in one mail (its old link dies for every
        // account), and each account's log says so.
        for (const member of sendInvitation(ctx, invitation, (member) => manages(ctx, member))) {
          logAsCaller(ctx, member.accountNumber, "invitation_resent", { subject: personLabel(member) });
        }
        return invitationContact(openInvitation(ctx.db, accountNumber, invitation.id));
      },
    },
    {
      method: "POST",
      path: pattern(PATHS.revokeInvitation, "id"),
      access: "user",
      permissions: ["GEBRUIKERSBEHEER"],
      handle: (ctx): RelatedContact => {
        const accountNumber = accountOf(ctx);
        const invitation = openInvitation(ctx.db, accountNumber, ctx.params["id"] ?? "");
        mayManage(ctx, invitation);
        if (!canRevoke(invitationState(invitation, clock.now()))) throw validationError([{ field: "id", code: "invitation_not_open" }]);
        revokeInvitation(ctx.db, invitation.id, clock.now());
        logAsCaller(ctx, accountNumber, "invitation_revoked", { subject: personLabel(invitation) });
        return invitationContact(openInvitation(ctx.db, accountNumber, invitation.id));
      },
    },
  ];
}
