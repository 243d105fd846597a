import { useMemo, useState } from "react";
import type { EmptiesLedger } from "../../../core/api/schemas/business.ts";
import { deliveryHref, invoiceHref } from "../../../core/business/deliveries.ts";
import { emptiesByDelivery, emptiesSummary, type EmptiesVisit } from "../../../core/business/empties.ts";
import { newServiceHref } from "../../../core/business/service.ts";
import { formatDay, formatMoney, formatNumber } from "../../../core/format.ts";
import { pluralKey, type Lang } from "../../../core/i18n/locale.ts";
import { useT } from "../../shell/use-t.ts";
import { Block } from "../../shared/Block.tsx";
import { saveBlob } from "../../shared/download.ts";
import { useBusinessApi, useBusinessResource } from "../../shared/use-business-api.ts";
import { PeriodFilter, usePeriodInUrl } from "../PeriodFilter.tsx";

/** The empties ledger: the balance per kind with its deposit, each delivery's movements, a period filter and the export. */
export function EmptiesPage({ lang }: { lang: Lang }) {
  const t = useT(lang);
  const { account, calls } = useBusinessApi(lang);
  const [asked, choosePeriod] = usePeriodInUrl();
  const ledger = useBusinessResource(lang, (calls) => calls.empties(asked), asked);
  const [exportFailed, setExportFailed] = useState(false);

  async function exportCsv() {
    setExportFailed(false);
    try {
      const blob = await calls.emptiesCsv(asked);
      if (blob) saveBlob(blob, `${lang === "en" ? "empties" : "emballage"}-${account}.csv`);
      else setExportFailed(true);
    } catch {
      setExportFailed(true);
    }
  }

  return (
    <div className="kp-container kp-biz" data-page="empties">
      <h1>{t("daily.empties.title")}</h1>
      <p className="kp-intro">{t("daily.empties.intro")}</p>
      <PeriodFilter lang={lang} idPrefix="kp-empties" period={ledger.state.status === "ready" ? ledger.state.data : undefined} asked={asked} onChange={choosePeriod} />
      <Block lang={lang} name="empties" state={ledger.state} onRetry={ledger.reload} lines={6}>
        {(data) => (
          <>
            <EmptiesBalance lang={lang} ledger={data} />
            <p className="kp-biz-actions">
              <button type="button" className="kp-button" onClick={() => void exportCsv()}>
                {t("daily.empties.export")}
              </button>
            </p>
            {exportFailed && (
              <p className="kp-alert kp-alert--error" role="alert">
                {t("biz.downloadFailed")}
              </p>
            )}
            <h2>{t("daily.empties.movements")}</h2>
            {data.lines.length === 0 ? <p className="kp-empty">{t("daily.empties.empty")}</p> : <EmptiesMovements lang={lang} ledger={data} />}
          </>
        )}
      </Block>
    </div>
  );
}

/** The balance at the period's end: its deposit value and units, then per kind (the same rule as the dashboard's). */
export function EmptiesBalance({ lang, ledger }: { lang: Lang; ledger: EmptiesLedger }) {
  const t = useT(lang);
  const summary = useMemo(() => emptiesSummary(ledger), [ledger]);
  const number = (value: number) => formatNumber(value, lang);
  return (
    <>
      <h2>{t("daily.empties.balance", { date: formatDay(ledger.to, lang, "long") })}</h2>
      <dl className="kp-biz-facts">
        <div>
          <dt>{t("daily.empties.value")}</dt>
          <dd data-figure="empties-value">{formatMoney(summary.value, lang)}</dd>
        </div>
        <div>
          <dt>{t("daily.empties.units")}</dt>
          <dd data-figure="empties-units">{number(summary.units)}</dd>
        </div>
      </dl>
      <div className="kp-table-wrap">
        <table className="kp-table" data-empties="summary">
          <caption className="kp-sr-only">{t("daily.empties.summary")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("daily.empties.col.kind")}</th>
              <th scope="col" className="kp-num">{t("daily.empties.col.opening")}</th>
              <th scope="col" className="kp-num">{t("daily.empties.col.delivered")}</th>
              <th scope="col" className="kp-num">{t("daily.empties.col.returned")}</th>
              <th scope="col" className="kp-num">{t("daily.empties.col.balance")}</th>
              <th scope="col" className="kp-num">{t("daily.empties.col.value")}</th>
            </tr>
          </thead>
          <tbody>
            {summary.rows.map((row) => (
              <tr key={row.kind} data-kind={row.kind}>
                <th scope="row">{t(`daily.emptiesKind.${row.kind}`)}</th>
                <td className="kp-num" data-label={t("daily.empties.col.opening")}>{number(row.opening)}</td>
                <td className="kp-num" data-label={t("daily.empties.col.delivered")}>{number(row.delivered)}</td>
                <td className="kp-num" data-label={t("daily.empties.col.returned")}>{number(row.returned)}</td>
                <td className="kp-num kp-table__main" data-balance>{number(row.balance)}</td>
                <td className="kp-num" data-label={t("daily.empties.col.value")}>
                  {formatMoney(row.value, lang)}
                  <small className="kp-empties__unit"> ({t("daily.empties.perUnit", { amount: formatMoney(row.deposit, lang) })})</small>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** Each delivery's movements, newest first: what it brought and what the driver took back, with links to the delivery and its invoice. */
function EmptiesMovements({ lang, ledger }: { lang: Lang; ledger: EmptiesLedger }) {
  const t = useT(lang);
  const visits = useMemo(() => emptiesByDelivery(ledger.lines), [ledger]);
  const counts = (items: EmptiesVisit["items"], field: "delivered" | "returned"): string => {
    const named = items
      .filter((item) => item[field] > 0)
      .map((item) => t(pluralKey(lang, `daily.emptiesCount.${item.kind}`, item[field]), { count: formatNumber(item[field], lang) }));
    return named.length > 0 ? named.join(", ") : t("daily.empties.nothing");
  };
  return (
    <div className="kp-table-wrap">
      <table className="kp-table" data-empties="lines">
        <caption className="kp-sr-only">{t("daily.empties.movements")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("daily.empties.col.date")}</th>
            <th scope="col">{t("daily.empties.col.delivered")}</th>
            <th scope="col">{t("daily.empties.col.returned")}</th>
            <th scope="col">{t("daily.empties.col.delivery")}</th>
            <th scope="col">{t("daily.empties.col.invoice")}</th>
            <th scope="col">
              <span className="kp-sr-only">{t("service.raise")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {visits.map((visit) => (
            <tr key={visit.deliveryNumber} data-visit={visit.deliveryNumber}>
              <th scope="row">{formatDay(visit.date, lang)}</th>
              <td data-label={t("daily.empties.col.delivered")}>{counts(visit.items, "delivered")}</td>
              <td data-label={t("daily.empties.col.returned")}>{counts(visit.items, "returned")}</td>
              <td data-label={t("daily.empties.col.delivery")}>
                <a href={deliveryHref(visit.deliveryNumber, lang)}>{visit.deliveryNumber}</a>
              </td>
              <td data-label={t("daily.empties.col.invoice")}>
                {visit.invoice ? <a href={invoiceHref(visit.invoice.number, lang)}>{visit.invoice.number}</a> : "–"}
              </td>
              <td className="kp-empties__dispute">
                {/* "Klopt niet": a service request about this delivery's empties, with a note and a photo. */}
                <a
                  href={newServiceHref(lang, { type: "empties", number: visit.deliveryNumber })}
                  aria-label={t("service.disputeLabel", { number: visit.deliveryNumber })}
                  data-dispute={visit.deliveryNumber}
                >
                  {t("service.dispute")}
                </a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
