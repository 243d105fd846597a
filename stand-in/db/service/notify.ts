import { randomUUID } from "node:crypto";
import type { DatabaseSync } from "node:sqlite";
import type { ServiceRequest } from "../../../src/core/api/schemas/business/service.ts";
import { deliveryFor } from "../../../src/core/permissions/notification-delivery.ts";
import { SCREENS } from "../../../src/core/portal/screens.ts";
import { quotedForMail } from "../../../src/core/validation/plain-name.ts";
import { sendMail } from "../people/mail.ts";
import { preferencesOf, queueForDigest } from "../people/notifications.ts";

const STATUS_WORDS = {
  received: ["ontvangen", "received"],
  in_progress: ["in behandeling", "in progress"],
  resolved: ["opgelost", "resolved"],
} as const;

/**
 * Tells the customer the supplier answered or moved their request: a notification in the portal for
 * the account (category general: a request needs no permission, so whoever may see it is told), and
 * to who raised it, as they chose for service requests (docs/api-people.md, "Notification
 * preferences"): a mail at once, in Dutch then English (the stand-in keeps it in its outbox), a line in
 * their weekly digest, or nothing.
 */
export function notifyServiceChange(db: DatabaseSync, accountNumber: string, request: ServiceRequest, createdByUserId: string, at: string, siteUrl?: string): void {
  const [nl, en] = STATUS_WORDS[request.status];
  const titleNl = `Serviceverzoek ${request.number}: ${nl}`;
  const titleEn = `Service request ${request.number}: ${en}`;
  const answered = request.events.at(-1)?.text;
  const bodyNl = answered ? `Ons antwoord: ${answered}` : `Uw verzoek ${quotedForMail(request.title)} is nu ${nl}.`;
  const bodyEn = answered ? `Our answer: ${answered}` : `Your request ${quotedForMail(request.title)} is now ${en}.`;
  const link = `${SCREENS.service.path}?id=${encodeURIComponent(request.id)}`;
  db.prepare(
    "INSERT INTO inbox (guid, account_number, category, title_nl, title_en, body_nl, body_en, created_at, read_at, link, invoice_number) VALUES (?, ?, 'general', ?, ?, ?, ?, ?, NULL, ?, NULL)",
  ).run(randomUUID(), accountNumber, titleNl, titleEn, bodyNl, bodyEn, at, link);
  const user = db.prepare("SELECT email FROM users WHERE id = ?").get(createdByUserId) as { email: string } | undefined;
  if (!user) return;
  const delivery = deliveryFor("service", preferencesOf(db, createdByUserId), []);
  if (delivery === "off") return;
  if (delivery === "weekly") {
    queueForDigest(db, { userId: createdByUserId, accountNumber, kind: "service", titleNl, titleEn, queuedAt: Date.parse(at) });
    return;
  }
  const url = siteUrl ? `${siteUrl.replace(/\/$/, "")}${link}` : link;
  sendMail(
    db,
    {
      to: user.email,
      subject: `${titleNl} / ${titleEn}`,
      body: `${titleNl}\n\n${bodyNl}\n\nBekijk uw verzoek: ${url}\n\n---\n\n${titleEn}\n\n${bodyEn}\n\nSee your request: ${url}\n`,
    },
    at,
  );
}
