import { LIMITS } from "./cache-names.ts";

/** `navigator.storage.estimate()`'s answer; either field may be missing in some browsers. */
export type StorageEstimate = { usage?: number | undefined; quota?: number | undefined };

/**
 * Whether background caching may add roughly `nextBytes` more: the origin stays under a fixed byte
 * cap and under a share of its quota. An unknown usage counts as nothing and an unknown quota leaves
 * the byte cap alone; the entry limits per cache still bound what is kept.
 */
export function hasRoomFor(
  estimate: StorageEstimate,
  nextBytes: number,
  limits: { maxUsageBytes: number; maxQuotaShare: number } = LIMITS,
): boolean {
  const usage = estimate.usage ?? 0;
  const after = usage + nextBytes;
  if (after > limits.maxUsageBytes) return false;
  if (estimate.quota !== undefined && after > estimate.quota * limits.maxQuotaShare) return false;
  return true;
}
