/**
 * A refused form field. The API sends these in its 400 body and the site's forms produce the same
 * ones, so one dictionary entry per code (`validation.<code>`) serves both.
 */
export type FieldError = { field: string; code: ValidationCode };

export const VALIDATION_CODES = [
  "required",
  // A value of the wrong type in an API body (a client bug more than a typing error).
  "invalid",
  "too_long",
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
] as const;
export type ValidationCode = (typeof VALIDATION_CODES)[number];

/** Longest free text we accept in a name or address line, like the CRM behind the real API. */
export const MAX_TEXT_LENGTH = 100;

/** A required text: present after trimming and not longer than MAX_TEXT_LENGTH. */
export function checkText(field: string, value: string | null | undefined, errors: FieldError[]): boolean {
  const text = value?.trim() ?? "";
  if (text === "") errors.push({ field, code: "required" });
  else if (text.length > MAX_TEXT_LENGTH) errors.push({ field, code: "too_long" });
  else return true;
  return false;
}

/** A text that may be empty; when given, `rule` must hold. */
export function checkOptional(
  field: string,
  value: string | null | undefined,
  rule: (text: string) => boolean,
  code: ValidationCode,
  errors: FieldError[],
): void {
  const text = value?.trim() ?? "";
  if (text !== "" && !rule(text)) errors.push({ field, code });
}

/** A required text for which `rule` must hold. */
export function checkRequired(
  field: string,
  value: string | null | undefined,
  rule: (text: string) => boolean,
  code: ValidationCode,
  errors: FieldError[],
): void {
  const text = value?.trim() ?? "";
  if (text === "") errors.push({ field, code: "required" });
  else if (!rule(text)) errors.push({ field, code });
}
