import * as v from "valibot";
import { AppointmentRequestSchema, type AppointmentField } from "../api/schemas/appointment.ts";
import { ContactFormSchema, type ContactFormField } from "../api/schemas/contact.ts";

/** A refused contact-form field and why; `code` maps to `validation.<code>` in the dictionaries. */
export type ContactFormErrors = Partial<Record<ContactFormField, string>>;

/**
 * The contact form's rules (ContactFormSchema), one code per refused field: the first rule a field
 * breaks. The site's form and the stand-in's API both call this, so they cannot disagree.
 * An empty object means the input is valid. A non-object input refuses every required field.
 */
export function validateContactForm(input: unknown): ContactFormErrors {
  return firstIssues(ContactFormSchema, input);
}

/** A refused appointment-request field and why (codes as for the contact form). */
export type AppointmentErrors = Partial<Record<AppointmentField, string>>;

/** The appointment request's rules (AppointmentRequestSchema), as validateContactForm. */
export function validateAppointment(input: unknown): AppointmentErrors {
  return firstIssues(AppointmentRequestSchema, input);
}

function firstIssues(schema: v.ObjectSchema<v.ObjectEntries, string>, input: unknown): Record<string, string> {
  const result = v.safeParse(schema, typeof input === "object" && input !== null ? input : {}, { abortPipeEarly: true });
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.issues) {
    // A refused array item (one of the days) counts for the whole field.
    const field = issue.path?.[0]?.key;
    if (typeof field === "string" && !(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

/** The same errors as the API's 400 body lists them, in the form's field order. */
export const contactFormErrorList = (
  errors: Record<string, string | undefined>,
  schema: v.ObjectSchema<v.ObjectEntries, string> = ContactFormSchema,
): { field: string; code: string }[] =>
  Object.keys(schema.entries).flatMap((field) => {
    const code = errors[field];
    return code === undefined ? [] : [{ field, code }];
  });
