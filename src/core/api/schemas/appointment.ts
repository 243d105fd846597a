import * as v from "valibot";
import { isEmail } from "../../validation/email.ts";
import { isKvkNumber } from "../../validation/kvk.ts";
import { validateFields, type ValidationCode } from "../../validation/field-error.ts";
import { isDutchPhone } from "../../validation/phone.ts";
import { CONTACT_FORM_LIMITS, contactFormBody } from "./contact.ts";

/**
 * 'Plan een gesprek': a prospective customer asks for a conversation with an account manager. Sent
 * like the contact form (same call) with contactType `appointment`; each rule's message is a
 * validation code, and the stand-in validates with this same schema.
 */

/** The kinds of business the sales team plans a conversation for. */
export const BUSINESS_TYPES = ["hospitality", "retail", "catering", "events", "other"] as const;
/** Working days an account manager visits. */
export const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday"] as const;
export const DAY_PARTS = ["morning", "afternoon"] as const;

const requiredText = (max: number) =>
  v.pipe(v.string("required"), v.trim(), v.nonEmpty("required"), v.maxLength(max, "too_long"));

export const AppointmentRequestSchema = v.object({
  // In the form's order: the first refused field is the one the form focuses.
  company: requiredText(CONTACT_FORM_LIMITS.company),
  kvkNumber: v.pipe(v.string("required"), v.trim(), v.nonEmpty("required"), v.check(isKvkNumber, "kvk_number")),
  name: requiredText(CONTACT_FORM_LIMITS.name),
  email: v.pipe(requiredText(CONTACT_FORM_LIMITS.email), v.check(isEmail, "email")),
  phone: v.pipe(requiredText(CONTACT_FORM_LIMITS.phone), v.check(isDutchPhone, "phone")),
  businessType: v.picklist(BUSINESS_TYPES, "choose_one"),
  preferredDays: v.pipe(v.array(v.picklist(WEEKDAYS, "choose_day"), "choose_day"), v.minLength(1, "choose_day")),
  dayPart: v.picklist(DAY_PARTS, "choose_one"),
  privacyAccepted: v.literal(true, "required"),
}, "required");
export type AppointmentRequestInput = v.InferInput<typeof AppointmentRequestSchema>;
export type AppointmentRequest = v.InferOutput<typeof AppointmentRequestSchema>;
export type AppointmentField = keyof AppointmentRequest;

/** The request's refusals by field, each its first rule broken; `code` maps to `validation.<code>`. */
export type AppointmentErrors = Partial<Record<AppointmentField, ValidationCode>>;

/**
 * The appointment request's refusals, one code per field (a refused day counts for the whole
 * field): the site's form shows these, the stand-in parses its body with the same schema.
 */
export function validateAppointment(input: unknown): AppointmentErrors {
  const errors: AppointmentErrors = {};
  for (const error of validateFields(AppointmentRequestSchema, contactFormBody(input))) {
    const field = error.field.split(".")[0] as AppointmentField;
    errors[field] ??= error.code;
  }
  return errors;
}
