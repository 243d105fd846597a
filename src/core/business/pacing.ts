import type { BonusClaim, BonusTier, BonusTierId } from "../api/schemas/business.ts";
import { periodOf, periodRange } from "./bonus-periods.ts";
import { isRecorded, isUnderReview } from "./claim-standing.ts";

/**
 * The pace to the next bonus tier: at the rate the customer buys now, when is each tier reached in
 * the bonus year, what is the year's bonus worth, and how far short does a tier stay. A forecast is
 * always a band (the slowest to the fastest plausible pace), never one exact date.
 *
 * Volumes are known per quarter (a claim or settlement per period). The pace is:
 * - `quarter`: the last recorded quarter's daily rate (its 13 weeks) for every day still to come; the
 *   band runs from the slowest to the fastest recorded quarter of the last four;
 * - `season`: once a year of data exists (each quarter still to come was recorded last year), a
 *   quarter to come is last year's same quarter scaled by this year's growth against last year; the
 *   band runs from the lowest to the highest growth of a single quarter.
 * Only recorded volume counts (settled or approved); submitted claims are carried apart as pending.
 */

export type PacingMethod = "none" | "quarter" | "season";

export type PacingInput = {
  /** Today in the Netherlands (todayIso). */
  today: string;
  /** The bonus year (tiers count the calendar year's volume). */
  year: number;
  /** Recorded volume per period (`2026-Q1` → hl), this year's and last year's; a missing period has no data. */
  recorded: Readonly<Record<string, number>>;
  /** Submitted, not yet approved volume of the year: shown apart, never counted. */
  pendingHl: number;
  tiers: readonly BonusTier[];
  /** The sales contract's last day: volume after it does not count. */
  contractEnd?: string | null | undefined;
};

export type TierStatus = "reached" | "on_pace" | "possible" | "out_of_reach" | "unknown";

export type TierForecast = {
  tierId: BonusTierId;
  minHl: number;
  status: TierStatus;
  /** Earliest (fast pace) and latest (slow pace) day the tier is reached; null where that pace does not reach it. */
  reachFrom: string | null;
  reachTo: string | null;
  /** Hectolitres still missing at the end of the horizon: at the fast pace (min) and the slow pace (max). */
  shortfallHl: { min: number; max: number };
  /** The tier is out of reach only because the contract ends first. */
  contractEndsFirst: boolean;
};

export type Pacing = {
  method: PacingMethod;
  /** The day the forecast was made (a reach date before it lies in quarters not yet settled). */
  today: string;
  /** Ended quarters of the year after the last settled one: bought in, not yet claimed or settled. */
  unsettled: string[];
  /** Recorded volume of the year so far, and the last day it covers (null: none yet). */
  volumeHl: number;
  dataUntil: string | null;
  pendingHl: number;
  /** Hectolitres a day at the slow, middle and fast pace (null without data). */
  ratePerDay: { low: number; mid: number; high: number } | null;
  /** The last day that counts: the year's end or the contract's, whichever comes first. */
  horizon: string;
  /** The year's volume at the horizon, per pace. */
  yearVolumeHl: { low: number; mid: number; high: number } | null;
  /** The year's bonus in cents at each pace (the tier rule per quarter). */
  yearBonus: { low: number; mid: number; high: number } | null;
  tiers: TierForecast[];
  /** The next tier not yet reached, if any. */
  nextTier: TierForecast | null;
};

const DAY = 86_400_000;
const time = (iso: string): number => Date.parse(`${iso}T00:00:00Z`);
const iso = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const addDays = (date: string, days: number): string => iso(time(date) + days * DAY);
const daysBetween = (from: string, to: string): number => Math.round((time(to) - time(from)) / DAY) + 1;
const round1 = (value: number): number => Math.round(value * 10) / 10;
const round2 = (value: number): number => Math.round(value * 100) / 100;
const SINGLE_QUARTER_SPREAD = 0.15;

type Pace = "low" | "mid" | "high";
const PACES: readonly Pace[] = ["low", "mid", "high"];

/** The periods of a year, Q1 to Q4. */
const periodsOf = (year: number): string[] => [1, 2, 3, 4].map((q) => `${year}-Q${q}`);
const previousPeriod = (period: string): string => {
  const [year, quarter] = [Number(period.slice(0, 4)), Number(period.slice(6))];
  return quarter === 1 ? `${year - 1}-Q4` : `${year}-Q${quarter - 1}`;
};
const sameQuarterLastYear = (period: string): string => `${Number(period.slice(0, 4)) - 1}${period.slice(4)}`;
const dailyRate = (period: string, volumeHl: number): number => {
  const { start, end } = periodRange(period);
  return volumeHl / daysBetween(start, end);
};

/** The last ended period with recorded volume, at most four back (older data says nothing of the pace now). */
function lastRecorded(recorded: PacingInput["recorded"], today: string): string | null {
  let period = previousPeriod(periodOf(today));
  for (let i = 0; i < 4; i++, period = previousPeriod(period)) if (recorded[period] !== undefined) return period;
  return null;
}

/** Daily volume per pace for each period still to come, or null when there is nothing to go on. */
function paceModel(input: PacingInput, last: string): { method: PacingMethod; rateOf: (period: string) => Record<Pace, number> } {
  const recent: string[] = [];
  for (let period = last, i = 0; i < 4; i++, period = previousPeriod(period)) if (input.recorded[period] !== undefined) recent.push(period);
  const rates = recent.map((period) => dailyRate(period, input.recorded[period] ?? 0));
  const latest = rates[0] ?? 0;
  const quarterPace: Record<Pace, number> =
    rates.length > 1
      ? { low: Math.min(...rates), mid: latest, high: Math.max(...rates) }
      : { low: latest * (1 - SINGLE_QUARTER_SPREAD), mid: latest, high: latest * (1 + SINGLE_QUARTER_SPREAD) };

  // Season: this year's growth over last year, on the recorded quarters that have last year's twin.
  const twins = recent.filter((period) => (input.recorded[sameQuarterLastYear(period)] ?? 0) > 0);
  const toCome = periodsOf(input.year).filter((period) => time(periodRange(period).end) > time(periodRange(last).end));
  const seasonKnown = twins.length > 0 && toCome.every((period) => input.recorded[sameQuarterLastYear(period)] !== undefined);
  if (!seasonKnown) return { method: "quarter", rateOf: () => quarterPace };
  const growths = twins.map((period) => (input.recorded[period] ?? 0) / (input.recorded[sameQuarterLastYear(period)] ?? 1));
  const total = (periods: string[], shift: (p: string) => string): number => periods.reduce((sum, p) => sum + (input.recorded[shift(p)] ?? 0), 0);
  const mid = total(twins, (p) => p) / total(twins, sameQuarterLastYear);
  // One quarter's growth alone is no band: widen it as a single quarter's pace is widened.
  const growth: Record<Pace, number> =
    growths.length > 1
      ? { low: Math.min(...growths), mid, high: Math.max(...growths) }
      : { low: mid * (1 - SINGLE_QUARTER_SPREAD), mid, high: mid * (1 + SINGLE_QUARTER_SPREAD) };
  return {
    method: "season",
    rateOf: (period) => {
      const lastYear = dailyRate(period, input.recorded[sameQuarterLastYear(period)] ?? 0);
      return { low: lastYear * growth.low, mid: lastYear * growth.mid, high: lastYear * growth.high };
    },
  };
}

/** One day-by-quarter walk of the projection at one pace: the reach date of each level and the quarters' volumes. */
function project(
  input: PacingInput,
  start: string,
  horizon: string,
  rateOf: (period: string) => number,
  recordedSoFar: number,
): { reachDates: Map<number, string>; total: number; quarterVolumes: Map<string, number> } {
  const levels = [...input.tiers].map((tier) => tier.minHl).sort((a, b) => a - b);
  const reachDates = new Map<number, string>();
  const quarterVolumes = new Map<string, number>();
  let cumulative = recordedSoFar;
  for (let day = start; time(day) <= time(horizon); ) {
    const period = periodOf(day);
    const periodEnd = periodRange(period).end;
    const until = time(periodEnd) < time(horizon) ? periodEnd : horizon;
    const days = daysBetween(day, until);
    const rate = rateOf(period);
    for (const level of levels) {
      if (reachDates.has(level) || rate <= 0) continue;
      const needed = level - cumulative;
      if (needed <= 0) continue;
      const daysNeeded = Math.ceil(needed / rate - 1e-9);
      if (daysNeeded <= days) reachDates.set(level, addDays(day, daysNeeded - 1));
    }
    cumulative += rate * days;
    quarterVolumes.set(period, (quarterVolumes.get(period) ?? 0) + rate * days);
    day = addDays(until, 1);
  }
  return { reachDates, total: cumulative, quarterVolumes };
}

/** The year's bonus: each quarter's volume at the rate of the tier its year-to-date volume reaches. */
function yearBonus(tiers: readonly BonusTier[], quarterVolumes: ReadonlyMap<string, number>, year: number): number {
  const sorted = [...tiers].sort((a, b) => a.minHl - b.minHl);
  let cumulative = 0;
  let cents = 0;
  for (const period of periodsOf(year)) {
    const volume = quarterVolumes.get(period) ?? 0;
    cumulative += volume;
    const tier = sorted.filter((t) => cumulative >= t.minHl).at(-1);
    cents += Math.round(volume * (tier?.ratePerHl ?? 0));
  }
  return cents;
}

/** The pacing of the bonus year on `today`. */
export function pacing(input: PacingInput): Pacing {
  const yearEnd = `${input.year}-12-31`;
  const horizon = input.contractEnd && time(input.contractEnd) < time(yearEnd) ? input.contractEnd : yearEnd;
  const thisYear = periodsOf(input.year);
  const volumeHl = round1(thisYear.reduce((sum, period) => sum + (input.recorded[period] ?? 0), 0));
  const tiersSorted = [...input.tiers].sort((a, b) => a.minHl - b.minHl);
  const last = lastRecorded(input.recorded, input.today);
  const lastInYear = [...thisYear].reverse().find((period) => input.recorded[period] !== undefined) ?? null;
  const dataUntil = lastInYear ? periodRange(lastInYear).end : null;

  const ended = thisYear.filter((period) => time(periodRange(period).end) < time(input.today));
  const base = {
    today: input.today,
    unsettled: ended.filter((period) => !lastInYear || period > lastInYear),
    volumeHl,
    dataUntil,
    pendingHl: round1(input.pendingHl),
    horizon,
  };
  if (!last) {
    const tiers = tiersSorted.map((tier): TierForecast => {
      const reached = volumeHl >= tier.minHl;
      const missing = round1(Math.max(0, tier.minHl - volumeHl));
      return { tierId: tier.id, minHl: tier.minHl, status: reached ? "reached" : "unknown", reachFrom: null, reachTo: null, shortfallHl: { min: missing, max: missing }, contractEndsFirst: false };
    });
    return { ...base, method: "none", ratePerDay: null, yearVolumeHl: null, yearBonus: null, tiers, nextTier: tiers.find((t) => t.status !== "reached") ?? null };
  }

  const model = paceModel(input, last);
  // The projection starts the day after the last recorded day, and never before the year does.
  const afterData = addDays(periodRange(last).end, 1);
  const start = time(afterData) > time(`${input.year}-01-01`) ? afterData : `${input.year}-01-01`;
  const runs = Object.fromEntries(
    PACES.map((pace) => {
      const run = project(input, start, horizon, (period) => model.rateOf(period)[pace], volumeHl);
      const quarters = new Map(run.quarterVolumes);
      for (const period of thisYear) if (input.recorded[period] !== undefined) quarters.set(period, input.recorded[period] ?? 0);
      return [pace, { ...run, bonus: yearBonus(input.tiers, quarters, input.year) }];
    }),
  ) as Record<Pace, ReturnType<typeof project> & { bonus: number }>;
  // Without the contract's end, would the slow pace have reached the tier by the year's end?
  const withoutContractEnd = horizon === yearEnd ? null : project(input, start, yearEnd, (period) => model.rateOf(period).high, volumeHl);

  const tiers = tiersSorted.map((tier): TierForecast => {
    const shortfall = (total: number): number => round1(Math.max(0, tier.minHl - total));
    const common = { tierId: tier.id, minHl: tier.minHl, contractEndsFirst: false };
    if (volumeHl >= tier.minHl) return { ...common, status: "reached", reachFrom: null, reachTo: null, shortfallHl: { min: 0, max: 0 } };
    const reachFrom = runs.high.reachDates.get(tier.minHl) ?? null;
    const reachTo = runs.low.reachDates.get(tier.minHl) ?? null;
    const status: TierStatus = reachTo ? "on_pace" : reachFrom ? "possible" : "out_of_reach";
    return {
      ...common,
      status,
      reachFrom,
      reachTo,
      shortfallHl: { min: shortfall(runs.high.total), max: shortfall(runs.low.total) },
      contractEndsFirst: status === "out_of_reach" && !!withoutContractEnd?.reachDates.has(tier.minHl),
    };
  });
  const rates = model.rateOf(periodOf(start));
  return {
    ...base,
    method: model.method,
    ratePerDay: { low: round2(rates.low), mid: round2(rates.mid), high: round2(rates.high) },
    yearVolumeHl: { low: round1(runs.low.total), mid: round1(runs.mid.total), high: round1(runs.high.total) },
    yearBonus: { low: runs.low.bonus, mid: runs.mid.bonus, high: runs.high.bonus },
    tiers,
    nextTier: tiers.find((t) => t.status !== "reached") ?? null,
  };
}

/** The pacing of today's bonus year from an account's claims (the bonus overview's, or the outlets call's). */
export function pacingFromClaims(
  claims: readonly Pick<BonusClaim, "period" | "status" | "volumeHl">[],
  tiers: readonly BonusTier[],
  today: string,
  contractEnd?: string | null,
): Pacing {
  const year = Number(today.slice(0, 4));
  const recorded: Record<string, number> = {};
  let pendingHl = 0;
  for (const claim of claims) {
    // The supplier's checked volume counts; what is under review is carried apart (claim-standing.ts).
    if (isRecorded(claim)) recorded[claim.period] = (recorded[claim.period] ?? 0) + claim.volumeHl;
    else if (isUnderReview(claim) && claim.period.startsWith(String(year))) pendingHl += claim.volumeHl;
  }
  return pacing({ today, year, recorded, pendingHl, tiers, contractEnd });
}
