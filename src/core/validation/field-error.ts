import * as v from "valibot";

/**
 * A refused form field. The API sends these in its 400 body and the site's forms produce the same
 * ones, so one dictionary entry per code serves both: `validation.<code>` for the people and contact
 * forms (`ValidationCode`), the business screens' own keys for theirs (any string code).
 */
export type FieldError<Code extends string = string> = { field: string; code: Code };

export const VALIDATION_CODES = [
  "required",
  // A value of the wrong type in an API body (a client bug more than a typing error).
  "invalid",
  "too_long",
  // A name with a web address or phone number in it (src/core/validation/plain-name.ts).
  "plain_name",
  "email",
  "phone",
  "mobile",
  "postal_code",
  "iban",
  "vat_number",
  "kvk_number",
  "permissions_required",
  "permission_not_assignable",
  // Refusals of user management (the API only): they name the field the request got wrong.
  "already_linked",
  "self_delete",
  "own_user_management",
  "last_user_manager",
  "administrator_protected",
  // Who holds the account's keys (src/core/permissions/user-management.ts).
  "own_permissions",
  "main_user_protected",
  "main_user_remove",
  "main_user_manages",
  "user_management_protected",
  "already_main_user",
  // Nobody grants a permission they do not hold on the account themselves.
  "permission_not_held",
  // Invitations (src/core/permissions/invitations.ts).
  "already_invited",
  "self_invite",
  "invitation_not_open",
  // An invitation to several accounts (src/core/permissions/outlet-grants.ts).
  "accounts_required",
  "account_not_managed",
  // Role presets (src/core/permissions/roles.ts): the role sent and the permissions disagree.
  "role_permissions",
  // Deactivation (src/core/permissions/user-management.ts).
  "self_deactivate",
  "main_user_deactivate",
  "person_deactivated",
  // Choices of the appointment request (src/core/api/schemas/appointment.ts).
  "choose_one",
  "choose_day",
] as const;
export type ValidationCode = (typeof VALIDATION_CODES)[number];

/** Longest free text we accept in a name or address line, like the CRM behind the real API. */
export const MAX_TEXT_LENGTH = 100;

const isCode = (message: string): boolean => /^[a-z_]+$/.test(message);

/**
 * Valibot issues as field errors: the issue's dot path (or "body"), and its message when that is a
 * code (the schemas' rules pass codes as messages); otherwise "invalid" (a wrong type in an API body).
 */
export function issuesToFieldErrors(issues: readonly v.BaseIssue<unknown>[]): FieldError[] {
  return issues.map((issue) => ({ field: v.getDotPath(issue) ?? "body", code: isCode(issue.message) ? issue.message : "invalid" }));
}

/**
 * The first refusal of each field by a schema whose rules' messages are validation codes; a field
 * missing from an API body is "required", a wrong type "invalid". Empty list: valid.
 */
export function validateFields(schema: v.GenericSchema, input: unknown): FieldError<ValidationCode>[] {
  const result = v.safeParse(schema, input);
  return result.success ? [] : firstPerField(result.issues);
}

/** The first refusal of each field among valibot issues (see `validateFields`). */
export function firstPerField(issues: readonly v.BaseIssue<unknown>[]): FieldError<ValidationCode>[] {
  const errors: FieldError<ValidationCode>[] = [];
  for (const issue of issues) {
    const field = v.getDotPath(issue) ?? "body";
    if (errors.some((error) => error.field === field)) continue;
    const code = isCode(issue.message) ? issue.message : issue.received === "undefined" ? "required" : "invalid";
    errors.push({ field, code: code as ValidationCode });
  }
  return errors;
}
