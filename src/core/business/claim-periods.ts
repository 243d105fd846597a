import { claimablePeriods, periodOf, periodRange } from "./bonus-periods.ts";

/** The quarters a claim can be made for on `today` that have none yet, newest first. */
export const openClaimPeriods = (today: string, taken: ReadonlySet<string>): string[] =>
  claimablePeriods(today).filter((period) => !taken.has(period));

/**
 * When a claim can next be made once every open quarter is claimed: the current quarter, from the day
 * after it ends.
 */
export function nextClaimOpening(today: string): { period: string; from: string } {
  const period = periodOf(today);
  const end = new Date(`${periodRange(period).end}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() + 1);
  return { period, from: end.toISOString().slice(0, 10) };
}
