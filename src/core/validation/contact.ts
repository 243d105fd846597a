import { ASSIGNABLE_PERMISSIONS } from "../api/schemas/people.ts";
import type { Permission } from "../api/schemas/common.ts";
import { isEmail } from "./email.ts";
import { checkRequired, checkText, type FieldError } from "./field-error.ts";
import { isDutchMobile, isDutchPhone } from "./phone.ts";

/** The user form's fields (spec section 5); `email` only when creating. */
export type ContactInput = {
  firstName: string;
  lastName: string;
  email?: string;
  phonenumber: string;
  permissions: readonly Permission[];
};

/**
 * The user form's rules (spec section 5): every field filled, a valid e-mail address, a Dutch 06
 * mobile number and at least one permission a main user may grant. Empty list: valid.
 */
export function validateContact(input: ContactInput): FieldError[] {
  const errors: FieldError[] = [];
  checkText("firstName", input.firstName, errors);
  checkText("lastName", input.lastName, errors);
  if ("email" in input) checkRequired("email", input.email, isEmail, "email", errors);
  checkRequired("phonenumber", input.phonenumber, isDutchMobile, "mobile", errors);
  if (input.permissions.length === 0) errors.push({ field: "permissions", code: "permissions_required" });
  else if (input.permissions.some((code) => !(ASSIGNABLE_PERMISSIONS as readonly string[]).includes(code))) {
    errors.push({ field: "permissions", code: "permission_not_assignable" });
  }
  return errors;
}

/** The own-profile form: names required, any Dutch telephone number (a landline is fine here). */
export function validateProfile(input: { firstName: string; lastName: string; phonenumber: string }): FieldError[] {
  const errors: FieldError[] = [];
  checkText("firstName", input.firstName, errors);
  checkText("lastName", input.lastName, errors);
  checkRequired("phonenumber", input.phonenumber, isDutchPhone, "phone", errors);
  return errors;
}
