import type { Lang } from "../i18n/locale.ts";
import { now as clockNow } from "../auth/clock.ts";

/**
 * Whole calendar months and the days after them from `from` to `to` (ISO dates; `to` not counted);
 * negative spans are null. Month ends line up: 31 January plus one month is the last day of February.
 */
export function monthsAndDays(from: string, to: string): { months: number; days: number } | null {
  const start = parse(from);
  const end = parse(to);
  if (end < start) return null;
  let months = (end.getUTCFullYear() - start.getUTCFullYear()) * 12 + (end.getUTCMonth() - start.getUTCMonth());
  // Step back while adding `months` overshoots (31 January + 1 month is not in March).
  while (months > 0 && addMonths(start, months) > end) months--;
  const days = Math.round((end.getTime() - addMonths(start, months).getTime()) / 86_400_000);
  return { months, days };
}

/**
 * The time left as people say it, with the language's plurals: "25 maanden en 9 dagen",
 * "1 month and 1 day"; only days under a month, only months on the day itself.
 */
export function formatRemaining(span: { months: number; days: number }, lang: Lang): string {
  const locale = lang === "en" ? "en-GB" : "nl-NL";
  const unit = (value: number, name: "month" | "day"): string =>
    new Intl.NumberFormat(locale, { style: "unit", unit: name, unitDisplay: "long" }).format(value);
  const parts = [
    ...(span.months > 0 ? [unit(span.months, "month")] : []),
    ...(span.days > 0 || span.months === 0 ? [unit(span.days, "day")] : []),
  ];
  return new Intl.ListFormat(locale, { style: "long", type: "conjunction" }).format(parts);
}

/**
 * Today's date (yyyy-mm-dd) in the Netherlands, where contracts run and invoices fall due; by default
 * on the portal's clock seam (src/core/auth/clock.ts), so tests set "today" exactly.
 */
export const todayIso = (now: Date = new Date(clockNow())): string =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Amsterdam", year: "numeric", month: "2-digit", day: "2-digit" }).format(now);

const parse = (iso: string): Date => new Date(`${iso.slice(0, 10)}T00:00:00Z`);

function addMonths(date: Date, months: number): Date {
  const result = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return result;
}
