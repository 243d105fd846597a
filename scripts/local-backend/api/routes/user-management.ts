/**
 * User management on the stand-in (docs/api-people.md): the permission catalogue, an account's
 * contacts, and creating, editing and removing them, with the guards DESIGN.md section 5 asks for.
 * All GEBRUIKERSBEHEER (or ADMINISTRATOR), on the account in `accountNumber`.
 */
import type { DatabaseSync } from "node:sqlite";
import type { Permission } from "../../../../src/core/api/schemas/common.ts";
import {
  CreateContactSchema,
  UpdateContactSchema,
  type CreatedContact,
  type RelatedContact,
} from "../../../../src/core/api/schemas/people.ts";
import { translate } from "../../../../src/core/i18n/index.ts";
import { normalizeEmail } from "../../../../src/core/validation/email.ts";
import { toE164 } from "../../../../src/core/validation/phone.ts";
import { siteUrl } from "../../../lib/stack-config.ts";
import * as people from "../../db/people.ts";
import { HttpError, validationError } from "../../http.ts";
import { clock } from "../../idp/clock.ts";
import { generatePassword } from "../../idp/password.ts";
import { PERMISSION_CATALOGUE } from "../../seed/people.ts";
import { V1, type Caller, type Route, type RouteContext } from "../route.ts";
import { accountOf, callerOf, readBody, storedAccount } from "./people-request.ts";

const MANAGES_USERS: Permission[] = ["GEBRUIKERSBEHEER", "ADMINISTRATOR"];

const relatedContact = (colleague: people.Colleague): RelatedContact => ({
  id: colleague.user.id,
  firstName: colleague.user.firstName,
  lastName: colleague.user.lastName,
  email: colleague.user.email,
  phonenumber: colleague.user.phone,
  permissions: colleague.permissions,
  isMainUser: colleague.isMainUser,
});

function colleague(db: DatabaseSync, accountNumber: string, userId: string): people.Colleague {
  const found = people.colleaguesOf(db, accountNumber).find((entry) => entry.user.id === userId);
  if (!found) throw new HttpError(404, { statusCode: 404 });
  return found;
}

const managesUsers = (permissions: readonly Permission[]): boolean => permissions.some((p) => MANAGES_USERS.includes(p));

/** Refuses a change that would leave the account without anyone who manages its users. */
function keepUserManager(db: DatabaseSync, accountNumber: string, changedUserId: string, after: Permission[] | null, field: string): void {
  const remaining = people
    .colleaguesOf(db, accountNumber)
    .map((entry) => (entry.user.id === changedUserId ? after : entry.permissions))
    .filter((permissions): permissions is Permission[] => permissions !== null && managesUsers(permissions));
  if (remaining.length === 0) throw validationError([{ field, code: "last_user_manager" }]);
}

/** The supplier's administrators are theirs to manage: only another ADMINISTRATOR may change or remove one. */
function protectAdministrator(caller: Caller, accountNumber: string, target: people.Colleague): void {
  const callerIsAdministrator = caller.permissions.get(accountNumber)?.includes("ADMINISTRATOR") ?? false;
  if (target.permissions.includes("ADMINISTRATOR") && !callerIsAdministrator) {
    throw validationError([{ field: "id", code: "administrator_protected" }]);
  }
}

const samePermissions = (a: readonly Permission[], b: readonly Permission[]): boolean =>
  a.length === b.length && a.every((permission) => b.includes(permission));

/** The welcome mail (new sign-in, with its password) or the "you now have access" mail; Dutch, then English. */
function mailNewContact(
  ctx: RouteContext,
  account: people.StoredAccount,
  contact: { firstName: string; lastName: string; email: string; phone: string; permissions: Permission[] },
  password: string | undefined,
): void {
  const inviter = people.findUserById(ctx.db, callerOf(ctx).userId);
  const vars = {
    account: account.name,
    inviter: inviter ? `${inviter.firstName} ${inviter.lastName}` : account.name,
    firstName: contact.firstName,
    lastName: contact.lastName,
    email: contact.email,
    phone: contact.phone,
    permissions: contact.permissions.join(", "),
    password: password ?? "",
    site: siteUrl(ctx.config),
  };
  const kind = password ? "created" : "linked";
  people.sendMail(
    ctx.db,
    {
      to: contact.email,
      subject: translate("nl", `mail.${kind}.subject`, vars),
      body: `${translate("nl", `mail.${kind}.body`, vars)}\n\n---\n\n${translate("en", `mail.${kind}.body`, vars)}`,
    },
    clock.nowIso(),
  );
}

export const userManagementRoutes: Route[] = [
  {
    method: "GET",
    path: `${V1}/userpermissions`,
    access: "user",
    permissions: ["GEBRUIKERSBEHEER"],
    handle: () => PERMISSION_CATALOGUE,
  },
  {
    method: "GET",
    path: `${V1}/userpermissions/related-contacts`,
    access: "user",
    permissions: ["GEBRUIKERSBEHEER"],
    handle: (ctx): RelatedContact[] => people.colleaguesOf(ctx.db, accountOf(ctx)).map(relatedContact),
  },
  {
    method: "GET",
    path: `${V1}/userpermissions/:id`,
    access: "user",
    permissions: ["GEBRUIKERSBEHEER"],
    handle: (ctx): RelatedContact => relatedContact(colleague(ctx.db, accountOf(ctx), ctx.params["id"] ?? "")),
  },
  {
    method: "POST",
    path: `${V1}/userpermissions/create-contact`,
    access: "user",
    permissions: ["GEBRUIKERSBEHEER"],
    handle: async (ctx): Promise<CreatedContact> => {
      const accountNumber = accountOf(ctx);
      const body = await readBody(ctx, CreateContactSchema);
      const email = normalizeEmail(body.email);
      const permissions = [...new Set(body.permissions)];
      const account = storedAccount(ctx.db, accountNumber);
      const existing = people.findUserByEmail(ctx.db, email);
      if (existing && people.linkOf(ctx.db, existing.id, accountNumber)) {
        throw validationError([{ field: "email", code: "already_linked" }]);
      }
      let userId: string;
      let password: string | undefined;
      ctx.db.exec("BEGIN");
      try {
        if (existing) {
          userId = existing.id;
        } else {
          password = generatePassword();
          const details = { firstName: body.firstName.trim(), lastName: body.lastName.trim(), phone: toE164(body.phonenumber) ?? body.phonenumber };
          userId = people.createUser(ctx.db, { ...details, email, password }, clock.nowSeconds());
        }
        people.linkUser(ctx.db, userId, accountNumber, permissions);
        people.bumpUpdatedAt(ctx.db, userId, clock.nowSeconds());
        const created = colleague(ctx.db, accountNumber, userId);
        mailNewContact(ctx, account, { ...created.user, permissions }, password);
        ctx.db.exec("COMMIT");
        return { ...relatedContact(created), existingUser: existing !== undefined };
      } catch (error) {
        ctx.db.exec("ROLLBACK");
        throw error;
      }
    },
  },
  {
    method: "PUT",
    path: `${V1}/userpermissions/update-contact/:id`,
    access: "user",
    permissions: ["GEBRUIKERSBEHEER"],
    handle: async (ctx): Promise<RelatedContact> => {
      const accountNumber = accountOf(ctx);
      const caller = callerOf(ctx);
      const target = colleague(ctx.db, accountNumber, ctx.params["id"] ?? "");
      protectAdministrator(caller, accountNumber, target);
      const body = await readBody(ctx, UpdateContactSchema);
      // ADMINISTRATOR is not in the form (not assignable): an edit keeps it where it was.
      const permissions: Permission[] = [
        ...(target.permissions.includes("ADMINISTRATOR") ? (["ADMINISTRATOR"] as const) : []),
        ...new Set(body.permissions),
      ];
      if (target.user.id === caller.userId && target.permissions.includes("GEBRUIKERSBEHEER") && !permissions.includes("GEBRUIKERSBEHEER")) {
        throw validationError([{ field: "permissions", code: "own_user_management" }]);
      }
      keepUserManager(ctx.db, accountNumber, target.user.id, permissions, "permissions");
      const details = { firstName: body.firstName.trim(), lastName: body.lastName.trim(), phone: toE164(body.phonenumber) ?? body.phonenumber };
      const detailsChanged =
        details.firstName !== target.user.firstName || details.lastName !== target.user.lastName || details.phone !== target.user.phone;
      if (detailsChanged) people.updateUserDetails(ctx.db, target.user.id, details, clock.nowSeconds());
      if (!samePermissions(permissions, target.permissions)) {
        people.setPermissions(ctx.db, target.user.id, accountNumber, permissions);
        people.bumpUpdatedAt(ctx.db, target.user.id, clock.nowSeconds());
      }
      return relatedContact(colleague(ctx.db, accountNumber, target.user.id));
    },
  },
  {
    method: "DELETE",
    path: `${V1}/userpermissions/delete-contact/:id`,
    access: "user",
    permissions: ["GEBRUIKERSBEHEER"],
    handle: (ctx) => {
      const accountNumber = accountOf(ctx);
      const caller = callerOf(ctx);
      const target = colleague(ctx.db, accountNumber, ctx.params["id"] ?? "");
      if (target.user.id === caller.userId) throw validationError([{ field: "id", code: "self_delete" }]);
      protectAdministrator(caller, accountNumber, target);
      keepUserManager(ctx.db, accountNumber, target.user.id, null, "id");
      people.unlinkUser(ctx.db, target.user.id, accountNumber);
      // A user left without any account has nothing to sign in to: the sign-in goes too.
      if (people.linksOf(ctx.db, target.user.id).length === 0) people.deleteUser(ctx.db, target.user.id);
      else people.bumpUpdatedAt(ctx.db, target.user.id, clock.nowSeconds());
      return { id: target.user.id };
    },
  },
];
