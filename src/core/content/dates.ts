import { contentLocale, type Lang } from "../i18n/locale.ts";
import { memoByKey } from "../memo.ts";

/** The business runs in the Netherlands: dates are shown in its time zone, whatever the build machine's. */
const SITE_TIME_ZONE = "Europe/Amsterdam";

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per language and style, in the site's time zone: creating one costs more than using it. */
function formatterFor(lang: Lang, style: "long" | "parts"): Intl.DateTimeFormat {
  const key = `${lang} ${style}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    const options: Intl.DateTimeFormatOptions =
      style === "long" ? { dateStyle: "long" } : { day: "numeric", month: "long", year: "numeric" };
    formatter = new Intl.DateTimeFormat(contentLocale(lang), { ...options, timeZone: SITE_TIME_ZONE });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * A build shows the same few thousand publication dates on tens of thousands of cards; formatting
 * one is a date parse and a time-zone conversion, so each is remembered.
 */
const DATES_REMEMBERED = 50_000;

/** A publication date as readers expect it: "3 maart 2026" / "March 3, 2026". */
export const formatDate: (iso: string, lang: Lang) => string = memoByKey(
  DATES_REMEMBERED,
  (iso, lang) => `${lang} ${iso}`,
  (iso, lang) => formatterFor(lang, "long").format(new Date(iso)),
);

/** The machine-readable form for <time datetime>. */
export const isoDate: (iso: string) => string = memoByKey(DATES_REMEMBERED, (iso) => iso, (iso) => new Date(iso).toISOString());

/** Day, month name and year of an instant in the site's time zone. */
function dateParts(iso: string, lang: Lang): { day: string; month: string; year: string } {
  const parts = formatterFor(lang, "parts").formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes): string =>
    parts.find((entry) => entry.type === type)?.value ?? "";
  return { day: part("day"), month: part("month"), year: part("year") };
}

/**
 * The days from `first` to `last` as readers write them, naming a shared month or year once:
 * "3 t/m 12 maart 2026", "27 februari t/m 3 maart 2026" / "March 3–12, 2026", "February 27 to
 * March 3, 2026" (words, not a second dash, after the dash in a page title); one day is that date.
 */
export function formatDateRange(first: string, last: string, lang: Lang): string {
  const from = dateParts(first, lang);
  const to = dateParts(last, lang);
  const sameYear = from.year === to.year;
  const sameMonth = sameYear && from.month === to.month;
  if (sameMonth && from.day === to.day) return formatDate(last, lang);
  if (lang === "nl") {
    const start = sameMonth
      ? from.day
      : sameYear
        ? `${from.day} ${from.month}`
        : `${from.day} ${from.month} ${from.year}`;
    return `${start} t/m ${to.day} ${to.month} ${to.year}`;
  }
  if (sameMonth) return `${from.month} ${from.day}–${to.day}, ${to.year}`;
  return `${from.month} ${from.day}${sameYear ? "" : `, ${from.year}`} to ${to.month} ${to.day}, ${to.year}`;
}
