/** First and last day of a period `2026-Q2` as ISO dates. */
export function periodRange(period: string): { start: string; end: string } {
  const match = /^(\d{4})-Q([1-4])$/.exec(period);
  if (!match) throw new RangeError(`Not a period: ${period}`);
  const year = Number(match[1]);
  const quarter = Number(match[2]);
  const startMonth = (quarter - 1) * 3;
  const start = new Date(Date.UTC(year, startMonth, 1));
  const end = new Date(Date.UTC(year, startMonth + 3, 0));
  return { start: start.toISOString().slice(0, 10), end: end.toISOString().slice(0, 10) };
}

/** The period a date falls in. */
export function periodOf(isoDate: string): string {
  const year = isoDate.slice(0, 4);
  const month = Number(isoDate.slice(5, 7));
  return `${year}-Q${Math.ceil(month / 3)}`;
}

/** How many ended quarters back a claim may still be made. */
export const CLAIMABLE_QUARTERS = 4;

/** The periods a claim can be made for on `today`: the last ended quarters, newest first. */
export function claimablePeriods(today: string): string[] {
  const periods: string[] = [];
  let year = Number(today.slice(0, 4));
  let quarter = Math.ceil(Number(today.slice(5, 7)) / 3);
  for (let i = 0; i < CLAIMABLE_QUARTERS; i++) {
    quarter -= 1;
    if (quarter === 0) {
      quarter = 4;
      year -= 1;
    }
    periods.push(`${year}-Q${quarter}`);
  }
  return periods;
}
