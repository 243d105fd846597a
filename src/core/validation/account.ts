import type { AccountUpdate } from "../api/schemas/people.ts";
import { isEmail } from "./email.ts";
import { checkOptional, checkRequired, checkText, type FieldError } from "./field-error.ts";
import { isDutchIban } from "./iban.ts";
import { isKvkNumber } from "./kvk.ts";
import { isDutchPhone } from "./phone.ts";
import { isDutchPostalCode } from "./postal-code.ts";
import { isDutchVatNumber } from "./vat.ts";

/**
 * The account details form's rules: name, visiting address, telephone, e-mail and the company's
 * registration numbers are required and checked; the post address only when it differs (a PO box
 * needs its number, a street address its first line). Empty list: valid.
 */
export function validateAccountUpdate(input: AccountUpdate): FieldError[] {
  const errors: FieldError[] = [];
  checkText("name", input.name, errors);
  checkText("address1line1", input.address1line1, errors);
  checkText("address1city", input.address1city, errors);
  checkRequired("address1postalcode", input.address1postalcode, isDutchPostalCode, "postal_code", errors);
  if (input.hasDifferentPostAddress) {
    if (input.postalboxaddress) checkText("postalBoxNumber", input.postalBoxNumber, errors);
    else checkText("address2line1", input.address2line1, errors);
    checkText("address2city", input.address2city, errors);
    checkRequired("address2postalcode", input.address2postalcode, isDutchPostalCode, "postal_code", errors);
  }
  checkRequired("telephone", input.telephone, isDutchPhone, "phone", errors);
  checkRequired("emailaddress1", input.emailaddress1, isEmail, "email", errors);
  checkOptional("emailaddress2", input.emailaddress2, isEmail, "email", errors);
  checkOptional("emailinvoicecc", input.emailinvoicecc, isEmail, "email", errors);
  checkRequired("vatNumber", input.vatNumber, isDutchVatNumber, "vat_number", errors);
  checkRequired("ibanNumber", input.ibanNumber, isDutchIban, "iban", errors);
  checkRequired("chamberOfCommerceNumber", input.chamberOfCommerceNumber, isKvkNumber, "kvk_number", errors);
  return errors;
}
