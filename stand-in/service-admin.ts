import type http from "node:http";
import type { DatabaseSync } from "node:sqlite";
import * as v from "valibot";
import { MAX_SERVICE_TEXT, ServiceStatusSchema } from "../src/core/api/schemas/business/service.ts";
import { LocaleSchema } from "../src/core/api/schemas/common.ts";
import { issuesToFieldErrors } from "../src/core/validation/field-error.ts";
import { siteUrl, type StackConfig } from "../dev/lib/stack-config.ts";
import { clock } from "./api/routes/business/shared.ts";
import { assertAdmin } from "./content-admin.ts";
import { addServiceEvent, findServiceRequest } from "./db/service/requests.ts";
import { notifyServiceChange } from "./db/service/notify.ts";
import { decodeComponent, HttpError, readJsonBody, sendJson, validationError } from "./http.ts";

export const SERVICE_ADMIN_PREFIX = "/admin/service/";

const AnswerBody = v.pipe(
  v.object({
    status: v.optional(ServiceStatusSchema),
    text: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1, "required"), v.maxLength(MAX_SERVICE_TEXT, "too_long"))),
    /** The language the answer is written in (the service desk writes Dutch unless told). */
    locale: v.optional(LocaleSchema, "nl-NL"),
    /** Who answers, as the customer sees it (the service desk by default). */
    author: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1, "required"), v.maxLength(80, "too_long"))),
  }),
  v.check((body) => body.status !== undefined || body.text !== undefined, "required"),
);

/**
 * `POST /admin/service/{id or number}` (loopback, the admin secret; `npm run service -- …`): the
 * supplier's service desk answers a request and/or moves its status, body `{ status?, text?, author?, locale? }`.
 * Each change becomes an entry of the request's history, a notification in the portal and a mail to
 * who raised it. Answers `{ request }` (ServiceRequestSchema).
 */
export async function handleServiceAdmin(req: http.IncomingMessage, res: http.ServerResponse, url: URL, db: DatabaseSync, config: StackConfig): Promise<void> {
  try {
    assertAdmin(req, config);
    if (req.method !== "POST") throw new HttpError(405, { statusCode: 405 });
    const found = findServiceRequest(db, decodeComponent("id", url.pathname.slice(SERVICE_ADMIN_PREFIX.length)));
    if (!found) {
      req.resume();
      throw new HttpError(404, { statusCode: 404 });
    }
    const parsed = v.safeParse(AnswerBody, await readJsonBody(req));
    if (!parsed.success) throw validationError(issuesToFieldErrors(parsed.issues));
    const at = clock.now().toISOString();
    const request = addServiceEvent(db, found.accountNumber, found.id, {
      at,
      author: "supplier",
      authorName: parsed.output.author ?? "Servicedesk",
      status: parsed.output.status ?? null,
      text: parsed.output.text ?? null,
      locale: parsed.output.locale,
    });
    if (!request) throw new HttpError(404, { statusCode: 404 });
    notifyServiceChange(db, found.accountNumber, request, found.createdBy, at, siteUrl(config));
    sendJson(res, 200, { request });
  } catch (error) {
    if (error instanceof HttpError) sendJson(res, error.status, error.body);
    else {
      console.error("[service-admin]", error);
      sendJson(res, 500, { statusCode: 500 });
    }
  }
}
