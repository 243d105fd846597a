/** Request helpers shared by the people routes (people.ts, user-management.ts). */
import type { DatabaseSync } from "node:sqlite";
import * as v from "valibot";
import { firstPerField } from "../../../src/core/validation/field-error.ts";
import { findAccount, type StoredAccount } from "../../db/people/accounts.ts";
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

/**
 * Parses a JSON body against a schema and its field rules; a 400 names the first refusal of each
 * field (a missing field "required", a wrong type "invalid", else the rule's code).
 */
export async function readBody<S extends v.GenericSchema>(ctx: RouteContext, schema: S): Promise<v.InferOutput<S>> {
  const result = v.safeParse(schema, await readJsonBody(ctx.req));
  if (result.success) return result.output;
  throw validationError(firstPerField(result.issues));
}

/** The account as stored, or 404. */
export function storedAccount(db: DatabaseSync, accountNumber: string): StoredAccount {
  const account = findAccount(db, accountNumber);
  if (!account) throw new HttpError(404, { statusCode: 404 });
  return account;
}
