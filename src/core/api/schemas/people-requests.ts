import * as v from "valibot";
import { isEmail } from "../../validation/email.ts";
import { isDutchIban } from "../../validation/iban.ts";
import { isKvkNumber } from "../../validation/kvk.ts";
import { isDutchMobile, isDutchPhone } from "../../validation/phone.ts";
import { isDutchPostalCode } from "../../validation/postal-code.ts";
import { optionalFormat, requiredFormat, requiredName, requiredText, ruleWhen } from "../../validation/rules.ts";
import { isDutchVatNumber } from "../../validation/vat.ts";
import { PERMISSIONS, PermissionSchema, type Permission } from "./common.ts";
import { editableAccountEntries } from "./people.ts";

/**
 * The request bodies of the people side with their field rules: the forms check with them and the
 * stand-in refuses with them. Apart from the answers' schemas (people.ts), so a page that only reads
 * (the dashboard) does not load the rules.
 */

type AccountFields = v.InferOutput<v.ObjectSchema<typeof editableAccountEntries, undefined>>;
const differentPost = (account: AccountFields): boolean => account.hasDifferentPostAddress;

/**
 * PUT /accounts?accountNumber= body: every editable field with its rules. Name, visiting address,
 * telephone, e-mail and the company's registration numbers are required and checked; the post
 * address only when it differs (a PO box needs its number, a street address its first line).
 */
export const AccountUpdateSchema = v.pipe(
  v.object({
    ...editableAccountEntries,
    name: requiredName(),
    address1line1: requiredText(),
    address1city: requiredText(),
    address1postalcode: requiredFormat(isDutchPostalCode, "postal_code"),
    telephone: requiredFormat(isDutchPhone, "phone"),
    emailaddress1: requiredFormat(isEmail, "email"),
    emailaddress2: optionalFormat(isEmail, "email"),
    emailinvoicecc: optionalFormat(isEmail, "email"),
    vatNumber: requiredFormat(isDutchVatNumber, "vat_number"),
    ibanNumber: requiredFormat(isDutchIban, "iban"),
    chamberOfCommerceNumber: requiredFormat(isKvkNumber, "kvk_number"),
  }),
  ruleWhen<AccountFields>(
    "address2line1",
    ["hasDifferentPostAddress", "postalboxaddress"],
    (account) => account.hasDifferentPostAddress && !account.postalboxaddress,
    requiredText(),
  ),
  ruleWhen<AccountFields>(
    "postalBoxNumber",
    ["hasDifferentPostAddress", "postalboxaddress"],
    (account) => account.hasDifferentPostAddress && account.postalboxaddress,
    requiredText(),
  ),
  ruleWhen<AccountFields>("address2city", ["hasDifferentPostAddress"], differentPost, requiredText()),
  ruleWhen<AccountFields>("address2postalcode", ["hasDifferentPostAddress"], differentPost, requiredFormat(isDutchPostalCode, "postal_code")),
);
export type AccountUpdate = v.InferOutput<typeof AccountUpdateSchema>;

/**
 * PUT /contacts/ body: names required, any Dutch telephone number (a landline is fine here). The
 * e-mail address is the sign-in name and cannot be changed here.
 */
export const ProfileUpdateSchema = v.object({
  firstName: requiredName(),
  lastName: requiredName(),
  phonenumber: requiredFormat(isDutchPhone, "phone"),
});
export type ProfileUpdate = v.InferOutput<typeof ProfileUpdateSchema>;

/** The permissions a main user may hand out. */
export const ASSIGNABLE_PERMISSIONS = PERMISSIONS.filter((permission) => permission !== "ADMINISTRATOR");

/** Each permission one a main user may grant. */
const GrantedPermissionsSchema = v.pipe(
  v.array(PermissionSchema),
  v.check(
    (codes) => codes.every((code) => (ASSIGNABLE_PERMISSIONS as readonly Permission[]).includes(code)),
    "permission_not_assignable",
  ),
);

/**
 * The role presets' names (addition; their permissions: src/core/permissions/roles.ts). STAFF is the
 * dashboard only: the one role with no permission at all.
 */
export const ROLE_NAMES = ["OWNER", "MANAGER", "BUYER", "BOOKKEEPER", "STAFF", "CUSTOM"] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

/**
 * The user form's rules, shared by create and update: every field filled, a Dutch 06 mobile number
 * and at least one permission a main user may grant, unless the role chosen is STAFF (the dashboard
 * only). `role` is optional (addition): the permissions are what counts; the API checks they agree.
 */
const contactEntries = {
  firstName: requiredName(),
  lastName: requiredName(),
  phonenumber: requiredFormat(isDutchMobile, "mobile"),
  permissions: GrantedPermissionsSchema,
  role: v.optional(v.picklist(ROLE_NAMES)),
};

/** At least one permission, or the STAFF role said out loud ('Select at least one permission for the user'). */
const somePermission = (input: { permissions: readonly Permission[]; role?: RoleName | undefined }): boolean =>
  input.permissions.length > 0 || input.role === "STAFF";

/** Most accounts one invitation covers: more than a customer has outlets, fewer than would flood the mail. */
export const MAX_GRANTS = 50;

/**
 * One account of an invitation to several (addition): the account, and its own role and permissions
 * when they differ from the request's shared ones (both or neither; a role must match its permissions,
 * which the API checks as for the shared choice).
 */
export const AccountGrantSchema = v.pipe(
  v.object({
    accountNumber: v.pipe(v.string(), v.regex(/^\d{1,20}$/, "invalid")),
    role: contactEntries.role,
    permissions: v.optional(GrantedPermissionsSchema),
  }),
  v.forward(
    v.check((grant) => grant.permissions === undefined || somePermission({ permissions: grant.permissions, role: grant.role }), "permissions_required"),
    ["permissions"],
  ),
  v.forward(
    v.check((grant) => grant.role === undefined || grant.permissions !== undefined, "invalid"),
    ["role"],
  ),
);
export type AccountGrant = v.InferOutput<typeof AccountGrantSchema>;

/** The accounts of an invitation to several: at least one, each once. */
const GrantsSchema = v.pipe(
  v.array(AccountGrantSchema),
  v.minLength(1, "accounts_required"),
  v.maxLength(MAX_GRANTS, "too_long"),
  v.check((grants) => new Set(grants.map((grant) => grant.accountNumber)).size === grants.length, "invalid"),
);

/**
 * POST /userpermissions/create-contact?accountNumber= body: the contact's fields and a valid e-mail
 * address. With `grants` (addition) one request invites to several accounts: the shared `role` and
 * `permissions` apply to each grant that names none of its own.
 */
export const CreateContactSchema = v.pipe(
  v.object({
    firstName: contactEntries.firstName,
    lastName: contactEntries.lastName,
    email: requiredFormat(isEmail, "email"),
    phonenumber: contactEntries.phonenumber,
    permissions: contactEntries.permissions,
    role: contactEntries.role,
    grants: v.optional(GrantsSchema),
  }),
  v.forward(
    v.check((input) => somePermission(input), "permissions_required"),
    ["permissions"],
  ),
);
export type CreateContact = v.InferOutput<typeof CreateContactSchema>;

/** PUT /userpermissions/update-contact/:id?accountNumber= body; the e-mail address (sign-in name) stays. */
export const UpdateContactSchema = v.pipe(
  v.object(contactEntries),
  v.forward(
    v.check((input) => somePermission(input), "permissions_required"),
    ["permissions"],
  ),
);
export type UpdateContact = v.InferOutput<typeof UpdateContactSchema>;
