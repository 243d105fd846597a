import { formatInstant, instantParts } from "../format.ts";
import type { Lang } from "../i18n/locale.ts";
import { memoByKey } from "../memo.ts";

/** The machine-readable form for <time datetime>; remembered, as `formatInstant` is, for the build's many cards. */
export const isoDate: (iso: string) => string = memoByKey(50_000, (iso) => iso, (iso) => new Date(iso).toISOString());

/**
 * The days from `first` to `last` as readers write them, naming a shared month or year once:
 * "3 t/m 12 maart 2026", "27 februari t/m 3 maart 2026" / "March 3–12, 2026", "February 27 to
 * March 3, 2026" (words, not a second dash, after the dash in a page title); one day is that date.
 * Dates and month names are the product's one formatter's (`../format.ts`).
 */
export function formatDateRange(first: string, last: string, lang: Lang): string {
  const from = instantParts(first, lang);
  const to = instantParts(last, lang);
  const sameYear = from.year === to.year;
  const sameMonth = sameYear && from.month === to.month;
  if (sameMonth && from.day === to.day) return formatInstant(last, lang);
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
