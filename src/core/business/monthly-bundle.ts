/**
 * When the monthly bundle goes out and what it covers: on the first working day of a month (Monday
 * to Friday, not a Dutch public holiday), the whole previous month. Dates are yyyy-mm-dd in Europe/Amsterdam.
 */

const iso = (date: Date): string => date.toISOString().slice(0, 10);
const utc = (year: number, month: number, day: number): Date => new Date(Date.UTC(year, month - 1, day));

/** Easter Sunday of a year (the anonymous Gregorian algorithm): Easter Monday, Ascension and Whit Monday follow from it. */
function easter(year: number): Date {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return utc(year, month, day);
}

const plusDays = (date: Date, days: number): Date => new Date(date.getTime() + days * 86_400_000);

/** The Dutch public holidays that close offices (Liberation Day only in lustrum years, as most collective agreements). */
export function dutchHolidays(year: number): Set<string> {
  const sunday = easter(year);
  const kingsDay = utc(year, 4, 27).getUTCDay() === 0 ? utc(year, 4, 26) : utc(year, 4, 27);
  const days = [utc(year, 1, 1), plusDays(sunday, 1), kingsDay, plusDays(sunday, 39), plusDays(sunday, 50), utc(year, 12, 25), utc(year, 12, 26)];
  if (year % 5 === 0) days.push(utc(year, 5, 5));
  return new Set(days.map(iso));
}

/** The first working day of a month: its first weekday that is not a public holiday. */
export function firstWorkingDay(year: number, month: number): string {
  const holidays = dutchHolidays(year);
  for (let day = 1; ; day++) {
    const date = utc(year, month, day);
    const weekday = date.getUTCDay();
    if (weekday !== 0 && weekday !== 6 && !holidays.has(iso(date))) return iso(date);
  }
}

export const isFirstWorkingDay = (today: string): boolean =>
  firstWorkingDay(Number(today.slice(0, 4)), Number(today.slice(5, 7))) === today;

/** The month before `today`'s: its first and last day and its yyyy-mm. */
export function previousMonth(today: string): { from: string; to: string; month: string } {
  const first = utc(Number(today.slice(0, 4)), Number(today.slice(5, 7)), 1);
  const last = plusDays(first, -1);
  const from = iso(utc(last.getUTCFullYear(), last.getUTCMonth() + 1, 1));
  return { from, to: iso(last), month: from.slice(0, 7) };
}

/**
 * The invoices screen with the month's filter and everything in it selected (`select=period`): the
 * mail's link. Signing in comes first when needed; the page then offers the ZIP in one click.
 */
export const bundlePagePath = (period: { from: string; to: string }): string =>
  `/mijn-account/facturen?from=${period.from}&to=${period.to}&select=period`;
