import type { DatabaseSync } from "node:sqlite";
import { addDays, SEED_TODAY } from "./random.ts";

/**
 * Each account's own notifications, written from its own seeded data (so the three accounts differ
 * and none is told about something it does not have): its latest invoice, a reminder for its oldest
 * unpaid invoice past its due date, its latest calculated bonus, a contract notice only when it has
 * a contract, and two general notices. Runs after invoices, claims and contracts are seeded.
 */
export function seedInbox(db: DatabaseSync, accountNumber: string): void {
  const notices = [
    latestInvoice(db, accountNumber),
    paymentReminder(db, accountNumber),
    calculatedBonus(db, accountNumber),
    contractUpdate(db, accountNumber),
    ...GENERAL,
  ].filter((notice): notice is Notice => notice !== null);
  const insert = db.prepare(
    "INSERT INTO inbox (guid, account_number, category, title_nl, title_en, body_nl, body_en, created_at, read_at, link, invoice_number) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );
  notices.forEach((notice, i) => {
    const guid = `${accountNumber.padStart(8, "0")}-0000-4000-8000-${String(i + 1).padStart(12, "0")}`;
    // What happened in the last three weeks is still unread; older notices were read the next day.
    const readAt = notice.date < addDays(SEED_TODAY, -21) ? `${addDays(notice.date, 1)}T09:00:00.000Z` : null;
    const [titleNl, bodyNl] = notice.nl;
    const [titleEn, bodyEn] = notice.en;
    insert.run(guid, accountNumber, notice.category, titleNl, titleEn, bodyNl, bodyEn, `${notice.date}T08:30:00.000Z`, readAt, notice.link, notice.invoiceNumber ?? null);
  });
}

type Notice = {
  category: "invoice" | "bonus" | "contract" | "general";
  /** Title and body, Dutch and English. */
  nl: readonly [string, string];
  en: readonly [string, string];
  date: string;
  link: string | null;
  /** The invoice the notice is about: the API adds its number, amount and due date. */
  invoiceNumber?: string;
};

const invoiceLink = (number: string): string => `/mijn-account/facturen?q=${number}`;

function latestInvoice(db: DatabaseSync, accountNumber: string): Notice | null {
  const row = db
    .prepare("SELECT number, invoice_date FROM invoices WHERE account_number = ? AND type != 'credit_note' ORDER BY invoice_date DESC, number DESC LIMIT 1")
    .get(accountNumber) as { number: string; invoice_date: string } | undefined;
  if (!row) return null;
  return {
    category: "invoice",
    nl: [`Nieuwe factuur ${row.number}`, `Factuur ${row.number} staat voor u klaar. U vindt hem bij uw facturen, ook als pdf.`],
    en: [`New invoice ${row.number}`, `Invoice ${row.number} is ready for you. You will find it with your invoices, also as a PDF.`],
    date: row.invoice_date,
    link: invoiceLink(row.number),
    invoiceNumber: row.number,
  };
}

/** The oldest invoice still unpaid a week after its due date (by its dates, not a stored status). */
function paymentReminder(db: DatabaseSync, accountNumber: string): Notice | null {
  const remindOn = (dueDate: string): string => addDays(dueDate, 7);
  const row = db
    .prepare(
      "SELECT number, due_date FROM invoices WHERE account_number = ? AND type != 'credit_note' AND paid_date IS NULL AND due_date < ? ORDER BY due_date ASC, number ASC LIMIT 1",
    )
    .get(accountNumber, addDays(SEED_TODAY, -7)) as { number: string; due_date: string } | undefined;
  if (!row) return null;
  return {
    category: "invoice",
    nl: [
      `Betaalherinnering factuur ${row.number}`,
      `Wij hebben de betaling van factuur ${row.number} nog niet ontvangen. Wilt u het bedrag overmaken? Heeft u al betaald, dan kunt u deze melding negeren.`,
    ],
    en: [
      `Payment reminder for invoice ${row.number}`,
      `We have not yet received payment for invoice ${row.number}. Please transfer the amount. If you have already paid, you can ignore this notice.`,
    ],
    date: remindOn(row.due_date),
    link: invoiceLink(row.number),
    invoiceNumber: row.number,
  };
}

const QUARTER_NL = ["eerste", "tweede", "derde", "vierde"];
const QUARTER_EN = ["first", "second", "third", "fourth"];

function calculatedBonus(db: DatabaseSync, accountNumber: string): Notice | null {
  const row = db
    .prepare("SELECT period, submitted_at FROM bonus_claims WHERE account_number = ? AND status = 'calculated' ORDER BY period DESC LIMIT 1")
    .get(accountNumber) as { period: string; submitted_at: string } | undefined;
  if (!row) return null;
  const year = row.period.slice(0, 4);
  const quarter = Number(row.period.slice(6)) - 1;
  return {
    category: "bonus",
    nl: [`Bonus ${row.period.slice(5)} ${year} berekend`, `Uw bonus over het ${QUARTER_NL[quarter]} kwartaal van ${year} is berekend. In uw bonusoverzicht ziet u de volumes en het bedrag.`],
    en: [`Bonus ${row.period.slice(5)} ${year} calculated`, `Your bonus for the ${QUARTER_EN[quarter]} quarter of ${year} has been calculated. Your bonus overview shows the volumes and the amount.`],
    date: addDays(row.submitted_at.slice(0, 10), 30),
    link: "/mijn-account/bonus-overzicht",
  };
}

function contractUpdate(db: DatabaseSync, accountNumber: string): Notice | null {
  const row = db.prepare("SELECT number FROM sales_contracts WHERE account_number = ?").get(accountNumber) as { number: string } | undefined;
  if (!row) return null;
  return {
    category: "contract",
    nl: ["Volumeafspraken bijgewerkt", `De afgenomen volumes van samenwerkingsovereenkomst ${row.number} zijn bijgewerkt tot en met oktober. Bij uw samenwerkingsovereenkomst ziet u hoe u ervoor staat.`],
    en: ["Volume agreements updated", `The volumes taken under sales contract ${row.number} have been updated up to and including October. Your sales contract shows where you stand.`],
    date: addDays(SEED_TODAY, -20),
    link: "/mijn-account/swo",
  };
}

const GENERAL: readonly Notice[] = [
  {
    category: "general",
    nl: ["Leveringen rond de feestdagen", "Op 25 en 26 december en op 1 januari leveren wij niet. Bestellingen voor de week van Kerst ontvangen wij graag uiterlijk op vrijdag 18 december."],
    en: ["Deliveries around the holidays", "We do not deliver on 25 and 26 December or on 1 January. Please place your orders for the week of Christmas by Friday 18 December."],
    date: addDays(SEED_TODAY, -3),
    link: null,
  },
  {
    category: "general",
    nl: ["Nieuwe prijslijst 2026", "De prijslijst voor 2026 staat bij uw documenten."],
    en: ["New price list 2026", "The price list for 2026 is in your documents."],
    date: "2026-01-01",
    link: "/mijn-account/documenten?type=price_list",
  },
];
