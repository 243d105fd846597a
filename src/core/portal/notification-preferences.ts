import type { ApiClient } from "../api/client.ts";
import { PATHS } from "../api/paths.ts";
import {
  NOTIFICATION_KINDS,
  NotificationPreferencesSchema,
  type Delivery,
  type NotificationKind,
  type NotificationPreferences,
} from "../api/schemas/notification-preferences.ts";
import type { MessageKey } from "../i18n/index.ts";

/** GET: the signed-in person's own choices (kinds never chosen have their default). */
export const loadOwnPreferences = (api: ApiClient): Promise<NotificationPreferences | null> =>
  api.request(PATHS.notificationPreferences, NotificationPreferencesSchema, {
    headers: { "cache-control": "no-cache" },
  });

/** PUT: saves every kind; throws on any refusal so the form keeps the choices. */
export async function saveOwnPreferences(
  api: ApiClient,
  preferences: NotificationPreferences,
): Promise<NotificationPreferences> {
  const saved = await api.request(PATHS.notificationPreferences, NotificationPreferencesSchema, {
    method: "PUT",
    json: preferences,
    failOnError: true,
  });
  if (!saved) throw new Error("The API answered the save without a body");
  return saved;
}

/** GET: a colleague's choices, read-only (GEBRUIKERSBEHEER on the account). */
export const loadColleaguePreferences = (
  api: ApiClient,
  accountNumber: string,
  contactId: string,
): Promise<NotificationPreferences | null> =>
  api.request(PATHS.colleagueNotificationPreferences(contactId), NotificationPreferencesSchema, {
    searchParams: { accountNumber },
  });

/** The kinds in the order the screens list them, each with its label's key. */
export const notificationKinds = (): { kind: NotificationKind; label: MessageKey }[] =>
  NOTIFICATION_KINDS.map((kind) => ({ kind, label: `portal.notify.kind.${kind}` }));

export const deliveryLabel = (delivery: Delivery): MessageKey => `portal.notify.delivery.${delivery}`;
