import { contentLocale, type Lang } from "../i18n/locale.ts";

/** The business runs in the Netherlands: dates are shown in its time zone, whatever the build machine's. */
export const SITE_TIME_ZONE = "Europe/Amsterdam";

const formatters = new Map<Lang, Intl.DateTimeFormat>();

/** A publication date as readers expect it: "3 maart 2026" / "March 3, 2026". */
export function formatDate(iso: string, lang: Lang): string {
  let formatter = formatters.get(lang);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(contentLocale(lang), { dateStyle: "long", timeZone: SITE_TIME_ZONE });
    formatters.set(lang, formatter);
  }
  return formatter.format(new Date(iso));
}

/** The machine-readable form for <time datetime>. */
export const isoDate = (iso: string): string => new Date(iso).toISOString();
