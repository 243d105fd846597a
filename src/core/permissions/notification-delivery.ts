import type { Permission } from "../api/schemas/common.ts";
import {
  NOTIFICATION_KIND_PERMISSIONS,
  type Delivery,
  type NotificationKind,
  type NotificationPreferences,
} from "../api/schemas/notification-preferences.ts";
import { isAllowed } from "./index.ts";

/**
 * How a notification reaches a person by e-mail (docs/api-people.md, "Notification preferences"),
 * the rule the stand-in's outbox follows: nothing for a kind they may not see on that account, else
 * their choice for its kind. The portal's notification itself appears whatever they chose.
 */
export function deliveryFor(
  kind: NotificationKind,
  preferences: NotificationPreferences,
  held: readonly Permission[],
): Delivery {
  return isAllowed(NOTIFICATION_KIND_PERMISSIONS[kind], held) ? preferences[kind] : "off";
}

/** A weekly digest goes out once its oldest notification has waited this long. */
export const DIGEST_INTERVAL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The digests due at `nowMs`: per person, every notification waiting for them, once the oldest has
 * waited a week; a person whose oldest is younger waits on (so one digest a week at most).
 */
export function digestsDue<T extends { userId: string; queuedAt: number }>(
  queue: readonly T[],
  nowMs: number,
): Map<string, T[]> {
  const perPerson = new Map<string, T[]>();
  for (const entry of queue) perPerson.set(entry.userId, [...(perPerson.get(entry.userId) ?? []), entry]);
  for (const [userId, entries] of perPerson) {
    const oldest = Math.min(...entries.map((entry) => entry.queuedAt));
    if (nowMs - oldest < DIGEST_INTERVAL_MS) perPerson.delete(userId);
  }
  return perPerson;
}
