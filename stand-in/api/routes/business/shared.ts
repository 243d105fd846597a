import type http from "node:http";
import * as v from "valibot";
import { IDEMPOTENCY_KEY_HEADER, IdempotencyKeySchema } from "../../../../src/core/api/schemas/business/payments.ts";
import { todayIso } from "../../../../src/core/business/contract-term.ts";
import { issuesToFieldErrors } from "../../../../src/core/validation/field-error.ts";
import { HttpError, readJsonBody, validationError } from "../../../http.ts";
import type { RouteContext } from "../../route.ts";

/**
 * The stand-in's clock for business rules ("today", timestamps); tests running in-process may replace
 * `now`, browser tests move it with the `/__test/business-date` hook.
 */
export const clock = { now: (): Date => new Date() };

/** Today as an ISO date in the Netherlands (where invoices fall due and quarters end), on the stand-in's clock. */
export const today = (): string => todayIso(clock.now());

/** Language of texts in a response, from the `locale` query parameter (Dutch by default). */
export const langOf = (url: URL): "nl" | "en" => (url.searchParams.get("locale") === "en-US" ? "en" : "nl");

/** The checked account number of an account-scoped route (the router guarantees it is there). */
export function account(ctx: RouteContext): string {
  if (!ctx.accountNumber) throw new HttpError(400, { statusCode: 400, errors: [{ field: "accountNumber", code: "required" }] });
  return ctx.accountNumber;
}

/**
 * The Idempotency-Key header of a create call (a payment, a service request), required: a repeat of the
 * same attempt must find the first one. 400 `idempotencyKey` `required` or `invalid`.
 */
export function idempotencyKey(ctx: RouteContext): string {
  const raw = ctx.req.headers[IDEMPOTENCY_KEY_HEADER];
  if (raw === undefined) throw validationError([{ field: "idempotencyKey", code: "required" }]);
  const parsed = v.safeParse(IdempotencyKeySchema, raw);
  if (!parsed.success) throw validationError([{ field: "idempotencyKey", code: "invalid" }]);
  return parsed.output;
}

export const notFound = (): HttpError => new HttpError(404, { statusCode: 404 });

/** Reads and shape-checks a JSON body; 400 naming each refused field. */
export async function readBody<TSchema extends v.GenericSchema>(req: http.IncomingMessage, schema: TSchema): Promise<v.InferOutput<TSchema>> {
  const parsed = v.safeParse(schema, await readJsonBody(req));
  if (!parsed.success) throw validationError(issuesToFieldErrors(parsed.issues));
  return parsed.output;
}

/**
 * Refuses a request before its body was read (e.g. an upload to an unknown claim): the body is
 * drained so the client gets the answer instead of a broken pipe.
 */
export function refuseUnread(req: http.IncomingMessage, error: HttpError): HttpError {
  req.resume();
  return error;
}

/** Sends file bytes as a download. */
export function sendFile(
  res: http.ServerResponse,
  file: { fileName: string; contentType: string; bytes: Uint8Array },
  disposition: "attachment" | "inline" = "attachment",
): void {
  res.statusCode = 200;
  res.setHeader("content-type", file.contentType);
  res.setHeader("content-length", String(file.bytes.length));
  const ascii = file.fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  res.setHeader(
    "content-disposition",
    `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
  );
  res.setHeader("cache-control", "private, no-store");
  // Uploaded files come back with the type found in their content; never let a browser guess another.
  res.setHeader("x-content-type-options", "nosniff");
  res.end(file.bytes);
}
