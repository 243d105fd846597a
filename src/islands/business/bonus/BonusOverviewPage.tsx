import { useState } from "react";
import type { BonusClaim, BonusOverview, BonusTierId } from "../../../core/api/schemas/business.ts";
import { claimYears, yearSummary } from "../../../core/business/bonus-summary.ts";
import { openClaimPeriods } from "../../../core/business/claim-periods.ts";
import { isUnderReview } from "../../../core/business/claim-standing.ts";
import { todayIso } from "../../../core/business/contract-term.ts";
import { formatDate, formatHl, formatMoney, formatPeriod } from "../../../core/business/format.ts";
import { localizedPath, type Lang } from "../../../core/i18n/locale.ts";
import { useT } from "../../shell/use-t.ts";
import { Block } from "../../shared/Block.tsx";
import { useBusinessResource } from "../../shared/use-business-api.ts";
import { TierChart } from "./TierChart.tsx";
import { pacingFromClaims } from "../../../core/business/pacing.ts";
import { PacingPanel } from "../../shared/PacingPanel.tsx";

/** Bonus settlements per period, and a year's volume against the tiers (chart plus tables). */
export function BonusOverviewPage({ lang }: { lang: Lang }) {
  const t = useT(lang);
  const overview = useBusinessResource(lang, (calls) => calls.claims());
  return (
    <div className="kp-container kp-biz" data-page="bonus-overview">
      <div className="kp-biz-heading">
        <h1>{t("biz.bonus.title")}</h1>
        <a className="kp-button kp-button--primary" href={localizedPath(lang, "/bonus")}>
          {t("biz.bonus.apply")}
        </a>
      </div>
      <p className="kp-intro">{t("biz.bonus.intro")}</p>
      <Block lang={lang} name="bonus" state={overview.state} onRetry={overview.reload} lines={8}>
        {(data) => <Overview lang={lang} data={data} />}
      </Block>
    </div>
  );
}

function Overview({ lang, data }: { lang: Lang; data: BonusOverview }) {
  const t = useT(lang);
  const today = todayIso();
  const currentYear = Number(today.slice(0, 4));
  // Ended quarters still open to a claim with nothing claimed: offered here, not only in the tool.
  const unclaimed = openClaimPeriods(today, new Set(data.items.map((claim) => claim.period)));
  // One list, newest period first: the claims and, in their place, the quarters still to claim.
  const rows: (BonusClaim | string)[] = [...data.items, ...unclaimed].sort((a, b) =>
    (typeof b === "string" ? b : b.period).localeCompare(typeof a === "string" ? a : a.period),
  );
  const years = claimYears(data.items);
  if (!years.includes(currentYear)) years.unshift(currentYear);
  // This year by default; a year without claims yet falls back to the latest year that has some.
  const [year, setYear] = useState(() => (data.items.some((c) => c.period.startsWith(String(currentYear))) ? currentYear : (years[1] ?? currentYear)));
  const summary = yearSummary(data.items, data.tiers, year);
  const tierName = (id: BonusTierId) => t(`biz.tier.${id}`);

  return (
    <>
      <section className="kp-biz-section" aria-labelledby="kp-bonus-year">
        <div className="kp-biz-heading">
          <h2 id="kp-bonus-year">{t("biz.bonus.yearVolume", { year })}</h2>
          <label className="kp-biz-inline">
            {t("biz.bonus.year")}
            <select value={year} onChange={(event) => setYear(Number(event.target.value))}>
              {years.map((y) => (
                <option key={y} value={y}>
                  {y}
                </option>
              ))}
            </select>
          </label>
        </div>
        <dl className="kp-biz-facts">
          <div>
            <dt>{t("biz.bonus.yearVolume", { year })}</dt>
            <dd data-fact="volume">{formatHl(summary.volumeHl, lang)}</dd>
          </div>
          {summary.underReviewHl > 0 && (
            <div data-under-review>
              <dt>{t("biz.bonus.underReview")}</dt>
              <dd data-fact="under-review">{formatHl(summary.underReviewHl, lang)}</dd>
            </div>
          )}
          <div>
            <dt>{t("biz.bonus.tierReached")}</dt>
            <dd data-fact="tier">{tierName(summary.tier.id)}</dd>
          </div>
          <div>
            <dt>{t("biz.bonus.yearBonus", { year })}</dt>
            <dd data-fact="bonus">{formatMoney(summary.bonusAmount, lang)}</dd>
          </div>
          <div>
            <dt>{summary.nextTier ? tierName(summary.nextTier.id) : t("biz.bonus.tierReached")}</dt>
            <dd>
              {summary.nextTier && summary.toNextHl !== null
                ? t("biz.bonus.toNext", { hl: formatHl(summary.toNextHl, lang), tier: tierName(summary.nextTier.id) })
                : t("biz.bonus.topTier")}
            </dd>
          </div>
        </dl>
        <p className="kp-field__hint" data-note="recorded">
          {summary.underReviewHl > 0
            ? t("biz.bonus.underReviewNote", { hl: formatHl(summary.underReviewHl, lang) })
            : t("biz.bonus.recordedNote")}
        </p>
        <TierChart lang={lang} summary={summary} tiers={data.tiers} />
      </section>
      <PacingPanel lang={lang} pacing={pacingFromClaims(data.items, data.tiers, todayIso())} year={currentYear} />

      <section className="kp-biz-section" aria-labelledby="kp-bonus-settlements">
        <h2 id="kp-bonus-settlements">{t("biz.bonus.settlements")}</h2>
        {data.items.length === 0 && unclaimed.length === 0 ? (
          <p className="kp-empty" data-empty="settlements">
            {t("biz.bonus.empty")}
          </p>
        ) : (
          <div
            className="kp-table-wrap"
            // Focusable: where the table is wider than its block it scrolls sideways, and keyboard users must be able to scroll it (WCAG 2.1.1).
            tabIndex={0}
            role="region"
            aria-labelledby="kp-bonus-settlements"
          >
            <table className="kp-table" data-table="settlements">
              <caption className="kp-sr-only">{t("biz.bonus.settlements")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("biz.bonus.col.period")}</th>
                  <th scope="col">{t("biz.bonus.col.status")}</th>
                  <th scope="col" className="kp-num">
                    {t("biz.bonus.col.volume")}
                  </th>
                  <th scope="col">{t("biz.bonus.col.tier")}</th>
                  <th scope="col" className="kp-num">
                    {t("biz.bonus.col.bonus")}
                  </th>
                  <th scope="col">{t("biz.bonus.col.paidOut")}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) =>
                  typeof row === "string" ? (
                    <tr key={row} data-period={row} data-unclaimed>
                      <th scope="row">{formatPeriod(row)}</th>
                      <td data-label={t("biz.bonus.col.status")}>{t("biz.bonus.unclaimed")}</td>
                      <td className="kp-num" data-label={t("biz.bonus.col.volume")}>
                        —
                      </td>
                      <td data-label={t("biz.bonus.col.tier")}>—</td>
                      <td className="kp-num kp-table__main" data-label={t("biz.bonus.col.bonus")}>
                        <a
                          className="kp-button"
                          href={`${localizedPath(lang, "/bonus/periode")}?periode=${row}`}
                          aria-label={t("biz.bonus.claimPeriodLabel", { period: formatPeriod(row) })}
                        >
                          {t("biz.bonus.claimPeriod")}
                        </a>
                      </td>
                      <td data-label={t("biz.bonus.col.paidOut")}>—</td>
                    </tr>
                  ) : (
                    <tr key={row.id} data-period={row.period}>
                      <th scope="row">{formatPeriod(row.period)}</th>
                      <td data-label={t("biz.bonus.col.status")}>
                        <span className={`kp-badge kp-badge--${row.status}`}>{t(`biz.bonusStatus.${row.status}`)}</span>
                      </td>
                      <td className="kp-num" data-label={t("biz.bonus.col.volume")}>
                        {formatHl(row.volumeHl, lang)}
                      </td>
                      {/* Under review nothing is earned yet: no tier, no amount until the supplier approves. */}
                      <td data-label={t("biz.bonus.col.tier")}>{isUnderReview(row) ? "—" : tierName(row.tierId)}</td>
                      <td className="kp-num kp-table__main" data-label={t("biz.bonus.col.bonus")}>
                        {isUnderReview(row) ? t("biz.bonus.notYetKnown") : formatMoney(row.bonusAmount, lang)}
                      </td>
                      <td data-label={t("biz.bonus.col.paidOut")}>{row.paidOutDate ? formatDate(row.paidOutDate, lang) : "—"}</td>
                    </tr>
                  ),
                )}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
