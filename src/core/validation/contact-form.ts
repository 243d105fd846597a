import * as v from "valibot";
import { ContactFormSchema, type ContactFormField } from "../api/schemas/contact.ts";

/** A refused contact-form field and why; `code` maps to `validation.<code>` in the dictionaries. */
export type ContactFormErrors = Partial<Record<ContactFormField, string>>;

/**
 * The contact form's rules (ContactFormSchema), one code per refused field: the first rule a field
 * breaks. The site's form and the stand-in's API both call this, so they cannot disagree.
 * An empty object means the input is valid. A non-object input refuses every required field.
 */
export function validateContactForm(input: unknown): ContactFormErrors {
  const result = v.safeParse(ContactFormSchema, typeof input === "object" && input !== null ? input : {}, {
    abortPipeEarly: true,
  });
  if (result.success) return {};
  const errors: ContactFormErrors = {};
  for (const issue of result.issues) {
    const field = v.getDotPath(issue) as ContactFormField | null;
    if (field && !(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

/** The same errors as the API's 400 body lists them, in the form's field order. */
export const contactFormErrorList = (errors: ContactFormErrors): { field: string; code: string }[] =>
  Object.keys(ContactFormSchema.entries).flatMap((field) => {
    const code = errors[field as ContactFormField];
    return code === undefined ? [] : [{ field, code }];
  });
