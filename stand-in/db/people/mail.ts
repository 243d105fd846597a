/** The mail outbox: the stand-in has no mail server, so every mail it "sends" is kept here. */
import type { DatabaseSync } from "node:sqlite";

export type Mail = { to: string; subject: string; body: string };
export type SentMail = Mail & { id: number; sentAt: string };

/** "Sends" a mail: the stand-in has no mail server, so it keeps every mail in the outbox table. */
export function sendMail(db: DatabaseSync, mail: Mail, sentAt: string): void {
  db.prepare("INSERT INTO mail_outbox (to_address, subject, body, sent_at) VALUES (?, ?, ?, ?)").run(
    mail.to,
    mail.subject,
    mail.body,
    sentAt,
  );
}

export function outbox(db: DatabaseSync): SentMail[] {
  const rows = db.prepare("SELECT * FROM mail_outbox ORDER BY id").all() as {
    id: number;
    to_address: string;
    subject: string;
    body: string;
    sent_at: string;
  }[];
  return rows.map((row) => ({ id: row.id, to: row.to_address, subject: row.subject, body: row.body, sentAt: row.sent_at }));
}
