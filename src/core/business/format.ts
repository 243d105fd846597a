import { formatNumber } from "../format.ts";
import type { Lang } from "../i18n/locale.ts";

/**
 * The business units on top of the product's one formatter (`../format.ts`, which writes money,
 * numbers and dates): volumes in hectolitres, file sizes and quarters.
 */

/** Hectolitres with one decimal: `1.234,5 hl`. */
export const formatHl = (value: number, lang: Lang): string => `${formatNumber(value, lang, 1)} hl`;

/** A file size: bytes below 1 KB, else KB or MB with one decimal. */
export function formatFileSize(bytes: number, lang: Lang): string {
  if (bytes < 1024) return `${formatNumber(bytes, lang)} B`;
  if (bytes < 1024 * 1024) return `${formatNumber(bytes / 1024, lang, 1)} KB`;
  return `${formatNumber(bytes / (1024 * 1024), lang, 1)} MB`;
}

/** A period `2026-Q2` as people write it: `Q2 2026` (both languages use Q). */
export const formatPeriod = (period: string): string => `${period.slice(5)} ${period.slice(0, 4)}`;
