import { useMemo } from "react";
import type { OutletsOverview } from "../../../core/api/schemas/business.ts";
import { todayIso } from "../../../core/business/contract-term.ts";
import { formatMoney } from "../../../core/format.ts";
import { outletRows, type OutletRow } from "../../../core/business/outlets.ts";
import { moneyBand, pacingHeadline } from "../../../core/business/pacing-text.ts";
import type { Pacing } from "../../../core/business/pacing.ts";
import type { Lang } from "../../../core/i18n/locale.ts";
import { screenHref } from "../../../core/portal/screens.ts";
import { selectAccount } from "../../../core/stores/selected-account.ts";
import { useT } from "../../shell/use-t.ts";
import { Block } from "../../shared/Block.tsx";
import { useBusinessResource } from "../../shared/use-business-api.ts";
import "./outlets.css";

/** Every outlet side by side: what is owed and overdue, the bonus at this pace, the latest notifications, and totals. */
export function OutletsPage({ lang }: { lang: Lang }) {
  const t = useT(lang);
  // One call for every outlet: it does not follow the selected account.
  const overview = useBusinessResource(lang, (calls) => calls.outlets());
  return (
    <div className="kp-container kp-biz" data-page="outlets">
      <h1>{t("steer.outlets.title")}</h1>
      <p className="kp-intro">{t("steer.outlets.intro")}</p>
      <Block lang={lang} name="outlets" state={overview.state} onRetry={overview.reload} lines={6} isEmpty={(data) => data.outlets.length === 0} empty={t("steer.outlets.empty")}>
        {(data) => <Outlets lang={lang} data={data} />}
      </Block>
    </div>
  );
}

function Outlets({ lang, data }: { lang: Lang; data: OutletsOverview }) {
  const t = useT(lang);
  const today = todayIso();
  const year = Number(today.slice(0, 4));
  const { rows, totals } = useMemo(() => outletRows(data, today), [data, today]);
  const money = (cents: number): string => formatMoney(cents, lang);
  // "Both" for two, as a reader says it; "all three" from three.
  const scope = (count: number): string =>
    count !== totals.outlets
      ? t("steer.outlets.totalsOf", { count, all: totals.outlets })
      : totals.outlets === 2
        ? t("steer.outlets.totalsBoth")
        : t("steer.outlets.totalsAll", { all: totals.outlets });
  return (
    <>
      <dl className="kp-biz-facts" data-outlets="totals">
        <div>
          <dt>{t("steer.outlets.col.balance")}</dt>
          <dd>
            <span data-figure="outlets-total">{money(totals.owed.total)}</span>
            <small className="kp-outlets__scope">{scope(totals.owedOutlets)}</small>
          </dd>
        </div>
        <div>
          <dt>{t("steer.outlets.col.overdue")}</dt>
          <dd data-figure="outlets-overdue">{money(totals.owed.overdue)}</dd>
        </div>
        {totals.bonus && (
          <div>
            <dt>{t("steer.outlets.col.bonus", { year })}</dt>
            <dd>
              <span data-figure="outlets-bonus">{moneyBand(totals.bonus, lang, t)}</span>
              <small className="kp-outlets__scope">{scope(totals.bonusOutlets)}</small>
            </dd>
          </div>
        )}
        <div>
          <dt>{t("steer.outlets.col.notifications")}</dt>
          <dd data-figure="outlets-unread">{t("steer.outlets.unread", { count: totals.unread })}</dd>
        </div>
      </dl>
      <ul className="kp-outlets" aria-label={t("steer.outlets.title")}>
        {rows.map((row) => (
          <li key={row.accountNumber}>
            <OutletCard lang={lang} row={row} year={year} />
          </li>
        ))}
      </ul>
    </>
  );
}

/** The highest tier the settled volume has reached (the lowest tier starts at 0 hl). */
const reachedTier = (pacing: Pacing) => pacing.tiers.filter((tier) => tier.status === "reached").at(-1)?.tierId ?? "bronze";

function OutletCard({ lang, row, year }: { lang: Lang; row: OutletRow; year: number }) {
  const t = useT(lang);
  const money = (cents: number): string => formatMoney(cents, lang);
  const hidden = <span className="kp-outlets__hidden" title={t("steer.outlets.notVisibleHint")}>{t("steer.outlets.notVisible")}</span>;
  // Opening an outlet makes it the selected account, as the account switcher does, then shows its dashboard.
  const open = (event: React.MouseEvent<HTMLAnchorElement>): void => {
    event.preventDefault();
    selectAccount(row.accountNumber);
    window.location.assign(event.currentTarget.href);
  };
  return (
    <article className="kp-outlets__card" data-outlet={row.accountNumber} aria-labelledby={`kp-outlet-${row.accountNumber}`}>
      <h2 id={`kp-outlet-${row.accountNumber}`} className="kp-outlets__name">
        <a href={screenHref("dashboard", lang)} onClick={open} aria-label={t("steer.outlets.open", { name: row.name })}>
          {row.name}
        </a>
      </h2>
      <p className="kp-outlets__meta">
        {row.city} · {row.accountNumber}
      </p>
      <dl className="kp-outlets__figures">
        <div>
          <dt>{t("steer.outlets.col.balance")}</dt>
          <dd data-figure="outlet-total">{row.owed ? money(row.owed.total) : hidden}</dd>
        </div>
        <div>
          <dt>{t("steer.outlets.col.overdue")}</dt>
          <dd data-figure="outlet-overdue" className={row.owed && row.owed.overdue > 0 ? "kp-outlets__overdue" : undefined}>
            {row.owed ? money(row.owed.overdue) : hidden}
          </dd>
        </div>
        <div>
          <dt>{t("steer.outlets.col.bonus", { year })}</dt>
          <dd data-figure="outlet-bonus">
            {row.pacing ? (
              <>
                <span className="kp-outlets__tier">{t("steer.outlets.tier", { tier: t(`biz.tier.${reachedTier(row.pacing)}`) })}</span>
                {row.pacing.yearBonus && <span className="kp-outlets__band">{moneyBand(row.pacing.yearBonus, lang, t)}</span>}
              </>
            ) : (
              hidden
            )}
          </dd>
        </div>
        <div className="kp-outlets__wide">
          <dt>{t("steer.outlets.col.pace")}</dt>
          <dd data-figure="outlet-pace">{row.pacing ? pacingHeadline(row.pacing, year, lang, t) : hidden}</dd>
        </div>
        <div className="kp-outlets__wide">
          <dt>{t("steer.outlets.col.notifications")}</dt>
          <dd>
            {row.notifications.latest.length === 0 ? (
              t("steer.outlets.noNotifications")
            ) : (
              <>
                <span data-figure="outlet-unread">{t("steer.outlets.unread", { count: row.notifications.unread })}</span>
                <ul className="kp-outlets__notices">
                  {row.notifications.latest.map((item) => (
                    <li key={item.guid} className={item.read ? undefined : "kp-outlets__unread"}>
                      {item.title}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </dd>
        </div>
      </dl>
    </article>
  );
}
