import * as v from "valibot";
import { isEmail } from "../../validation/email.ts";
import { validateFields, type ValidationCode } from "../../validation/field-error.ts";
import { isDutchPhone } from "../../validation/phone.ts";
import { isPlainName } from "../../validation/plain-name.ts";

/**
 * The contact form call: POST /contactservice/api/v2/contacts/contactform?contactType=&accountNumber=
 * Every rule's message is a validation code (`validation.<code>` in the dictionaries), so the API's
 * 400 body and the site's form show the same texts. The stand-in validates with this same schema.
 */

/**
 * `contact`: the contact page; `new-customer`: the become-a-customer page; `appointment`: a
 * conversation requested there (its own body, schemas/appointment.ts).
 */
export const CONTACT_TYPES = ["contact", "new-customer", "appointment"] as const;
export const ContactTypeSchema = v.picklist(CONTACT_TYPES, "invalid");
export type ContactType = v.InferOutput<typeof ContactTypeSchema>;

/** Longest accepted value per text field. */
export const CONTACT_FORM_LIMITS = {
  name: 100,
  company: 100,
  email: 254,
  phone: 30,
  customerNumber: 10,
  subject: 150,
  message: 5000,
} as const;

/** A required text: trimmed, not empty, not longer than `max`. */
const requiredText = (max: number) =>
  v.pipe(v.string("required"), v.trim(), v.nonEmpty("required"), v.maxLength(max, "too_long"));

/** An account number as printed on invoices (digits only). */
export const CUSTOMER_NUMBER = /^\d{6,10}$/;

export const ContactFormSchema = v.object({
  // Read by our staff on their screens: a name, not a link or a number to call (plain-name.ts).
  name: v.pipe(requiredText(CONTACT_FORM_LIMITS.name), v.check(isPlainName, "plain_name")),
  company: v.pipe(requiredText(CONTACT_FORM_LIMITS.company), v.check(isPlainName, "plain_name")),
  email: v.pipe(requiredText(CONTACT_FORM_LIMITS.email), v.check(isEmail, "email")),
  /** Dutch landline or mobile; +31, 0031 or 0 prefix; spaces and dashes allowed. */
  phone: v.pipe(requiredText(CONTACT_FORM_LIMITS.phone), v.check(isDutchPhone, "phone")),
  /** Optional; an empty string counts as not given. */
  customerNumber: v.optional(
    v.pipe(
      v.string("customer_number"),
      v.trim(),
      v.maxLength(CONTACT_FORM_LIMITS.customerNumber, "too_long"),
      v.check((value) => value === "" || CUSTOMER_NUMBER.test(value), "customer_number"),
    ),
  ),
  subject: requiredText(CONTACT_FORM_LIMITS.subject),
  message: requiredText(CONTACT_FORM_LIMITS.message),
  /** The privacy statement must be accepted (the checkbox is required). */
  privacyAccepted: v.literal(true, "required"),
  /** Consent to marketing by online media and e-mail; revocable at any time. */
  marketingOptIn: v.boolean("required"),
  // A missing field is reported under the object's message.
}, "required");
/** What the form sends. */
export type ContactFormInput = v.InferInput<typeof ContactFormSchema>;
/** What the API stores: texts trimmed. */
export type ContactForm = v.InferOutput<typeof ContactFormSchema>;
export type ContactFormField = keyof ContactForm;

/** The contact form's refusals by field, each its first rule broken; `code` maps to `validation.<code>`. */
export type ContactFormErrors = Partial<Record<ContactFormField, ValidationCode>>;

/** Anything but an object is read as an empty form, so each required field is named. */
export const contactFormBody = (input: unknown): object => (typeof input === "object" && input !== null ? input : {});

/**
 * The contact form's refusals, one code per field: the site's form shows these beside the fields;
 * the stand-in parses its body with the same schema. An empty object means valid.
 */
export function validateContactForm(input: unknown): ContactFormErrors {
  return Object.fromEntries(
    validateFields(ContactFormSchema, contactFormBody(input)).map((error) => [error.field, error.code]),
  ) as ContactFormErrors;
}

/** 200 body: the id of the stored submission. */
export const ContactFormResponseSchema = v.object({ id: v.string() });
export type ContactFormResponse = v.InferOutput<typeof ContactFormResponseSchema>;
