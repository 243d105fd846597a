import type { ActivityEntry, ActivityKind } from "../api/schemas/colleagues.ts";
import type { Lang } from "../i18n/locale.ts";
import { hasMessage, translate, type MessageKey } from "../i18n/index.ts";
import { PATHS } from "../api/paths.ts";
import { ActivityLogSchema } from "../api/schemas/colleagues.ts";
import type { ApiClient } from "../api/client.ts";
import { formatMoment } from "./person-state.ts";

/** The activity log's one call (GET /activity, GEBRUIKERSBEHEER); null when the API refuses. */
export const loadActivity = (api: ApiClient, accountNumber: string): Promise<ActivityEntry[] | null> =>
  api.request(PATHS.activity, ActivityLogSchema, { searchParams: { accountNumber } });

/** The page's filters: a person (as the log names them: actor or subject), a kind, a period of whole days (YYYY-MM-DD). */
export type ActivityFilter = { person: string; kind: ActivityKind | ""; from: string; to: string };
export const NO_FILTER: ActivityFilter = { person: "", kind: "", from: "", to: "" };

/** The day a moment falls on in the Netherlands (YYYY-MM-DD), so a period means Dutch days. */
const dutchDay = (iso: string): string =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Amsterdam", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(iso));

export function filterActivity(rows: readonly ActivityEntry[], filter: ActivityFilter): ActivityEntry[] {
  return rows.filter((row) => {
    if (filter.person && row.actor.name !== filter.person && row.subject !== filter.person) return false;
    if (filter.kind && row.kind !== filter.kind) return false;
    const day = dutchDay(row.at);
    if (filter.from && day < filter.from) return false;
    if (filter.to && day > filter.to) return false;
    return true;
  });
}

/** Everyone the log names, as actor or subject, for the person filter, in alphabetical order. */
export const peopleIn = (rows: readonly ActivityEntry[]): string[] =>
  [...new Set(rows.flatMap((row) => [row.actor.name, ...(row.subject ? [row.subject] : [])]))].sort((a, b) => a.localeCompare(b, "nl"));

export const kindLabel = (kind: ActivityKind): MessageKey => `portal.activity.kind.${kind}`;

/** A field name as the customer reads it (the account details' and the user form's own labels). */
export function fieldLabel(field: string, lang: Lang): string {
  const key = `portal.activity.field.${field}`;
  return hasMessage(key) ? translate(lang, key) : field;
}

/**
 * One CSV cell: quoted when it must be, and a value a spreadsheet would run as a formula (= + - @,
 * tab, return) made inert with a leading apostrophe: customers' names end up in here.
 */
function cell(value: string, separator: string): string {
  const inert = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return inert.includes(separator) || /["\n\r]/.test(inert) ? `"${inert.replaceAll('"', '""')}"` : inert;
}

/**
 * The log as CSV in the page's language conventions: Dutch with semicolons (a Dutch spreadsheet reads
 * commas as decimals), English with commas; times in the Netherlands' zone; a byte order mark so
 * spreadsheets read the accents.
 */
export function activityCsv(rows: readonly ActivityEntry[], lang: Lang): string {
  const separator = lang === "nl" ? ";" : ",";
  const t = (key: MessageKey): string => translate(lang, key);
  const header = ["portal.activity.when", "portal.activity.account", "portal.activity.who", "portal.activity.what", "portal.activity.about", "portal.activity.field", "portal.activity.old", "portal.activity.new"] as const;
  const lines = [header.map((key) => cell(t(key), separator)).join(separator)];
  for (const row of rows) {
    lines.push(
      [formatMoment(row.at, lang), row.accountNumber, row.actor.name, t(kindLabel(row.kind)), row.subject ?? "", row.field ? fieldLabel(row.field, lang) : "", row.oldValue ?? "", row.newValue ?? ""]
        .map((value) => cell(value, separator))
        .join(separator),
    );
  }
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}
