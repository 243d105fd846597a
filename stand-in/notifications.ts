/**
 * The stand-in's notifications (docs/api-people.md, "Notification preferences"): a new notification
 * always appears in the account's portal inbox; by e-mail each person with access to it gets what
 * they chose for its kind: a mail at once, a line in their weekly digest (sent on the stand-in's
 * clock, `sendDueDigests`), or nothing.
 */
import { randomUUID } from "node:crypto";
import type { DatabaseSync } from "node:sqlite";
import type { NotificationKind } from "../src/core/api/schemas/notification-preferences.ts";
import { translate, type MessageKey } from "../src/core/i18n/index.ts";
import { deliveryFor, digestsDue } from "../src/core/permissions/notification-delivery.ts";
import { inertForMail } from "../src/core/validation/plain-name.ts";
import { colleaguesOf } from "./db/people/links.ts";
import { sendMail } from "./db/people/mail.ts";
import { digestQueue, preferencesOf, queueForDigest, removeFromQueue } from "./db/people/notifications.ts";
import { findUserById } from "./db/people/users.ts";

export type NewNotification = {
  accountNumber: string;
  kind: NotificationKind;
  title: { nl: string; en: string };
  body: { nl: string; en: string };
  /** A site path (Dutch form) the notification refers to. */
  link: string | null;
};

/** The portal inbox's category of each kind (documents and news have none of their own there). */
const INBOX_CATEGORY: Record<NotificationKind, "invoice" | "bonus" | "contract" | "general"> = {
  invoices: "invoice",
  documents: "general",
  bonus: "bonus",
  contract: "contract",
  service: "general",
  news: "general",
};

const kindName = (kind: NotificationKind, lang: "nl" | "en"): string =>
  translate(lang, `mail.notification.kind.${kind}` as MessageKey);

/** Puts the notification in the inbox and mails (or queues for the digest) whoever chose so. */
export function notify(db: DatabaseSync, notification: NewNotification, nowMs: number, site: string): void {
  const at = new Date(nowMs).toISOString();
  db.prepare(
    "INSERT INTO inbox (guid, account_number, category, title_nl, title_en, body_nl, body_en, created_at, read_at, link, invoice_number) VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, NULL)",
  ).run(
    randomUUID(),
    notification.accountNumber,
    INBOX_CATEGORY[notification.kind],
    notification.title.nl,
    notification.title.en,
    notification.body.nl,
    notification.body.en,
    at,
    notification.link,
  );

  for (const colleague of colleaguesOf(db, notification.accountNumber)) {
    if (colleague.deactivatedAt !== null) continue;
    const delivery = deliveryFor(
      notification.kind,
      preferencesOf(db, colleague.user.id),
      colleague.permissions,
    );
    if (delivery === "weekly") {
      queueForDigest(db, {
        userId: colleague.user.id,
        accountNumber: notification.accountNumber,
        kind: notification.kind,
        titleNl: notification.title.nl,
        titleEn: notification.title.en,
        queuedAt: nowMs,
      });
    } else if (delivery === "instant") {
      const vars = (lang: "nl" | "en") => ({
        firstName: inertForMail(colleague.user.firstName),
        title: inertForMail(notification.title[lang]),
        body: inertForMail(notification.body[lang]),
        kind: kindName(notification.kind, lang),
        site,
      });
      sendMail(
        db,
        {
          to: colleague.user.email,
          subject: translate("nl", "mail.notification.subject", vars("nl")),
          body: `${translate("nl", "mail.notification.body", vars("nl"))}\n\n---\n\n${translate("en", "mail.notification.body", vars("en"))}`,
        },
        at,
      );
    }
  }
}

/** Sends each weekly digest that is due at `nowMs` (one mail per person) and empties their queue. */
export function sendDueDigests(db: DatabaseSync, nowMs: number, site: string): void {
  for (const [userId, entries] of digestsDue(digestQueue(db), nowMs)) {
    const user = findUserById(db, userId);
    if (user) {
      const lines = (lang: "nl" | "en") =>
        entries
          .map(
            (entry) =>
              `- ${kindName(entry.kind, lang)} (${entry.accountNumber}): ${inertForMail(lang === "en" ? entry.titleEn : entry.titleNl)}`,
          )
          .join("\n");
      const vars = (lang: "nl" | "en") => ({
        firstName: inertForMail(user.firstName),
        count: String(entries.length),
        lines: lines(lang),
        site,
      });
      sendMail(
        db,
        {
          to: user.email,
          subject: translate("nl", "mail.digest.subject", vars("nl")),
          body: `${translate("nl", "mail.digest.body", vars("nl"))}\n\n---\n\n${translate("en", "mail.digest.body", vars("en"))}`,
        },
        new Date(nowMs).toISOString(),
      );
    }
    removeFromQueue(
      db,
      entries.map((entry) => entry.id),
    );
  }
}
