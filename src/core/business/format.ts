import type { Lang } from "../i18n/locale.ts";

/**
 * Locale formatting of business figures: money in euro, dates, volumes and file sizes, Dutch
 * (1.234,56) or English (1,234.56). Formatters are cached per language: building one is slow.
 */
const intlLocale = (lang: Lang): string => (lang === "en" ? "en-GB" : "nl-NL");

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let formatter = cache.get(key) as T | undefined;
  if (!formatter) {
    formatter = make();
    cache.set(key, formatter);
  }
  return formatter;
}

/** Cents as euros: `€ 1.234,56` (nl), `€1,234.56` (en); credit amounts keep their minus sign. */
export const formatMoney = (cents: number, lang: Lang): string =>
  cached(`money-${lang}`, () => new Intl.NumberFormat(intlLocale(lang), { style: "currency", currency: "EUR" })).format(cents / 100);

/** An ISO date (yyyy-mm-dd) as a short date: `15-11-2026` (nl), `15/11/2026` (en). Read in UTC so it never shifts a day. */
export const formatDate = (isoDate: string, lang: Lang): string =>
  cached(`date-${lang}`, () => new Intl.DateTimeFormat(intlLocale(lang), { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "UTC" })).format(
    new Date(`${isoDate.slice(0, 10)}T00:00:00Z`),
  );

/** An ISO date as a long date: `15 november 2026`, `15 November 2026`. */
export const formatLongDate = (isoDate: string, lang: Lang): string =>
  cached(`longdate-${lang}`, () => new Intl.DateTimeFormat(intlLocale(lang), { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" })).format(
    new Date(`${isoDate.slice(0, 10)}T00:00:00Z`),
  );

/** A number with up to `digits` decimals, grouped per locale. */
export const formatNumber = (value: number, lang: Lang, digits = 0): string =>
  cached(`number-${lang}-${digits}`, () => new Intl.NumberFormat(intlLocale(lang), { maximumFractionDigits: digits })).format(value);

/** Hectolitres with one decimal: `1.234,5 hl`. */
export const formatHl = (value: number, lang: Lang): string => `${formatNumber(value, lang, 1)} hl`;

/** A file size: bytes below 1 KB, else KB or MB with one decimal. */
export function formatFileSize(bytes: number, lang: Lang): string {
  if (bytes < 1024) return `${formatNumber(bytes, lang)} B`;
  if (bytes < 1024 * 1024) return `${formatNumber(bytes / 1024, lang, 1)} KB`;
  return `${formatNumber(bytes / (1024 * 1024), lang, 1)} MB`;
}

/** A period `2026-Q2` as people write it: `Q2 2026` (both languages use Q). */
export const formatPeriod = (period: string): string => `${period.slice(5)} ${period.slice(0, 4)}`;
