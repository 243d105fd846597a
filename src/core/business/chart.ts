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

/**
 * The geometry of a horizontal bar chart in SVG units, drawn at the width it is shown (so a unit is a
 * pixel, or close): labels beside the bars where there is room, above them on a phone. `fontSize`
 * is in the same units.
 */
export type BarChartLayout = {
  width: number;
  fontSize: number;
  pad: { left: number; right: number; top: number; bottom: number };
  /** The height of one bar's row, its label included when it sits above the bar. */
  row: number;
  labelAbove: boolean;
};

/** Below this many pixels the labels go above the bars (a phone), at or above it beside them. */
const LABELS_BESIDE_FROM = 520;

/**
 * The volume chart's layout for the width it gets: the SVG is drawn `width` units wide at exactly that
 * width, so its text keeps `fontSize` px on every screen (the review measured 6 px at 390 px when a
 * 640-unit drawing was shrunk to fit).
 */
export function barChartLayout(shownWidth: number): BarChartLayout {
  const width = Math.max(240, Math.round(shownWidth));
  return width < LABELS_BESIDE_FROM
    ? { width, fontSize: 13, pad: { left: 4, right: 12, top: 30, bottom: 28 }, row: 56, labelAbove: true }
    : { width, fontSize: 13, pad: { left: 150, right: 24, top: 30, bottom: 28 }, row: 44, labelAbove: false };
}

/** How large the chart's text shows, in CSS px, when the drawing is `shownWidth` px wide. */
export const shownTextPx = (layout: BarChartLayout, shownWidth: number): number => (layout.fontSize * shownWidth) / layout.width;
