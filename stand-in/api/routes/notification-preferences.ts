/**
 * Notification preferences (docs/api-people.md, "Notification preferences"): each person reads and
 * sets their own; whoever manages users on an account reads a colleague's, never changes them.
 */
import {
  NotificationPreferencesSchema,
  type NotificationPreferences,
} from "../../../src/core/api/schemas/notification-preferences.ts";
import { colleaguesOf } from "../../db/people/links.ts";
import { preferencesOf, setPreferences } from "../../db/people/notifications.ts";
import { HttpError } from "../../http.ts";
import { PATHS, pattern, type Route } from "../route.ts";
import { accountOf, callerOf, readBody } from "./people-request.ts";

export const notificationPreferenceRoutes: Route[] = [
  {
    method: "GET",
    path: PATHS.notificationPreferences,
    access: "user",
    handle: (ctx): NotificationPreferences => preferencesOf(ctx.db, callerOf(ctx).userId),
  },
  {
    method: "PUT",
    path: PATHS.notificationPreferences,
    access: "user",
    handle: async (ctx): Promise<NotificationPreferences> => {
      const caller = callerOf(ctx);
      setPreferences(ctx.db, caller.userId, await readBody(ctx, NotificationPreferencesSchema));
      return preferencesOf(ctx.db, caller.userId);
    },
  },
  {
    method: "GET",
    path: pattern(PATHS.colleagueNotificationPreferences, "id"),
    access: "user",
    permissions: ["GEBRUIKERSBEHEER"],
    handle: (ctx): NotificationPreferences => {
      const colleague = colleaguesOf(ctx.db, accountOf(ctx)).find(
        (link) => link.user.id === ctx.params["id"],
      );
      if (!colleague) throw new HttpError(404, { statusCode: 404 });
      return preferencesOf(ctx.db, colleague.user.id);
    },
  },
];
