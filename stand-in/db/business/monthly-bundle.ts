import type { DatabaseSync } from "node:sqlite";
import type { MonthlyBundle } from "../../../src/core/api/schemas/business.ts";
import { todayIso } from "../../../src/core/business/contract-term.ts";
import { bundlePagePath, isFirstWorkingDay, previousMonth } from "../../../src/core/business/monthly-bundle.ts";
import { formatLocale } from "../../../src/core/format.ts";
import { translate } from "../../../src/core/i18n/index.ts";
import { localizedPath } from "../../../src/core/i18n/locale.ts";
import { sendMail } from "../people/mail.ts";
import { findAccount } from "../people/accounts.ts";

export function getMonthlyBundle(db: DatabaseSync, accountNumber: string): MonthlyBundle {
  const row = db.prepare("SELECT enabled, email FROM monthly_bundles WHERE account_number = ?").get(accountNumber) as
    | { enabled: number; email: string | null }
    | undefined;
  return { enabled: row?.enabled === 1, email: row?.email ?? null };
}

export function setMonthlyBundle(db: DatabaseSync, accountNumber: string, bundle: MonthlyBundle): void {
  db.prepare(
    "INSERT INTO monthly_bundles (account_number, enabled, email) VALUES (?, ?, ?) ON CONFLICT (account_number) DO UPDATE SET enabled = excluded.enabled, email = excluded.email",
  ).run(accountNumber, bundle.enabled ? 1 : 0, bundle.email);
}

/**
 * Mails every switched-on bundle that is due: on the first working day of a month (on `now`, the
 * stand-in's business clock), the previous month's link to each bookkeeper, once per account and
 * month however often this runs. No attachment: the link needs signing in. Returns how many went out.
 */
export function sendDueBundles(db: DatabaseSync, now: Date, site: string): number {
  const today = todayIso(now);
  if (!isFirstWorkingDay(today)) return 0;
  const period = previousMonth(today);
  const due = db
    .prepare(
      "SELECT b.account_number, b.email FROM monthly_bundles b WHERE b.enabled = 1 AND b.email IS NOT NULL AND NOT EXISTS (SELECT 1 FROM monthly_bundle_sends s WHERE s.account_number = b.account_number AND s.month = ?)",
    )
    .all(period.month) as { account_number: string; email: string }[];
  for (const { account_number: accountNumber, email } of due) {
    const account = findAccount(db, accountNumber)?.name ?? accountNumber;
    const month = (lang: "nl" | "en") =>
      new Intl.DateTimeFormat(formatLocale(lang), { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${period.from}T00:00:00Z`));
    const link = (lang: "nl" | "en") => `${site}${localizedPath(lang, bundlePagePath(period))}`;
    const vars = (lang: "nl" | "en") => ({ account, month: month(lang), link: link(lang) });
    sendMail(
      db,
      {
        to: email,
        subject: translate("nl", "mail.bundle.subject", vars("nl")),
        body: `${translate("nl", "mail.bundle.body", vars("nl"))}\n\n---\n\n${translate("en", "mail.bundle.body", vars("en"))}`,
      },
      now.toISOString(),
    );
    db.prepare("INSERT INTO monthly_bundle_sends (account_number, month, sent_at) VALUES (?, ?, ?)").run(accountNumber, period.month, now.toISOString());
  }
  return due.length;
}
