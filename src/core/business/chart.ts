/**
 * Scales for the plain-SVG charts (bonus tiers, contract volumes): a "nice" upper bound, evenly
 * spaced ticks and a linear map from values to pixels. No chart library: the charts are simple
 * bars, and each has a table beside it for screen readers.
 */

/** The smallest 1, 2, 2.5 or 5 × 10ⁿ at or above `value` (at least 1), so axis labels are round. */
export function niceMax(value: number): number {
  if (!(value > 0)) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) {
    if (step * magnitude >= value) return step * magnitude;
  }
  return 10 * magnitude;
}

/** `count` + 1 evenly spaced ticks from 0 to `max`. */
export const ticks = (max: number, count = 4): number[] => Array.from({ length: count + 1 }, (_, i) => (max * i) / count);

/** A linear scale from [0, domainMax] onto [0, size]; values outside are clamped. */
export function linearScale(domainMax: number, size: number): (value: number) => number {
  return (value) => {
    if (domainMax <= 0) return 0;
    return (Math.min(Math.max(value, 0), domainMax) / domainMax) * size;
  };
}
