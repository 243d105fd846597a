/**
 * The people side of the stand-in API (docs/api-people.md): consent, accounts, the own profile and
 * user management. Every answer has the shape of a schema in src/core/api/schemas/people.ts; every
 * body is checked with that file's schemas and the rules in src/core/validation/.
 */
import type { DatabaseSync } from "node:sqlite";
import * as v from "valibot";
import type { Permission } from "../../../../src/core/api/schemas/common.ts";
import {
  AccountSchema,
  AccountUpdateSchema,
  CreateContactSchema,
  ProfileUpdateSchema,
  UpdateContactSchema,
  type Account,
  type AccountDetails,
  type AccountUpdate,
  type ConsentStatus,
  type ContactPerson,
  type CreatedContact,
  type RelatedContact,
  type UserProfile,
} from "../../../../src/core/api/schemas/people.ts";
import { translate } from "../../../../src/core/i18n/index.ts";
import { validateAccountUpdate } from "../../../../src/core/validation/account.ts";
import { validateContact, validateProfile } from "../../../../src/core/validation/contact.ts";
import { normalizeEmail } from "../../../../src/core/validation/email.ts";
import type { FieldError } from "../../../../src/core/validation/field-error.ts";
import { formatIban } from "../../../../src/core/validation/iban.ts";
import { toE164 } from "../../../../src/core/validation/phone.ts";
import { formatPostalCode } from "../../../../src/core/validation/postal-code.ts";
import { compactVatNumber } from "../../../../src/core/validation/vat.ts";
import { siteUrl, type StackConfig } from "../../../lib/stack-config.ts";
import * as people from "../../db/people.ts";
import { HttpError, readJsonBody, validationError } from "../../http.ts";
import { clock } from "../../idp/clock.ts";
import { generatePassword } from "../../idp/password.ts";
import { PERMISSION_CATALOGUE, type ContactPersonSeed } from "../../seed/people.ts";
import { V1, type Caller, type Route, type RouteContext } from "../route.ts";

const MANAGES_USERS: Permission[] = ["GEBRUIKERSBEHEER", "ADMINISTRATOR"];

/** The signed-in caller; the router guarantees one on every route here. */
function callerOf(ctx: RouteContext): Caller {
  if (!ctx.caller) throw new HttpError(401, { statusCode: 401 });
  return ctx.caller;
}

/** The account number of an account-scoped route (the router checked it belongs to the caller). */
function accountOf(ctx: RouteContext): string {
  if (!ctx.accountNumber) throw validationError([{ field: "accountNumber", code: "required" }]);
  return ctx.accountNumber;
}

/** Parses a JSON body against a schema; a missing or mistyped field is a 400 naming it. */
async function readBody<S extends v.GenericSchema>(ctx: RouteContext, schema: S): Promise<v.InferOutput<S>> {
  const result = v.safeParse(schema, await readJsonBody(ctx.req));
  if (result.success) return result.output;
  const errors = result.issues.map((issue) => ({
    field: v.getDotPath(issue) ?? "body",
    code: issue.received === "undefined" ? "required" : "invalid",
  }));
  throw validationError(errors);
}

function refuse(errors: FieldError[]): void {
  if (errors.length > 0) throw validationError(errors);
}

// ---- consent ------------------------------------------------------------------------------------

function consentStatus(db: DatabaseSync, userId: string): ConsentStatus {
  const user = people.findUserById(db, userId);
  return { consented: Boolean(user?.consentedAt), consentedAt: user?.consentedAt ?? null };
}

// ---- accounts -----------------------------------------------------------------------------------

const imageUrl = (config: StackConfig, imagePath: string): string => `http://localhost:${config.backendPort}/images/${imagePath}`;

function contactPerson(config: StackConfig, seed: ContactPersonSeed | null): ContactPerson | null {
  if (!seed) return null;
  const { imagePath, ...rest } = seed;
  return { ...rest, image: imageUrl(config, imagePath) };
}

function storedAccount(db: DatabaseSync, accountNumber: string): people.StoredAccount {
  const account = people.findAccount(db, accountNumber);
  if (!account) throw new HttpError(404, { statusCode: 404 });
  return account;
}

/** The account without its people and contract; valibot's object drops the extra keys (and checks the rest). */
const plainAccount = (stored: people.StoredAccount): Account => v.parse(AccountSchema, stored);

/** Trims texts, empties optional ones to null and writes numbers the way the register prints them. */
function normalizeAccount(update: AccountUpdate): AccountUpdate {
  const optional = (text: string | null): string | null => (text?.trim() ? text.trim() : null);
  const postal = (text: string | null): string | null => (text?.trim() ? formatPostalCode(text) : null);
  return {
    ...update,
    name: update.name.trim(),
    alternativename: optional(update.alternativename),
    address1line1: update.address1line1.trim(),
    address1line2: optional(update.address1line2),
    address1line3: optional(update.address1line3),
    address1city: update.address1city.trim(),
    address1postalcode: formatPostalCode(update.address1postalcode),
    address2line1: optional(update.address2line1),
    address2line2: optional(update.address2line2),
    address2line3: optional(update.address2line3),
    address2city: optional(update.address2city),
    address2postalcode: postal(update.address2postalcode),
    postalBoxNumber: optional(update.postalBoxNumber),
    telephone: update.telephone.trim(),
    emailaddress1: normalizeEmail(update.emailaddress1),
    emailaddress2: optional(update.emailaddress2)?.toLowerCase() ?? null,
    emailinvoicecc: optional(update.emailinvoicecc)?.toLowerCase() ?? null,
    invoiceto: optional(update.invoiceto),
    vatNumber: compactVatNumber(update.vatNumber),
    ibanNumber: formatIban(update.ibanNumber),
    chamberOfCommerceNumber: update.chamberOfCommerceNumber.trim(),
  };
}

// ---- profile and colleagues ---------------------------------------------------------------------

function profileOf(db: DatabaseSync, userId: string): UserProfile {
  const user = people.findUserById(db, userId);
  if (!user) throw new HttpError(401, { statusCode: 401 });
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phonenumber: user.phone,
    organisation: people.linksOf(db, userId).map((link) => link.accountNumber),
    updatedAt: new Date(user.updatedAt * 1000).toISOString(),
  };
}

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

// ---- routes -------------------------------------------------------------------------------------

export const peopleRoutes: Route[] = [
  {
    method: "GET",
    path: `${V1}/users`,
    access: "user-no-consent",
    handle: (ctx) => consentStatus(ctx.db, callerOf(ctx).userId),
  },
  {
    method: "POST",
    path: `${V1}/users`,
    access: "user-no-consent",
    handle: (ctx) => {
      const caller = callerOf(ctx);
      people.setConsent(ctx.db, caller.userId, clock.nowIso());
      return consentStatus(ctx.db, caller.userId);
    },
  },
  {
    method: "GET",
    path: `${V1}/accounts`,
    access: "user",
    handle: (ctx): Account[] =>
      [...callerOf(ctx).permissions.keys()].sort().map((number) => plainAccount(storedAccount(ctx.db, number))),
  },
  {
    method: "GET",
    path: `${V1}/accounts/details`,
    access: "user",
    accountScoped: true,
    handle: (ctx): AccountDetails => {
      const accountNumber = accountOf(ctx);
      const stored = storedAccount(ctx.db, accountNumber);
      const held = callerOf(ctx).permissions.get(accountNumber) ?? [];
      const details: AccountDetails = {
        ...plainAccount(stored),
        accountmanager: contactPerson(ctx.config, stored.accountmanager),
        salesSupport: contactPerson(ctx.config, stored.salesSupport),
      };
      if (held.includes("SAMENWERKINGSOVEREENKOMST") || held.includes("ADMINISTRATOR")) details.salescontract = stored.salescontract;
      ctx.res.setHeader("cache-control", "no-store");
      return details;
    },
  },
  {
    method: "PUT",
    path: `${V1}/accounts`,
    access: "user",
    permissions: ["HOOFDDATA"],
    handle: async (ctx): Promise<Account> => {
      const accountNumber = accountOf(ctx);
      const update = await readBody(ctx, AccountUpdateSchema);
      refuse(validateAccountUpdate(update));
      people.updateAccount(ctx.db, accountNumber, normalizeAccount(update));
      return plainAccount(storedAccount(ctx.db, accountNumber));
    },
  },
  {
    method: "GET",
    path: `${V1}/contacts`,
    access: "user",
    handle: (ctx) => profileOf(ctx.db, callerOf(ctx).userId),
  },
  {
    method: "PUT",
    path: `${V1}/contacts`,
    access: "user",
    handle: async (ctx): Promise<UserProfile> => {
      const caller = callerOf(ctx);
      const update = await readBody(ctx, ProfileUpdateSchema);
      refuse(validateProfile(update));
      people.updateUserDetails(
        ctx.db,
        caller.userId,
        { firstName: update.firstName.trim(), lastName: update.lastName.trim(), phone: toE164(update.phonenumber) ?? update.phonenumber },
        clock.nowSeconds(),
      );
      return profileOf(ctx.db, caller.userId);
    },
  },
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
      refuse(validateContact(body));
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
      refuse(validateContact(body));
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
