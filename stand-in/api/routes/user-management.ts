/**
 * User management on the stand-in (docs/api-people.md): the permission catalogue, an account's
 * contacts, creating, editing and removing them, and handing the main user's role over; every
 * change is checked by the rules of src/core/permissions/user-management.ts, the same ones the
 * users screen reads. All GEBRUIKERSBEHEER (or ADMINISTRATOR), on the account in `accountNumber`.
 */
import type { DatabaseSync } from "node:sqlite";
import type { Permission } from "../../../src/core/api/schemas/common.ts";
import { type CreatedContact, type RelatedContact } from "../../../src/core/api/schemas/colleagues.ts";
import { CreateContactSchema, UpdateContactSchema } from "../../../src/core/api/schemas/people-requests.ts";
import { translate } from "../../../src/core/i18n/index.ts";
import {
  changeRefusal,
  createRefusal,
  deactivationRefusal,
  reactivationRefusal,
  editRefusal,
  handOverRefusal,
  mainUserPermissions,
  removalRefusal,
  type Member,
  type Refusal,
} from "../../../src/core/permissions/user-management.ts";
import { normalizeEmail } from "../../../src/core/validation/email.ts";
import { inertForMail, quotedForMail } from "../../../src/core/validation/plain-name.ts";
import { toE164 } from "../../../src/core/validation/phone.ts";
import { siteUrl } from "../../../dev/lib/stack-config.ts";
import { type StoredAccount } from "../../db/people/accounts.ts";
import { type Colleague, allLinksOf, colleaguesOf, linkOf, setDeactivated, setMainUser, setPermissions, unlinkUser } from "../../db/people/links.ts";
import { sendMail } from "../../db/people/mail.ts";
import { holdsRoles } from "../../db/people/roles.ts";
import { removeInvitationNotices } from "../../db/business/personal-notices.ts";
import { bumpUpdatedAt, deleteUser, findUserByEmail, findUserById, lastSignInOf, updateUserDetails, type User } from "../../db/people/users.ts";
import { acceptedInvitationOf, createInvitation, deleteInvitation, groupMembers, openInvitationsOf, type Invitation } from "../../db/people/invitations.ts";
import { combinedRefusal, grantRefusal, resolveGrants, type ResolvedGrant } from "../../../src/core/permissions/outlet-grants.ts";
import { invitationState } from "../../../src/core/permissions/invitations.ts";
import { isAllowed } from "../../../src/core/permissions/index.ts";
import { roleMatches } from "../../../src/core/permissions/roles.ts";
import { invitationContact, invitationRoutes, openInvitation, sendInvitation } from "./invitations.ts";
import { logAsCaller, personLabel } from "./activity.ts";
import { HttpError, validationError } from "../../http.ts";
import { clock } from "../../idp/clock.ts";
import { checkInvitationQuota } from "../../quotas.ts";
import { PERMISSION_CATALOGUE } from "../../seed/people.ts";
import { PATHS, pattern, type Caller, type Route, type RouteContext } from "../route.ts";
import { accountOf, callerOf, readBody, storedAccount } from "./people-request.ts";

const iso = (ms: number | null | undefined): string | null => (ms === null || ms === undefined ? null : new Date(ms).toISOString());

/** The accounts whose users the caller manages: the same permission rule as the user-management routes, not deactivated. */
function managedAccounts(db: DatabaseSync, callerId: string): ReadonlySet<string> {
  const managing = allLinksOf(db, callerId).filter((link) => link.deactivatedAt === null && isAllowed(["GEBRUIKERSBEHEER"], link.permissions));
  return new Set(managing.map((link) => link.accountNumber));
}

/**
 * A person on the account, with when they were invited and accepted (if they came by invitation) and
 * last signed in; with `managed`, the caller's other accounts where the person has access too.
 */
function relatedContact(db: DatabaseSync, colleague: Colleague, managed?: ReadonlySet<string>): RelatedContact {
  const invitation = acceptedInvitationOf(db, colleague.user.id, colleague.accountNumber);
  const otherAccounts = managed
    ? allLinksOf(db, colleague.user.id)
        .filter((link) => link.accountNumber !== colleague.accountNumber && link.deactivatedAt === null && managed.has(link.accountNumber))
        .map((link) => link.accountNumber)
    : [];
  return {
    id: colleague.user.id,
    firstName: colleague.user.firstName,
    lastName: colleague.user.lastName,
    email: colleague.user.email,
    phonenumber: colleague.user.phone,
    permissions: colleague.permissions,
    isMainUser: colleague.isMainUser,
    state: colleague.deactivatedAt === null ? "active" : "deactivated",
    deactivatedAt: iso(colleague.deactivatedAt),
    invitedAt: iso(invitation?.sentAt),
    acceptedAt: iso(invitation?.acceptedAt),
    lastSignInAt: iso(lastSignInOf(db, colleague.user.id)),
    otherAccounts,
  };
}

/** Everyone on the account: its people (main users first), then the invitations nobody accepted yet. */
function everyone(db: DatabaseSync, accountNumber: string, callerId: string): RelatedContact[] {
  const managed = managedAccounts(db, callerId);
  const now = clock.now();
  // An invitation to several accounts names the others (those the caller manages) where it runs too.
  const othersOf = (invitation: Invitation): string[] =>
    groupMembers(db, invitation.groupId)
      .filter((member) => member.id !== invitation.id && managed.has(member.accountNumber) && invitationState(member, now) === "invited")
      .map((member) => member.accountNumber);
  return [
    ...colleaguesOf(db, accountNumber).map((entry) => relatedContact(db, entry, managed)),
    ...openInvitationsOf(db, accountNumber).map((invitation) => invitationContact(invitation, othersOf(invitation))),
  ];
}

const isInvitationId = (id: string): boolean => id.startsWith("inv-");

/**
 * The answer to an invitation: the one on the account the request was made on, or (when that account
 * was not among those chosen) the group's first; as the users list shows it.
 */
function answerFor(db: DatabaseSync, invitation: Invitation, accountNumber: string): CreatedContact {
  const group = groupMembers(db, invitation.groupId);
  const shown = group.find((member) => member.accountNumber === accountNumber) ?? invitation;
  return invitationContact(openInvitation(db, shown.accountNumber, shown.id));
}

/**
 * A double click sends one invitation: the same invitation again (the same person, the same details,
 * the same accounts with the same permissions) within this window is the first one.
 */
const DOUBLE_SUBMIT_MS = 60_000;

/** The invitation of this address to this account that still runs (not accepted, revoked or expired), if any. */
const runningInvitation = (db: DatabaseSync, accountNumber: string, email: string, now: number): Invitation | undefined =>
  openInvitationsOf(db, accountNumber).find((invitation) => invitation.email === email && invitationState(invitation, now) === "invited");

function sameInvitationAgain(
  db: DatabaseSync,
  callerId: string,
  email: string,
  details: { firstName: string; lastName: string; phone: string },
  grants: readonly ResolvedGrant[],
  now: number,
): Invitation | undefined {
  const first = grants[0];
  const open = first && runningInvitation(db, first.accountNumber, email, now);
  if (!open || open.invitedBy !== callerId || now - open.createdAt >= DOUBLE_SUBMIT_MS) return undefined;
  if (open.firstName !== details.firstName || open.lastName !== details.lastName || open.phone !== details.phone) return undefined;
  const group = groupMembers(db, open.groupId);
  const sameAccounts =
    group.length === grants.length &&
    grants.every((grant) => group.some((member) => member.accountNumber === grant.accountNumber && samePermissions(member.permissions, grant.permissions)));
  return sameAccounts ? open : undefined;
}

/** Who may resend, revoke or remove an invitation: whoever may add a colleague with its permissions. */
function mayManageInvitation(ctx: RouteContext, invitation: Invitation): void {
  const refusal = createRefusal(membersAndActor(ctx.db, callerOf(ctx), invitation.accountNumber).actor, invitation.permissions);
  // The request names the invitation, not permissions: the refusal is about the id.
  enforce(refusal && { ...refusal, field: "id" });
}

/** The same rule as a question, for the other invitations of a group: manages that account's users, and may give those permissions. */
function managesInvitation(ctx: RouteContext, invitation: Invitation): boolean {
  const caller = callerOf(ctx);
  return (
    managedAccounts(ctx.db, caller.userId).has(invitation.accountNumber) &&
    createRefusal(membersAndActor(ctx.db, caller, invitation.accountNumber).actor, invitation.permissions) === undefined
  );
}


function colleague(db: DatabaseSync, accountNumber: string, userId: string): Colleague {
  const found = colleaguesOf(db, accountNumber).find((entry) => entry.user.id === userId);
  if (!found) throw new HttpError(404, { statusCode: 404 });
  return found;
}

const asMember = (entry: Colleague): Member => ({ id: entry.user.id, permissions: entry.permissions, isMainUser: entry.isMainUser });

/** The account's people and the caller among them, as the shared user-management rules see them. */
function membersAndActor(db: DatabaseSync, caller: Caller, accountNumber: string): { members: Member[]; actor: Member } {
  // A deactivated person manages nobody: the rules count the active people only.
  const members = colleaguesOf(db, accountNumber)
    .filter((entry) => entry.deactivatedAt === null)
    .map(asMember);
  const actor = members.find((member) => member.id === caller.userId) ?? {
    id: caller.userId,
    permissions: caller.permissions.get(accountNumber) ?? [],
    isMainUser: false,
  };
  return { members, actor };
}

/**
 * Turns a refusal of the shared rules into the API's answer: a 400 naming the field when nobody may
 * do this now, a 403 with statusCode 2 naming the rule when the caller's role does not allow it.
 */
function enforce(refusal: Refusal | undefined): void {
  if (!refusal) return;
  const errors = [{ field: refusal.field, code: refusal.code }];
  if (refusal.status === 403) throw new HttpError(403, { statusCode: 2, errors });
  throw validationError(errors);
}

const samePermissions = (a: readonly Permission[], b: readonly Permission[]): boolean =>
  a.length === b.length && a.every((permission) => b.includes(permission));

/** Tells the new main user and the one before (when there was one) that the role moved; Dutch, then English. */
function mailHandOver(ctx: RouteContext, account: StoredAccount, next: Colleague, previous: Colleague | undefined): void {
  const actor = findUserById(ctx.db, callerOf(ctx).userId);
  const vars = {
    account: quotedForMail(account.name),
    actor: quotedForMail(actor ? `${actor.firstName} ${actor.lastName}` : account.name),
    name: quotedForMail(`${next.user.firstName} ${next.user.lastName}`),
    site: siteUrl(ctx.config),
  };
  const recipients: { to: User; kind: "new" | "previous" }[] = [{ to: next.user, kind: "new" }];
  if (previous) recipients.push({ to: previous.user, kind: "previous" });
  for (const { to, kind } of recipients) {
    const mailVars = { ...vars, firstName: inertForMail(to.firstName) };
    sendMail(
      ctx.db,
      {
        to: to.email,
        subject: translate("nl", `mail.mainUser.${kind}.subject`, mailVars),
        body: `${translate("nl", `mail.mainUser.${kind}.body`, mailVars)}\n\n---\n\n${translate("en", `mail.mainUser.${kind}.body`, mailVars)}`,
      },
      clock.nowIso(),
    );
  }
}

export const userManagementRoutes: Route[] = [
  ...invitationRoutes(mayManageInvitation, managesInvitation),
  {
    method: "POST",
    path: pattern(PATHS.deactivateContact, "id"),
    access: "user",
    permissions: ["GEBRUIKERSBEHEER"],
    handle: (ctx): RelatedContact => {
      const accountNumber = accountOf(ctx);
      const target = colleague(ctx.db, accountNumber, ctx.params["id"] ?? "");
      if (target.deactivatedAt !== null) throw validationError([{ field: "id", code: "person_deactivated" }]);
      const { members, actor } = membersAndActor(ctx.db, callerOf(ctx), accountNumber);
      enforce(deactivationRefusal(actor, asMember(target), members));
      // No access from now on: the API reads access at every call; the token loses the account at its
      // next renewal, and one deactivated everywhere gets no renewal and no sign-in (stand-in/idp).
      setDeactivated(ctx.db, target.user.id, accountNumber, clock.now());
      bumpUpdatedAt(ctx.db, target.user.id, clock.nowSeconds());
      logAsCaller(ctx, accountNumber, "deactivated", { subject: personLabel(target.user) });
      return relatedContact(ctx.db, colleague(ctx.db, accountNumber, target.user.id));
    },
  },
  {
    method: "POST",
    path: pattern(PATHS.reactivateContact, "id"),
    access: "user",
    permissions: ["GEBRUIKERSBEHEER"],
    handle: (ctx): RelatedContact => {
      const accountNumber = accountOf(ctx);
      const target = colleague(ctx.db, accountNumber, ctx.params["id"] ?? "");
      const { actor } = membersAndActor(ctx.db, callerOf(ctx), accountNumber);
      enforce(reactivationRefusal(actor, asMember(target)));
      if (target.deactivatedAt !== null) {
        setDeactivated(ctx.db, target.user.id, accountNumber, null);
        bumpUpdatedAt(ctx.db, target.user.id, clock.nowSeconds());
        logAsCaller(ctx, accountNumber, "reactivated", { subject: personLabel(target.user) });
      }
      return relatedContact(ctx.db, colleague(ctx.db, accountNumber, target.user.id));
    },
  },
  {
    method: "GET",
    path: PATHS.permissionCatalogue,
    access: "user",
    permissions: ["GEBRUIKERSBEHEER"],
    handle: () => PERMISSION_CATALOGUE,
  },
  {
    method: "GET",
    path: PATHS.relatedContacts,
    access: "user",
    permissions: ["GEBRUIKERSBEHEER"],
    handle: (ctx): RelatedContact[] => everyone(ctx.db, accountOf(ctx), callerOf(ctx).userId),
  },
  {
    method: "GET",
    path: `${PATHS.permissionCatalogue}/:id`,
    access: "user",
    permissions: ["GEBRUIKERSBEHEER"],
    handle: (ctx): RelatedContact => {
      const id = ctx.params["id"] ?? "";
      if (isInvitationId(id)) return invitationContact(openInvitation(ctx.db, accountOf(ctx), id));
      return relatedContact(ctx.db, colleague(ctx.db, accountOf(ctx), id), managedAccounts(ctx.db, callerOf(ctx).userId));
    },
  },
  {
    method: "POST",
    path: PATHS.createContact,
    access: "user",
    permissions: ["GEBRUIKERSBEHEER"],
    handle: async (ctx): Promise<CreatedContact> => {
      const accountNumber = accountOf(ctx);
      const caller = callerOf(ctx);
      const body = await readBody(ctx, CreateContactSchema);
      const email = normalizeEmail(body.email);
      // One account, or (addition) several in one go: every one checked, all made or none.
      const grants = resolveGrants(body, accountNumber);
      const many = body.grants !== undefined;
      if (findUserById(ctx.db, caller.userId)?.email === email) throw validationError([{ field: "email", code: "self_invite" }]);
      const details = { firstName: body.firstName.trim(), lastName: body.lastName.trim(), phone: toE164(body.phonenumber) ?? body.phonenumber };
      const now = clock.now();
      const again = sameInvitationAgain(ctx.db, caller.userId, email, details, grants, now);
      if (again) return answerFor(ctx.db, again, accountNumber);
      const existing = findUserByEmail(ctx.db, email);
      const managed = managedAccounts(ctx.db, caller.userId);
      const refusal = combinedRefusal(
        grants.map((grant) =>
          grantRefusal(
            grant,
            {
              manages: managed.has(grant.accountNumber),
              actor: membersAndActor(ctx.db, caller, grant.accountNumber).actor,
              linked: existing !== undefined && linkOf(ctx.db, existing.id, grant.accountNumber) !== undefined,
              invited: runningInvitation(ctx.db, grant.accountNumber, email, now) !== undefined,
            },
            many,
          ),
        ),
      );
      if (refusal?.status === 403) throw new HttpError(403, { statusCode: 2, errors: refusal.errors });
      if (refusal) throw validationError(refusal.errors);
      for (const grant of grants) checkInvitationQuota(ctx.db, now, grant.accountNumber, caller.userId, true);
      ctx.db.exec("BEGIN");
      const made: Invitation[] = [];
      try {
        for (const grant of grants) {
          // An expired or revoked invitation to the same address makes way for the new one.
          const stale = openInvitationsOf(ctx.db, grant.accountNumber).find((invitation) => invitation.email === email);
          if (stale) {
            deleteInvitation(ctx.db, stale.id);
            removeInvitationNotices(ctx.db, [stale.id]);
          }
          const id = createInvitation(ctx.db, { accountNumber: grant.accountNumber, email, ...details, permissions: grant.permissions, invitedBy: caller.userId }, now, made[0]?.id);
          made.push(openInvitation(ctx.db, grant.accountNumber, id));
        }
        ctx.db.exec("COMMIT");
      } catch (error) {
        ctx.db.exec("ROLLBACK");
        throw error;
      }
      const [first] = made;
      if (!first) throw validationError([{ field: "grants", code: "accounts_required" }]);
      // Every invitation just made passed the checks above.
      sendInvitation(ctx, first, () => true);
      for (const invitation of made) {
        logAsCaller(ctx, invitation.accountNumber, "invited", { subject: personLabel({ ...details, email }), field: "permissions", newValue: invitation.permissions.join(", ") });
      }
      // The same answer whether or not the address has a sign-in elsewhere.
      return answerFor(ctx.db, first, accountNumber);
    },
  },
  {
    method: "PUT",
    path: pattern(PATHS.updateContact, "id"),
    access: "user",
    permissions: ["GEBRUIKERSBEHEER"],
    handle: async (ctx): Promise<RelatedContact> => {
      const accountNumber = accountOf(ctx);
      const caller = callerOf(ctx);
      const target = colleague(ctx.db, accountNumber, ctx.params["id"] ?? "");
      const { members, actor } = membersAndActor(ctx.db, caller, accountNumber);
      enforce(editRefusal(actor, asMember(target)));
      const body = await readBody(ctx, UpdateContactSchema);
      // ADMINISTRATOR is not in the form (not assignable): an edit keeps it where it was.
      const permissions: Permission[] = [
        ...(target.permissions.includes("ADMINISTRATOR") ? (["ADMINISTRATOR"] as const) : []),
        ...new Set(body.permissions),
      ];
      if (!roleMatches(body.role, [...new Set(body.permissions)])) throw validationError([{ field: "role", code: "role_permissions" }]);
      enforce(changeRefusal(actor, asMember(target), permissions, members));
      const details = { firstName: body.firstName.trim(), lastName: body.lastName.trim(), phone: toE164(body.phonenumber) ?? body.phonenumber };
      const detailsChanged =
        details.firstName !== target.user.firstName || details.lastName !== target.user.lastName || details.phone !== target.user.phone;
      if (detailsChanged) updateUserDetails(ctx.db, target.user.id, details, clock.nowSeconds());
      const subject = personLabel(target.user);
      const before = { firstName: target.user.firstName, lastName: target.user.lastName, phone: target.user.phone };
      for (const field of ["firstName", "lastName", "phone"] as const) {
        if (before[field] !== details[field]) logAsCaller(ctx, accountNumber, "details_changed", { subject, field, oldValue: before[field], newValue: details[field] });
      }
      if (!samePermissions(permissions, target.permissions)) {
        setPermissions(ctx.db, target.user.id, accountNumber, permissions);
        bumpUpdatedAt(ctx.db, target.user.id, clock.nowSeconds());
        logAsCaller(ctx, accountNumber, "permissions_changed", { subject, field: "permissions", oldValue: target.permissions.join(", "), newValue: permissions.join(", ") });
      }
      return relatedContact(ctx.db, colleague(ctx.db, accountNumber, target.user.id));
    },
  },
  {
    method: "DELETE",
    path: pattern(PATHS.deleteContact, "id"),
    access: "user",
    permissions: ["GEBRUIKERSBEHEER"],
    handle: (ctx) => {
      const accountNumber = accountOf(ctx);
      const caller = callerOf(ctx);
      const id = ctx.params["id"] ?? "";
      if (isInvitationId(id)) {
        // An invitation made by mistake: removed with its links, as if never sent.
        const invitation = openInvitation(ctx.db, accountNumber, id);
        mayManageInvitation(ctx, invitation);
        deleteInvitation(ctx.db, invitation.id);
        removeInvitationNotices(ctx.db, [invitation.id]);
        logAsCaller(ctx, accountNumber, "invitation_removed", { subject: personLabel(invitation) });
        return { id };
      }
      const target = colleague(ctx.db, accountNumber, id);
      const { members, actor } = membersAndActor(ctx.db, caller, accountNumber);
      enforce(removalRefusal(actor, asMember(target), members));
      unlinkUser(ctx.db, target.user.id, accountNumber);
      logAsCaller(ctx, accountNumber, "removed", { subject: personLabel(target.user), field: "permissions", oldValue: target.permissions.join(", ") });
      // A user left without any account has nothing to sign in to: the sign-in goes too, unless it
      // holds a role of the supplier's own (a member of staff who had accepted an invitation).
      if (allLinksOf(ctx.db, target.user.id).length === 0 && !holdsRoles(ctx.db, target.user.id)) deleteUser(ctx.db, target.user.id);
      else bumpUpdatedAt(ctx.db, target.user.id, clock.nowSeconds());
      return { id: target.user.id };
    },
  },
  {
    method: "POST",
    path: pattern(PATHS.handOver, "id"),
    access: "user",
    permissions: ["GEBRUIKERSBEHEER"],
    handle: (ctx): RelatedContact => {
      const accountNumber = accountOf(ctx);
      const target = colleague(ctx.db, accountNumber, ctx.params["id"] ?? "");
      const { actor } = membersAndActor(ctx.db, callerOf(ctx), accountNumber);
      enforce(handOverRefusal(actor, asMember(target)));
      if (target.deactivatedAt !== null) throw validationError([{ field: "id", code: "person_deactivated" }]);
      const previous = colleaguesOf(ctx.db, accountNumber).find((entry) => entry.isMainUser);
      const account = storedAccount(ctx.db, accountNumber);
      ctx.db.exec("BEGIN");
      try {
        setMainUser(ctx.db, accountNumber, target.user.id);
        const permissions = mainUserPermissions(target.permissions);
        if (!samePermissions(permissions, target.permissions)) {
          setPermissions(ctx.db, target.user.id, accountNumber, permissions);
          bumpUpdatedAt(ctx.db, target.user.id, clock.nowSeconds());
        }
        const next = colleague(ctx.db, accountNumber, target.user.id);
        mailHandOver(ctx, account, next, previous);
        logAsCaller(ctx, accountNumber, "main_user_handed_over", { subject: personLabel(next.user), oldValue: previous ? personLabel(previous.user) : null, newValue: personLabel(next.user) });
        ctx.db.exec("COMMIT");
        return relatedContact(ctx.db, next);
      } catch (error) {
        ctx.db.exec("ROLLBACK");
        throw error;
      }
    },
  },
];
