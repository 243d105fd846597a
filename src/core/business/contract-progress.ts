import type { ContractVolume, SalesContract } from "../api/schemas/business.ts";

const DAY = 86_400_000;
const toTime = (isoDate: string): number => Date.parse(`${isoDate}T00:00:00Z`);

export type ContractTime = {
  /** Whole months and days left until the end date (inclusive); zeros once ended. */
  months: number;
  days: number;
  ended: boolean;
  notStarted: boolean;
  /** Share of the contract's days gone by on `today`, 0..1. */
  elapsed: number;
};

/** How much of the contract has run and what is left, on `today` (ISO date). */
export function contractTime(contract: Pick<SalesContract, "startdate" | "enddate">, today: string): ContractTime {
  const start = toTime(contract.startdate);
  const end = toTime(contract.enddate) + DAY; // the end date is the last day of the contract
  const now = toTime(today);
  const elapsed = Math.min(1, Math.max(0, (now - start) / (end - start)));
  if (now >= end) return { months: 0, days: 0, ended: true, notStarted: false, elapsed: 1 };
  let months = 0;
  const cursor = new Date(now);
  for (;;) {
    const next = new Date(cursor);
    next.setUTCMonth(next.getUTCMonth() + 1);
    if (next.getTime() > end) break;
    cursor.setTime(next.getTime());
    months++;
  }
  const days = Math.round((end - cursor.getTime()) / DAY);
  return { months, days, ended: false, notStarted: now < start, elapsed };
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
