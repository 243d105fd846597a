/** Request helpers shared by the people routes (people.ts, user-management.ts). */
import type { DatabaseSync } from "node:sqlite";
import * as v from "valibot";
import type { FieldError } from "../../../../src/core/validation/field-error.ts";
import { findAccount, type StoredAccount } from "../../db/people.ts";
import { HttpError, readJsonBody, validationError } from "../../http.ts";
import type { Caller, RouteContext } from "../route.ts";

/** The signed-in caller; the router guarantees one on every route here. */
export function callerOf(ctx: RouteContext): Caller {
  if (!ctx.caller) throw new HttpError(401, { statusCode: 401 });
  return ctx.caller;
}

/** The account number of an account-scoped route (the router checked it belongs to the caller). */
export function accountOf(ctx: RouteContext): string {
  if (!ctx.accountNumber) throw validationError([{ field: "accountNumber", code: "required" }]);
  return ctx.accountNumber;
}

/** Parses a JSON body against a schema; a missing or mistyped field is a 400 naming it. */
export async function readBody<S extends v.GenericSchema>(ctx: RouteContext, schema: S): Promise<v.InferOutput<S>> {
  const result = v.safeParse(schema, await readJsonBody(ctx.req));
  if (result.success) return result.output;
  const errors = result.issues.map((issue) => ({
    field: v.getDotPath(issue) ?? "body",
    code: issue.received === "undefined" ? "required" : "invalid",
  }));
  throw validationError(errors);
}

/** The account as stored, or 404. */
export function storedAccount(db: DatabaseSync, accountNumber: string): StoredAccount {
  const account = findAccount(db, accountNumber);
  if (!account) throw new HttpError(404, { statusCode: 404 });
  return account;
}

/** A 400 naming the fields when the rules found any. */
export function refuse(errors: FieldError[]): void {
  if (errors.length > 0) throw validationError(errors);
}
