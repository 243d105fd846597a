import { useId } from "react";
import { formatHl, formatLongDate, formatNumber } from "../../core/business/format.ts";
import type { Pacing } from "../../core/business/pacing.ts";
import { pacingBonus, pacingHeadline, tierCells, tierSentence, unsettledNote } from "../../core/business/pacing-text.ts";
import type { Lang } from "../../core/i18n/locale.ts";
import { useT } from "../shell/use-t.ts";
import "./pacing.css";

/**
 * The pace to the next bonus tier: the headline sentence, the year's bonus at this pace as a band,
 * submitted volume apart, a bar of the year's volume against the tiers (HTML, so its labels keep
 * their size on a phone) with the same figures as a table, and how the forecast is made.
 */
export function PacingPanel({ lang, pacing, year, level = 2 }: { lang: Lang; pacing: Pacing; year: number; level?: 2 | 3 }) {
  const t = useT(lang);
  const id = useId();
  const Heading = level === 2 ? "h2" : "h3";
  const Sub = level === 2 ? "h3" : "h4";
  const headline = pacingHeadline(pacing, year, lang, t);
  const bonus = pacingBonus(pacing, year, lang, t);
  const unsettled = unsettledNote(pacing, lang, t);
  const later = pacing.tiers.filter((tier) => tier !== pacing.nextTier && tier.status !== "reached" && tier.status !== "unknown");
  const top = pacing.tiers.at(-1)?.minHl ?? 0;
  const scale = Math.max(1, top * 1.15, (pacing.yearVolumeHl?.high ?? 0) * 1.05, pacing.volumeHl * 1.05);
  const share = (hl: number): string => `${Math.min(100, (hl / scale) * 100).toFixed(2)}%`;
  const method = pacing.method === "season" ? "steer.pacing.methodSeason" : "steer.pacing.methodQuarter";
  return (
    <section className="kp-pacing" aria-labelledby={`${id}-title`} data-pacing="panel">
      <Heading id={`${id}-title`}>{t("steer.pacing.title")}</Heading>
      <p className="kp-pacing__headline" data-pacing="headline">
        {headline}
      </p>
      {later.map((tier) => (
        <p key={tier.tierId} className="kp-pacing__later">
          {tierSentence(pacing, tier, year, lang, t)}
        </p>
      ))}
      {unsettled && (
        <p className="kp-pacing__pending" data-pacing="unsettled">
          {unsettled}
        </p>
      )}
      {bonus && (
        <p className="kp-pacing__bonus" data-pacing="bonus">
          {bonus}
        </p>
      )}
      {pacing.pendingHl > 0 && (
        <p className="kp-pacing__pending" data-pacing="pending">
          {t("steer.pacing.pending", { hl: formatHl(pacing.pendingHl, lang) })}
        </p>
      )}
      {pacing.yearVolumeHl && (
        <div
          className="kp-pacing__bar"
          role="img"
          aria-label={t("steer.pacing.chartLabel", {
            year,
            hl: formatHl(pacing.volumeHl, lang),
            low: formatHl(pacing.yearVolumeHl.low, lang),
            high: formatHl(pacing.yearVolumeHl.high, lang),
          })}
        >
          <div className="kp-pacing__track">
            <span className="kp-pacing__band" style={{ left: share(pacing.yearVolumeHl.low), width: `calc(${share(pacing.yearVolumeHl.high)} - ${share(pacing.yearVolumeHl.low)})` }} />
            <span className="kp-pacing__fill" style={{ width: share(pacing.volumeHl) }} />
            {pacing.tiers
              .filter((tier) => tier.minHl > 0)
              .map((tier) => (
                <span key={tier.tierId} className="kp-pacing__mark" style={{ left: share(tier.minHl) }}>
                  <span className="kp-pacing__mark-label">
                    {t(`biz.tier.${tier.tierId}`)} {formatNumber(tier.minHl, lang)}
                  </span>
                </span>
              ))}
          </div>
          <p className="kp-pacing__legend" aria-hidden="true">
            <span className="kp-pacing__key kp-pacing__key--fill" /> {t("steer.pacing.legendRecorded")}
            <span className="kp-pacing__key kp-pacing__key--band" /> {t("steer.pacing.legendForecast")}
          </p>
        </div>
      )}
      <Sub id={`${id}-table`} className="kp-pacing__subtitle">
        {t("steer.pacing.table")}
      </Sub>
      {/* Focusable: a table wider than its block scrolls sideways, and keyboard users must reach it (WCAG 2.1.1). */}
      <div className="kp-table-wrap" tabIndex={0} role="region" aria-labelledby={`${id}-table`}>
        <table className="kp-table kp-pacing__table" data-pacing="table">
          <caption className="kp-sr-only">{t("steer.pacing.table")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("steer.pacing.col.tier")}</th>
              <th scope="col">{t("steer.pacing.col.from")}</th>
              <th scope="col">{t("steer.pacing.col.when")}</th>
              <th scope="col">{t("steer.pacing.col.short")}</th>
            </tr>
          </thead>
          <tbody>
            {pacing.tiers.map((tier) => {
              const cells = tierCells(tier, year, lang, t);
              return (
                <tr key={tier.tierId} data-tier={tier.tierId}>
                  <th scope="row">{t(`biz.tier.${tier.tierId}`)}</th>
                  <td data-label={t("steer.pacing.col.from")}>{formatHl(tier.minHl, lang)}</td>
                  <td data-label={t("steer.pacing.col.when")}>{cells.when}</td>
                  <td data-label={t("steer.pacing.col.short")}>{cells.short}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {pacing.dataUntil && pacing.method !== "none" && <p className="kp-pacing__method">{t(method, { date: formatLongDate(pacing.dataUntil, lang) })}</p>}
    </section>
  );
}
