import * as v from "valibot";
import type { Permission } from "./common.ts";

/**
 * Notification preferences per person (addition, docs/api-people.md, "Notification preferences"):
 * per kind of notification, whether it also comes by e-mail at once, in a weekly digest, or not at
 * all. The portal's own notification always appears. Each person sets their own; whoever manages
 * users sees a colleague's read-only. A file of its own: only the profile and users screens load it.
 */
export const NOTIFICATION_KINDS = ["invoices", "documents", "bonus", "contract", "service", "news"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const DELIVERIES = ["off", "instant", "weekly"] as const;
export const DeliverySchema = v.picklist(DELIVERIES);
export type Delivery = v.InferOutput<typeof DeliverySchema>;

/** GET and PUT body alike: every kind with its delivery. */
export const NotificationPreferencesSchema = v.object({
  invoices: DeliverySchema,
  documents: DeliverySchema,
  bonus: DeliverySchema,
  contract: DeliverySchema,
  service: DeliverySchema,
  news: DeliverySchema,
});
export type NotificationPreferences = v.InferOutput<typeof NotificationPreferencesSchema>;

/** Until a person chooses: what needs acting on at once, the rest once a week. */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  invoices: "instant",
  documents: "instant",
  bonus: "weekly",
  contract: "instant",
  service: "instant",
  news: "weekly",
};

/** What a person must hold on the account to be told of each kind (as the inbox's categories: none for news). */
export const NOTIFICATION_KIND_PERMISSIONS: Readonly<Record<NotificationKind, readonly Permission[]>> = {
  invoices: ["FACTUREN"],
  documents: ["DOCUMENTEN"],
  bonus: ["BONUS"],
  contract: ["SAMENWERKINGSOVEREENKOMST"],
  // A service request needs no permission (a tap fault concerns anyone running the outlet).
  service: [],
  news: [],
};
