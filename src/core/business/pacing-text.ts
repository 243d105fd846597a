import type { MessageKey } from "../i18n/index.ts";
import type { Lang } from "../i18n/locale.ts";
import { formatDay, formatMoney } from "../format.ts";
import { formatHl, formatPeriod } from "./format.ts";
import type { Pacing, TierForecast } from "./pacing.ts";

type Translate = (key: MessageKey, vars?: Record<string, string | number>) => string;

/** The quarters not yet settled as a list: "Q2 2026 en Q3 2026". */
const periodList = (pacing: Pacing, lang: Lang): string =>
  new Intl.ListFormat(lang === "en" ? "en-GB" : "nl-NL", { type: "conjunction" }).format(pacing.unsettled.map(formatPeriod));

/** What to do about quarters bought in but not yet settled, or null when there are none (or the headline says it already). */
export function unsettledNote(pacing: Pacing, lang: Lang, t: Translate): string | null {
  if (pacing.unsettled.length === 0 || (pacing.nextTier && reachedInUnsettled(pacing, pacing.nextTier))) return null;
  return t("steer.pacing.unsettled", { periods: periodList(pacing, lang) });
}

/** Even the slow pace reaches the tier before today: in quarters bought in but not yet settled. */
const reachedInUnsettled = (pacing: Pacing, forecast: TierForecast): forecast is TierForecast & { reachTo: string } =>
  forecast.status === "on_pace" && !!forecast.reachTo && forecast.reachTo < pacing.today && pacing.unsettled.length > 0;

const tierName = (t: Translate, forecast: Pick<TierForecast, "tierId">): string => t(`biz.tier.${forecast.tierId}`);

/** What a tier's forecast says in one sentence: when it is reached at this pace, or how far short it stays. */
export function tierSentence(pacing: Pacing, forecast: TierForecast, year: number, lang: Lang, t: Translate): string {
  const tier = tierName(t, forecast);
  const date = (iso: string): string => formatDay(iso, lang, "long");
  // A reach date already past lies in quarters bought in but not yet settled: say so, and what to do.
  if (reachedInUnsettled(pacing, forecast)) {
    return t("steer.pacing.already", { tier, date: date(forecast.reachTo), periods: periodList(pacing, lang) });
  }
  switch (forecast.status) {
    case "reached":
      return t("steer.pacing.when.reached");
    case "unknown":
      return t("steer.pacing.noData", { year });
    case "on_pace":
      return forecast.reachFrom === forecast.reachTo || !forecast.reachFrom
        ? t("steer.pacing.onPaceOneDay", { tier, date: date(forecast.reachTo ?? "") })
        : t("steer.pacing.onPace", { tier, from: date(forecast.reachFrom), to: date(forecast.reachTo ?? "") });
    case "possible":
      // The fast pace's date may lie in quarters bought in but not yet settled: never "around" a day already past.
      return t(forecast.reachFrom && forecast.reachFrom < pacing.today ? "steer.pacing.possibleAlready" : "steer.pacing.possible", {
        tier,
        from: date(forecast.reachFrom ?? ""),
        short: formatHl(forecast.shortfallHl.max, lang),
      });
    case "out_of_reach":
      return forecast.contractEndsFirst
        ? t("steer.pacing.contractEnds", { tier, date: date(pacing.horizon) })
        : forecast.shortfallHl.min === forecast.shortfallHl.max
          ? t("steer.pacing.outOfReachOne", { tier, year, hl: formatHl(forecast.shortfallHl.max, lang) })
          : t("steer.pacing.outOfReach", { tier, year, min: formatHl(forecast.shortfallHl.min, lang), max: formatHl(forecast.shortfallHl.max, lang) });
  }
}

/** The headline of the pacing: the next tier's sentence, or that the top is reached. */
export function pacingHeadline(pacing: Pacing, year: number, lang: Lang, t: Translate): string {
  if (pacing.nextTier) return tierSentence(pacing, pacing.nextTier, year, lang, t);
  const top = pacing.tiers.at(-1);
  return top ? t("steer.pacing.topReached", { tier: tierName(t, top), year }) : "";
}

/** The year's bonus at this pace as a band, or null without a forecast. */
export const pacingBonus = (pacing: Pacing, year: number, lang: Lang, t: Translate): string | null =>
  pacing.yearBonus ? t("steer.pacing.bonus", { year, amount: moneyBand(pacing.yearBonus, lang, t) }) : null;

/** An amount band in euros, one amount where both ends meet. */
export const moneyBand = (band: { low: number; high: number }, lang: Lang, t: Translate): string =>
  band.low === band.high ? formatMoney(band.low, lang) : t("steer.pacing.short.range", { min: formatMoney(band.low, lang), max: formatMoney(band.high, lang) });

/** A tier's row in the table: when, and how far short at the end of the horizon. */
export function tierCells(forecast: TierForecast, year: number, lang: Lang, t: Translate): { when: string; short: string } {
  const date = (iso: string): string => formatDay(iso, lang, "long");
  const when =
    forecast.status === "reached"
      ? t("steer.pacing.when.reached")
      : forecast.status === "unknown"
        ? t("steer.pacing.when.unknown")
        : forecast.reachFrom && forecast.reachTo
          ? forecast.reachFrom === forecast.reachTo
            ? date(forecast.reachFrom)
            : t("steer.pacing.when.range", { from: date(forecast.reachFrom), to: date(forecast.reachTo) })
          : forecast.reachFrom
            ? t("steer.pacing.when.from", { from: date(forecast.reachFrom) })
            : t("steer.pacing.when.notThisYear", { year });
  const { min, max } = forecast.shortfallHl;
  const short =
    forecast.status === "unknown"
      ? "–"
      : max === 0
        ? t("steer.pacing.short.none")
        : min === max
          ? formatHl(max, lang)
          : t("steer.pacing.short.range", { min: formatHl(min, lang), max: formatHl(max, lang) });
  return { when, short };
}
