/**
 * The activity log's route and how routes write to it (docs/api-people.md, "Activity log"): who did
 * what to whom on which account, append-only. GEBRUIKERSBEHEER (those who manage users read it).
 */
import type { DatabaseSync } from "node:sqlite";
import type { ActivityEntry, ActivityKind } from "../../../src/core/api/schemas/colleagues.ts";
import { activityOf, appendActivity } from "../../db/people/activity.ts";
import { findUserById } from "../../db/people/users.ts";
import { clock } from "../../idp/clock.ts";
import { PATHS, type Route, type RouteContext } from "../route.ts";
import { accountOf, callerOf } from "./people-request.ts";

/** A person as the log names them: name and address, so a row still says who after they are gone. */
export const personLabel = (person: { firstName: string; lastName: string; email: string }): string =>
  `${person.firstName} ${person.lastName} <${person.email}>`;

/** Appends a row for the person `actorId` did it as (the caller, or whoever accepted an invitation). */
export function logActivity(
  db: DatabaseSync,
  actorId: string,
  accountNumber: string,
  kind: ActivityKind,
  details: { subject?: string; field?: string; oldValue?: string | null; newValue?: string | null } = {},
): void {
  const actor = findUserById(db, actorId);
  appendActivity(db, { accountNumber, kind, actor: { id: actorId, name: actor ? personLabel(actor) : actorId }, ...details }, clock.now());
}

/** Appends a row as the signed-in caller. */
export const logAsCaller = (ctx: RouteContext, accountNumber: string, kind: ActivityKind, details?: Parameters<typeof logActivity>[4]): void =>
  logActivity(ctx.db, callerOf(ctx).userId, accountNumber, kind, details);

export const activityRoutes: Route[] = [
  {
    method: "GET",
    path: PATHS.activity,
    access: "user",
    permissions: ["GEBRUIKERSBEHEER"],
    handle: (ctx): ActivityEntry[] => {
      ctx.res.setHeader("cache-control", "no-store");
      return activityOf(ctx.db, accountOf(ctx), clock.now());
    },
  },
];
