import type { Delivery } from "../api/schemas/business.ts";
import type { Lang } from "../i18n/locale.ts";
import { screenHref } from "../portal/screens.ts";
import { isIsoDate } from "../validation/iso-date.ts";
import { dateRangeErrors, type Parsed } from "./invoice-query.ts";

/** The history the deliveries screen and call show when no period is asked: the last three months. */
export const DEFAULT_PERIOD_MONTHS = 3;
/** The longest period one call answers (a year), so a list never grows past what a screen can show. */
export const MAX_PERIOD_DAYS = 366;

export type Period = { from: string; to: string };

const DAY_MS = 86_400_000;
const dayNumber = (iso: string): number => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;
const fromDayNumber = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** `months` calendar months before `iso` (the 31st falls back to the month's last day). */
export function monthsBefore(iso: string, months: number): string {
  const [year, month, day] = iso.split("-").map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 - months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, last));
  return target.toISOString().slice(0, 10);
}

/** The default period on `today`: the last three months up to and including today. */
export const defaultPeriod = (today: string): Period => ({ from: monthsBefore(today, DEFAULT_PERIOD_MONTHS), to: today });

/**
 * A period from query parameters `from` and `to` (the API's and the page URL's are the same): empty
 * ends take the default's, a date that is no date or an end before the start is refused (the invoice
 * filter's rule), and so is a period longer than a year (`to` `period_too_long`).
 */
export function parsePeriod(params: URLSearchParams, today: string): Parsed<Period> {
  const get = (name: string): string | undefined => params.get(name)?.trim() || undefined;
  const from = get("from");
  const to = get("to");
  const errors = dateRangeErrors(from, to);
  if (errors.length > 0) return { ok: false, errors };
  const fallback = defaultPeriod(to && isIsoDate(to) ? to : today);
  const period = { from: from ?? fallback.from, to: to ?? (from && from > today ? from : today) };
  if (period.from > period.to) return { ok: false, errors: [{ field: "to", code: "before_from" }] };
  if (dayNumber(period.to) - dayNumber(period.from) > MAX_PERIOD_DAYS) return { ok: false, errors: [{ field: "to", code: "period_too_long" }] };
  return { ok: true, value: period };
}

/** A delivery day of an account's route: the weekday (0 Sunday … 6 Saturday) and the driver's window. */
export type DeliverySlot = { weekday: number; from: string; to: string };

const weekdayOf = (day: number): number => (day + 4) % 7; // day 0 of the epoch (1970-01-01) was a Thursday

/**
 * The next delivery on the account's delivery days: today while today's window has not yet closed
 * (`time`, HH:MM in the Netherlands), else the first delivery day after; null without a delivery day.
 */
export function nextDeliverySlot(today: string, time: string, slots: readonly DeliverySlot[]): { date: string; slot: DeliverySlot } | null {
  const start = dayNumber(today);
  for (let offset = 0; offset <= 7; offset++) {
    const slot = slots.find((candidate) => candidate.weekday === weekdayOf(start + offset));
    if (slot && (offset > 0 || time < slot.to)) return { date: fromDayNumber(start + offset), slot };
  }
  return null;
}

/** The latest of the weekdays on or before `date` (a delivery invoice is written on or after its delivery). */
export function deliveryDayOnOrBefore(date: string, weekdays: readonly number[]): string | null {
  const start = dayNumber(date);
  for (let offset = 0; offset < 7; offset++) if (weekdays.includes(weekdayOf(start - offset))) return fromDayNumber(start - offset);
  return null;
}

/** The time of day (HH:MM) in the Netherlands, where the driver's windows are planned. */
export const timeOfDay = (now: Date): string =>
  new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Amsterdam", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(now);

/** The days from `today` to a delivery's date: 0 today, 1 tomorrow. */
export const daysUntil = (today: string, date: string): number => dayNumber(date) - dayNumber(today);

/** The deliveries screen opened on one delivery (a link from its invoice). */
export const deliveryHref = (number: string, lang: Lang): string =>
  `${screenHref("deliveries", lang)}?levering=${encodeURIComponent(number)}`;

/** The invoices screen searched for the invoice of a delivery (the invoice list's own search). */
export const invoiceHref = (invoiceNumber: string, lang: Lang): string =>
  `${screenHref("invoices", lang)}?q=${encodeURIComponent(invoiceNumber)}`;

/** How many units a delivery brought in all. */
export const unitCount = (delivery: Pick<Delivery, "lines">): number => delivery.lines.reduce((sum, line) => sum + line.quantity, 0);
