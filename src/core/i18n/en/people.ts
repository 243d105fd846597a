import type { nl } from "../people.ts";

/** The English of `../people.ts`: the same keys, so a missing translation is a type error. */
export const en: Record<keyof typeof nl, string> = {
  "validation.required": "This field is required.",
  "validation.invalid": "This value is not valid.",
  "validation.too_long": "This is too long.",
  "validation.plain_name": "Enter only a name here, without a web address or phone number.",
  "validation.email": "Enter a valid email address, for example name@company.com.",
  "validation.phone": "This does not look like a valid Dutch phone number.",
  "validation.mobile":
    "This does not look like a valid Dutch 06 mobile number. Check the number and try again.",
  "validation.postal_code": "Enter a valid Dutch postal code, for example 1234 AB.",
  "validation.iban": "Enter a valid Dutch IBAN, for example NL91 ABNA 0417 1643 00.",
  "validation.vat_number": "Enter a valid VAT number, for example NL123456789B01.",
  "validation.kvk_number": "A Chamber of Commerce number has 8 digits.",
  "validation.permissions_required": "Select at least one permission for the user.",
  "validation.permission_not_assignable": "You cannot grant this permission.",
  "validation.already_linked": "This user already has access to this account.",
  "validation.self_delete": "You cannot remove yourself.",
  "validation.own_user_management": "You cannot take away your own user management permission.",
  "validation.last_user_manager": "An account always keeps at least one user with user management.",
  "validation.administrator_protected": "A Van Dam Dranken administrator cannot be changed or removed here.",
  "validation.own_permissions": "You cannot change your own permissions; the main user can.",
  "validation.main_user_protected": "Only the main user or an administrator can change the main user.",
  "validation.main_user_remove": "The main user cannot be removed. Hand the role over to a colleague first.",
  "validation.main_user_manages": "The main user always keeps the user management permission.",
  "validation.permission_not_held": "You can only grant permissions you hold yourself on this account.",
  "validation.user_management_protected": "Only the main user or an administrator can grant or take away user management.",
  "validation.already_main_user": "This user is already the main user.",
};
