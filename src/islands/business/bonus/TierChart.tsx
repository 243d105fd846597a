import type { BonusTier, BonusTierId } from "../../../core/api/schemas/business.ts";
import type { YearSummary } from "../../../core/business/bonus-summary.ts";
import { linearScale, niceMax, ticks } from "../../../core/business/chart.ts";
import { formatMoney, formatNumber } from "../../../core/format.ts";
import { formatHl, formatPeriod } from "../../../core/business/format.ts";
import type { Lang } from "../../../core/i18n/locale.ts";
import { useT } from "../../shell/use-t.ts";

const WIDTH = 640;
const HEIGHT = 260;
const PAD = { left: 56, right: 90, top: 16, bottom: 32 };

/**
 * The year's cumulative volume per quarter as bars, with a dashed line at each tier's threshold.
 * The SVG is described by a one-line summary; the same figures follow as tables (the text
 * alternative for screen readers, and handy for everyone).
 */
export function TierChart({ lang, summary, tiers }: { lang: Lang; summary: YearSummary; tiers: readonly BonusTier[] }) {
  const t = useT(lang);
  const tierName = (id: BonusTierId) => t(`biz.tier.${id}`);
  const top = niceMax(Math.max(summary.volumeHl, ...tiers.map((tier) => tier.minHl)) * 1.1);
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const y = linearScale(top, plotHeight);
  const slot = plotWidth / summary.quarters.length;
  const titleId = `kp-tier-chart-${summary.year}`;

  return (
    <figure className="kp-biz-chart">
      <figcaption id={titleId}>{t("biz.bonus.chartTitle", { year: summary.year })}</figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={titleId}
        aria-describedby={`${titleId}-summary`}
        data-chart="tiers"
      >
        {ticks(top).map((value) => (
          <g key={value} className="kp-chart__grid">
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={PAD.top + plotHeight - y(value)} y2={PAD.top + plotHeight - y(value)} />
            <text x={PAD.left - 8} y={PAD.top + plotHeight - y(value) + 4} textAnchor="end">
              {formatNumber(value, lang)}
            </text>
          </g>
        ))}
        {summary.quarters.map((quarter, i) => {
          const height = y(quarter.cumulativeHl ?? 0);
          return (
            <g key={quarter.period}>
              {quarter.cumulativeHl !== null && (
                <rect
                  className="kp-chart__bar"
                  x={PAD.left + i * slot + slot * 0.2}
                  width={slot * 0.6}
                  y={PAD.top + plotHeight - height}
                  height={height}
                />
              )}
              <text className="kp-chart__label" x={PAD.left + i * slot + slot / 2} y={HEIGHT - 10} textAnchor="middle">
                {quarter.period.slice(5)}
              </text>
            </g>
          );
        })}
        {tiers.map((tier) => (
          <g key={tier.id} className={`kp-chart__tier kp-chart__tier--${tier.id}`}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={PAD.top + plotHeight - y(tier.minHl)} y2={PAD.top + plotHeight - y(tier.minHl)} />
            <text x={WIDTH - PAD.right + 6} y={PAD.top + plotHeight - y(tier.minHl) + 4}>
              {tierName(tier.id)}
            </text>
          </g>
        ))}
      </svg>
      <p id={`${titleId}-summary`} className="kp-biz-chart__summary">
        {t("biz.bonus.chartSummary", { year: summary.year, hl: formatHl(summary.volumeHl, lang), tier: tierName(summary.tier.id) })}
      </p>
      <div className="kp-biz-chart__tables">
        <table className="kp-table kp-table--compact" data-table="quarters">
          <caption>{t("biz.bonus.chartTable")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("biz.bonus.col.period")}</th>
              <th scope="col" className="kp-num">
                {t("biz.bonus.col.volume")}
              </th>
              <th scope="col" className="kp-num">
                {t("biz.bonus.col.cumulative")}
              </th>
            </tr>
          </thead>
          <tbody>
            {summary.quarters.map((quarter) => (
              <tr key={quarter.period}>
                <th scope="row">{formatPeriod(quarter.period)}</th>
                <td className="kp-num">{quarter.cumulativeHl === null ? "—" : formatHl(quarter.volumeHl, lang)}</td>
                <td className="kp-num">{quarter.cumulativeHl === null ? "—" : formatHl(quarter.cumulativeHl, lang)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <table className="kp-table kp-table--compact" data-table="tiers">
          <caption>{t("biz.bonus.tiersTable")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("biz.bonus.col.tier")}</th>
              <th scope="col" className="kp-num">
                {t("biz.bonus.col.from")}
              </th>
              <th scope="col" className="kp-num">
                {t("biz.bonus.col.rate")}
              </th>
            </tr>
          </thead>
          <tbody>
            {tiers.map((tier) => (
              <tr key={tier.id} aria-current={tier.id === summary.tier.id ? "true" : undefined}>
                <th scope="row">{tierName(tier.id)}</th>
                <td className="kp-num">{formatHl(tier.minHl, lang)}</td>
                <td className="kp-num">{formatMoney(tier.ratePerHl, lang)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
