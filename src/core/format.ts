import type { Lang } from "./i18n/locale.ts";
import { memoByKey } from "./memo.ts";

/**
 * How the whole product writes dates and numbers: the portal, the public site and what
 * they share. Dutch as the Netherlands writes it (nl-NL: "3 maart 2026", "€ 1.234,56"); English in
 * one convention, the US one the public site has always used (en-US: "March 3, 2026", "€1,234.56";
 * docs/glossary.md). Building an Intl formatter costs more than using it, so each is built once.
 */
export const formatLocale = (lang: Lang): "nl-NL" | "en-US" => (lang === "en" ? "en-US" : "nl-NL");

/** The business runs in the Netherlands: an instant is shown as its date there, whatever the machine's zone. */
export const SITE_TIME_ZONE = "Europe/Amsterdam";

const built = new Map<string, unknown>();
function once<T>(key: string, make: () => T): T {
  if (!built.has(key)) built.set(key, make());
  return built.get(key) as T;
}

/** Cents as euros: `€ 1.234,56` (nl), `€1,234.56` (en); credit amounts keep their minus sign. */
export const formatMoney = (cents: number, lang: Lang): string =>
  once(`money ${lang}`, () => new Intl.NumberFormat(formatLocale(lang), { style: "currency", currency: "EUR" })).format(cents / 100);

/** A number with up to `digits` decimals, grouped per language: `1.234,5` (nl), `1,234.5` (en). */
export const formatNumber = (value: number, lang: Lang, digits = 0): string =>
  once(`number ${lang} ${digits}`, () => new Intl.NumberFormat(formatLocale(lang), { maximumFractionDigits: digits })).format(value);

const DAY_STYLES = {
  // Dutch tables use the numeric date; English names the month, so 05/11 is never read as 11 May.
  short: { nl: { day: "2-digit", month: "2-digit", year: "numeric" }, en: { day: "numeric", month: "short", year: "numeric" } },
  long: { nl: { day: "numeric", month: "long", year: "numeric" }, en: { day: "numeric", month: "long", year: "numeric" } },
  // A day in the coming week, as a planner says it: "dinsdag 1 december" / "Tuesday, December 1".
  weekday: { nl: { weekday: "long", day: "numeric", month: "long" }, en: { weekday: "long", day: "numeric", month: "long" } },
} as const satisfies Record<string, Record<Lang, Intl.DateTimeFormatOptions>>;

/**
 * A calendar date (yyyy-mm-dd, or the date part of a timestamp the API sends for one): short
 * `05-11-2026` / `Nov 5, 2026` for tables and lists, long `5 november 2026` / `November 5, 2026`
 * for prose. Read in UTC, so it never shifts a day.
 */
export const formatDay = (isoDate: string, lang: Lang, style: keyof typeof DAY_STYLES = "short"): string =>
  once(`day ${style} ${lang}`, () => new Intl.DateTimeFormat(formatLocale(lang), { ...DAY_STYLES[style][lang], timeZone: "UTC" })).format(
    new Date(`${isoDate.slice(0, 10)}T00:00:00Z`),
  );

const instantFormat = (lang: Lang): Intl.DateTimeFormat =>
  once(`instant ${lang}`, () => new Intl.DateTimeFormat(formatLocale(lang), { ...DAY_STYLES.long[lang], timeZone: SITE_TIME_ZONE }));

/**
 * A build shows the same few thousand publication dates on tens of thousands of cards; formatting
 * one is a date parse and a time-zone conversion, so each is remembered.
 */
const INSTANTS_REMEMBERED = 50_000;

/** An instant (a publication time) as its date in the Netherlands: "4 maart 2026" / "March 3, 2026". */
export const formatInstant: (iso: string, lang: Lang) => string = /* @__PURE__ */ memoByKey(
  INSTANTS_REMEMBERED,
  (iso, lang) => `${lang} ${iso}`,
  (iso, lang) => instantFormat(lang).format(new Date(iso)),
);

/** Day, month name and year of an instant in the Netherlands, as `formatInstant` writes them. */
export function instantParts(iso: string, lang: Lang): { day: string; month: string; year: string } {
  const parts = instantFormat(lang).formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes): string => parts.find((entry) => entry.type === type)?.value ?? "";
  return { day: part("day"), month: part("month"), year: part("year") };
}

/** The time of day of an instant in the Netherlands: "14:05" (nl), "2:05 PM" (en). */
export const formatTimeOfDay = (iso: string, lang: Lang): string =>
  once(`time ${lang}`, () => new Intl.DateTimeFormat(formatLocale(lang), { hour: "numeric", minute: "2-digit", timeZone: SITE_TIME_ZONE })).format(new Date(iso));

/** An instant with its time in the Netherlands: "28 november 2026 om 14:00" / "November 28, 2026 at 2:00 PM". */
export const formatDateTime = (iso: string, lang: Lang): string =>
  once(`date-time ${lang}`, () => new Intl.DateTimeFormat(formatLocale(lang), { dateStyle: "long", timeStyle: "short", timeZone: SITE_TIME_ZONE })).format(new Date(iso));
