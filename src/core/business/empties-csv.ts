import { translate, type MessageKey } from "../i18n/index.ts";
import type { Lang } from "../i18n/locale.ts";
import type { EmptiesLedger } from "../api/schemas/business.ts";
import { csvText, decimal, SPREADSHEET_FORMATS } from "./invoice-csv.ts";

const HEADINGS: readonly MessageKey[] = [
  "daily.empties.col.date",
  "daily.empties.col.delivery",
  "daily.empties.col.invoice",
  "daily.empties.col.kind",
  "daily.empties.col.delivered",
  "daily.empties.col.returned",
  "daily.empties.col.deposit",
];

/**
 * The empties ledger of a period as a CSV file, in the invoices export's spreadsheet format: first what
 * was held of each kind at the start (as delivered on the first day, so a sum of delivered minus
 * returned per kind is the balance the screen shows), then each movement, oldest first.
 */
export function emptiesCsv(ledger: EmptiesLedger, lang: Lang): string {
  const format = SPREADSHEET_FORMATS[lang];
  const deposit = (kind: string): string => decimal(ledger.deposits.find((entry) => entry.kind === kind)?.cents ?? 0, format);
  const kind = (value: EmptiesLedger["lines"][number]["kind"]): string => translate(lang, `daily.emptiesKind.${value}`);
  const opening = ledger.opening
    .filter((entry) => entry.count !== 0)
    .map((entry) => [format.date(ledger.from), translate(lang, "daily.empties.opening"), "", kind(entry.kind), String(entry.count), "0", deposit(entry.kind)]);
  const moves = [...ledger.lines]
    .sort((a, b) => a.date.localeCompare(b.date) || a.deliveryNumber.localeCompare(b.deliveryNumber))
    .map((line) => [
      format.date(line.date),
      line.deliveryNumber,
      line.invoice?.number ?? "",
      kind(line.kind),
      String(line.delivered),
      String(line.returned),
      deposit(line.kind),
    ]);
  return csvText([HEADINGS.map((key) => translate(lang, key)), ...opening, ...moves], format);
}
