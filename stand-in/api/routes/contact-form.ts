/**
 * The contact form (access "key"; a bearer is optional and, when sent, verified by the router):
 * POST /contactservice/api/v2/contacts/contactform?contactType=contact|new-customer|appointment&accountNumber=
 * The body is checked with the site's own rules (src/core/validation/contact-form.ts; an appointment
 * request with its own schema) and stored.
 *
 * Test mode only (mounted by server.ts):
 *   POST /__test/contactform-fail       `{"fail": true}` makes the call answer 500, so the site can
 *                                       test its failure state; `{"fail": false}` restores it
 *   GET  /__test/contact-submissions    the stored submissions, oldest first
 */
import type http from "node:http";
import type { DatabaseSync } from "node:sqlite";
import * as v from "valibot";
import {
  contactFormBody,
  ContactFormSchema,
  ContactTypeSchema,
  CUSTOMER_NUMBER,
  type ContactFormResponse,
} from "../../../src/core/api/schemas/contact.ts";
import { AppointmentRequestSchema } from "../../../src/core/api/schemas/appointment.ts";
import { firstPerField } from "../../../src/core/validation/field-error.ts";
import { listContactSubmissions, storeContactSubmission } from "../../db/content.ts";
import { HttpError, readJsonBody, sendJson, validationError } from "../../http.ts";
import { PATHS, type Route } from "../route.ts";

/** Databases (one per running backend) whose contact form is switched to fail. */
const failing = new WeakSet<DatabaseSync>();

const CONTACT_FAIL_HOOK = "/__test/contactform-fail";
const CONTACT_SUBMISSIONS_HOOK = "/__test/contact-submissions";
/** Paths of the contact form's test hooks. */
export const CONTACT_TEST_HOOKS: readonly string[] = [CONTACT_FAIL_HOOK, CONTACT_SUBMISSIONS_HOOK];

/** Answers one of CONTACT_TEST_HOOKS. */
export async function handleContactTestHook(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  url: URL,
  db: DatabaseSync,
): Promise<void> {
  try {
    const hook = `${req.method ?? "GET"} ${url.pathname}`;
    if (hook === `GET ${CONTACT_SUBMISSIONS_HOOK}`) return sendJson(res, 200, listContactSubmissions(db));
    if (hook !== `POST ${CONTACT_FAIL_HOOK}`) return sendJson(res, 405, { statusCode: 405 });
    const body = v.safeParse(v.object({ fail: v.boolean() }), await readJsonBody(req));
    if (!body.success) return sendJson(res, 400, { statusCode: 400, errors: [{ field: "fail", code: "required" }] });
    if (body.output.fail) failing.add(db);
    else failing.delete(db);
    sendJson(res, 200, { fail: body.output.fail });
  } catch (error) {
    if (error instanceof HttpError) sendJson(res, error.status, error.body);
    else sendJson(res, 500, { statusCode: 500 });
  }
}

export const contactFormRoutes: Route[] = [
  {
    method: "POST",
    path: PATHS.contactForm,
    access: "key",
    handle: async (ctx): Promise<ContactFormResponse> => {
      const contactType = v.safeParse(ContactTypeSchema, ctx.url.searchParams.get("contactType") ?? undefined);
      const accountNumber = ctx.accountNumber ?? null;
      // The one check of the form: the site's form runs the same schema (the appointment request its own).
      const appointment = contactType.success && contactType.output === "appointment";
      const body = contactFormBody(await readJsonBody(ctx.req, 100_000));
      const form = appointment ? v.safeParse(AppointmentRequestSchema, body) : v.safeParse(ContactFormSchema, body);
      const errors = [
        ...(contactType.success ? [] : [{ field: "contactType", code: ctx.url.searchParams.has("contactType") ? "invalid" : "required" }]),
        ...(accountNumber === null || CUSTOMER_NUMBER.test(accountNumber) ? [] : [{ field: "accountNumber", code: "customer_number" }]),
        ...(form.success ? [] : firstPerField(form.issues).map((error) => ({ ...error, field: error.field.split(".")[0] ?? error.field }))),
      ];
      if (errors.length > 0 || !contactType.success || !form.success) throw validationError(errors);
      // A signed-in caller may only send on behalf of one of their own accounts.
      if (ctx.caller && accountNumber !== null && !ctx.caller.permissions.has(accountNumber)) {
        throw new HttpError(403, { statusCode: 2 });
      }
      if (failing.has(ctx.db)) throw new HttpError(500, { statusCode: 500 });
      const id = storeContactSubmission(ctx.db, {
        contactType: contactType.output,
        accountNumber,
        userId: ctx.caller?.userId ?? null,
        data: form.output,
        now: new Date(),
      });
      return { id };
    },
  },
];
