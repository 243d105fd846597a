import type { ContractVolume, SalesContract } from "../api/schemas/business.ts";
import { monthsAndDays } from "./contract-term.ts";

const DAY = 86_400_000;
const toTime = (isoDate: string): number => Date.parse(`${isoDate}T00:00:00Z`);
const dayAfter = (isoDate: string): string => new Date(toTime(isoDate) + DAY).toISOString().slice(0, 10);

type ContractTime = {
  /** Whole calendar months and the days after them left until the end date, which is the contract's last day; zeros once ended. */
  months: number;
  days: number;
  ended: boolean;
  notStarted: boolean;
  /** Share of the contract's days gone by on `today`, 0..1. */
  elapsed: number;
};

/**
 * How much of the contract has run and what is left, on `today` (ISO date, see `todayIso`). The one
 * calculation of the remaining term: every screen that shows it reads it from here.
 */
export function contractTime(contract: Pick<SalesContract, "startdate" | "enddate">, today: string): ContractTime {
  const start = toTime(contract.startdate);
  const endExclusive = dayAfter(contract.enddate);
  const end = toTime(endExclusive);
  const now = toTime(today);
  const elapsed = Math.min(1, Math.max(0, (now - start) / (end - start)));
  const left = monthsAndDays(today, endExclusive);
  if (now >= end || !left) return { months: 0, days: 0, ended: true, notStarted: false, elapsed: 1 };
  return { ...left, ended: false, notStarted: now < start, elapsed };
}

export type VolumeProgress = ContractVolume & {
  /** actual / agreed, 0.. (may pass 1). */
  share: number;
  /** The pro-rata volume expected by now: agreed × elapsed. */
  expectedHl: number;
  onTrack: boolean;
};

/** Each agreed volume with how far it is and whether it keeps pace with the contract's time. */
export function volumeProgress(volumes: readonly ContractVolume[], elapsed: number): VolumeProgress[] {
  return volumes.map((volume) => {
    const expectedHl = Math.round(volume.agreedHl * elapsed * 10) / 10;
    return {
      ...volume,
      share: volume.agreedHl > 0 ? volume.actualHl / volume.agreedHl : 0,
      expectedHl,
      onTrack: volume.actualHl >= expectedHl,
    };
  });
}
