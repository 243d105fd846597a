import { createHash } from "node:crypto";
import * as v from "valibot";
import type { Attachment } from "../../../../src/core/api/schemas/business.ts";
import {
  ServiceReplyInputSchema,
  ServiceRequestInputSchema,
  type ServiceReference,
  type ServiceRequest,
  type ServiceRequestList,
} from "../../../../src/core/api/schemas/business/service.ts";
import { isAllowed } from "../../../../src/core/permissions/index.ts";
import { SCREENS, type ScreenId } from "../../../../src/core/portal/screens.ts";
import { firstPerField, type FieldError } from "../../../../src/core/validation/field-error.ts";
import { getAttachmentFile, storeAttachment } from "../../../db/business/attachments.ts";
import { findUserById } from "../../../db/people/users.ts";
import {
  addServiceEvent,
  getServiceRequest,
  insertServiceRequest,
  listServiceRequests,
  referenceExists,
  requestByKey,
  unknownServiceUploads,
} from "../../../db/service/requests.ts";
import { HttpError, readJsonBody, sendJson, validationError } from "../../../http.ts";
import { expireLooseUploads, readUploadWithinQuota } from "../../../quotas.ts";
import { pattern, SERVICE_PATHS as PATHS, type Route, type RouteContext } from "../../route.ts";
import { account, clock, idempotencyKey, notFound, sendFile } from "./shared.ts";

/**
 * A reference is accepted only from someone who may open the screen it lies on: an invoice needs what
 * opens the invoices, a delivery what opens the deliveries, a delivery's empties what opens the ledger.
 * Otherwise, and for anything not of this account, the same refusal (`reference.number` `unknown`), so
 * the answer never tells whether another account's invoice exists.
 */
const REFERENCE_SCREEN: Record<ServiceReference["type"], ScreenId> = { invoice: "invoices", delivery: "deliveries", empties: "empties" };

function referenceRefusal(ctx: RouteContext, accountNumber: string, reference: ServiceReference | null): FieldError[] {
  if (!reference) return [];
  const held = ctx.caller?.permissions.get(accountNumber) ?? [];
  const mayOpen = isAllowed(SCREENS[REFERENCE_SCREEN[reference.type]].permissions, held);
  return mayOpen && referenceExists(ctx.db, accountNumber, reference) ? [] : [{ field: "reference.number", code: "unknown" }];
}

/** A body checked by the form's own rules, refused as the form refuses it (`firstPerField`: a missing field is `required`). */
async function readRules<S extends v.GenericSchema>(ctx: RouteContext, schema: S): Promise<v.InferOutput<S>> {
  const parsed = v.safeParse(schema, await readJsonBody(ctx.req));
  if (!parsed.success) throw validationError(firstPerField(parsed.issues));
  return parsed.output;
}

/** Who is writing: their name as the history shows it. */
function author(ctx: RouteContext): { id: string; name: string } {
  const id = ctx.caller?.userId ?? "";
  const user = findUserById(ctx.db, id);
  return { id, name: user ? `${user.firstName} ${user.lastName}`.trim() : ctx.caller?.email ?? "" };
}

async function createRequest(ctx: RouteContext): Promise<undefined> {
  const accountNumber = account(ctx);
  const key = idempotencyKey(ctx);
  const input = await readRules(ctx, ServiceRequestInputSchema);
  const hash = createHash("sha256").update(JSON.stringify([input.kind, input.description.trim(), input.reference, [...input.attachmentIds].sort(), input.locale])).digest("hex");

  // The same attempt again (a lost answer, a double click): the same request, never a second one.
  const earlier = requestByKey(ctx.db, accountNumber, key);
  if (earlier) {
    if (earlier.hash !== hash) throw new HttpError(409, { statusCode: 409, code: "idempotency_key_reused" });
    sendJson(ctx.res, 200, earlier.request);
    return undefined;
  }

  expireLooseUploads(ctx.db, clock.now());
  const errors = referenceRefusal(ctx, accountNumber, input.reference);
  const unknown = new Set(unknownServiceUploads(ctx.db, accountNumber, input.attachmentIds));
  input.attachmentIds.forEach((id, i) => {
    if (unknown.has(id)) errors.push({ field: `attachmentIds.${i}`, code: "unknown" });
  });
  if (errors.length > 0) throw validationError(errors);

  const created = insertServiceRequest(
    ctx.db,
    {
      accountNumber,
      kind: input.kind,
      description: input.description,
      locale: input.locale,
      reference: input.reference,
      attachmentIds: input.attachmentIds,
      createdBy: author(ctx),
      key,
      hash,
    },
    clock.now(),
  );
  sendJson(ctx.res, 201, created);
  return undefined;
}

const orNotFound = <T>(value: T | undefined): T => {
  if (value === undefined) throw notFound();
  return value;
};

/** Service requests of the selected account: signed in and consented, no permission (SCREENS.service). */
export const serviceRoutes: Route[] = [
  {
    method: "GET",
    path: PATHS.serviceRequests,
    access: "user",
    accountScoped: true,
    handle: (ctx): ServiceRequestList => {
      ctx.res.setHeader("cache-control", "no-store");
      return { items: listServiceRequests(ctx.db, account(ctx)) };
    },
  },
  { method: "POST", path: PATHS.serviceRequests, access: "user", accountScoped: true, handle: createRequest },
  {
    method: "GET",
    path: pattern(PATHS.serviceRequest, "id"),
    access: "user",
    accountScoped: true,
    handle: (ctx): ServiceRequest => orNotFound(getServiceRequest(ctx.db, account(ctx), ctx.params["id"] ?? "")),
  },
  {
    method: "POST",
    path: pattern(PATHS.serviceReplies, "id"),
    access: "user",
    accountScoped: true,
    handle: async (ctx): Promise<ServiceRequest> => {
      const accountNumber = account(ctx);
      const id = ctx.params["id"] ?? "";
      if (!getServiceRequest(ctx.db, accountNumber, id)) {
        ctx.req.resume();
        throw notFound();
      }
      const input = await readRules(ctx, ServiceReplyInputSchema);
      const writer = author(ctx);
      const event = {
        at: clock.now().toISOString(),
        author: "customer" as const,
        authorName: writer.name,
        status: null,
        text: input.text.trim(),
        locale: input.locale,
      };
      return orNotFound(addServiceEvent(ctx.db, accountNumber, id, event));
    },
  },
  {
    // A photo stays loose (and counts against the upload quota) until a new request names it; a day later it is removed.
    method: "POST",
    path: PATHS.serviceAttachments,
    access: "user",
    accountScoped: true,
    handle: async (ctx): Promise<Attachment> => {
      const userId = ctx.caller?.userId ?? "";
      const upload = await readUploadWithinQuota(ctx.req, ctx.db, clock.now(), account(ctx), userId);
      return storeAttachment(ctx.db, { kind: "service", id: account(ctx) }, upload, clock.now(), userId);
    },
  },
  {
    method: "GET",
    path: pattern(PATHS.serviceAttachment, "id"),
    access: "user",
    accountScoped: true,
    handle: (ctx) => {
      expireLooseUploads(ctx.db, clock.now());
      const file = getAttachmentFile(ctx.db, { kind: "service", id: account(ctx) }, ctx.params["id"] ?? "");
      if (!file) throw notFound();
      sendFile(ctx.res, file);
      return undefined;
    },
  },
];
