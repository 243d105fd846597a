import type { SalesContract } from "../../../core/api/schemas/business.ts";
import type { BusinessApi } from "../../../core/business/api.ts";
import { contractTime, volumeProgress } from "../../../core/business/contract-progress.ts";
import { formatRemaining, todayIso } from "../../../core/business/contract-term.ts";
import { formatHl, formatLongDate, formatNumber } from "../../../core/business/format.ts";
import type { Lang } from "../../../core/i18n/locale.ts";
import { useT } from "../../shell/use-t.ts";
import { DocumentTable } from "../../shared/DocumentTable.tsx";
import { Block } from "../../shared/Block.tsx";
import { useBusinessApi, useBusinessResource } from "../../shared/use-business-api.ts";
import { VolumeChart } from "./VolumeChart.tsx";
import { ContractPacing } from "./ContractPacing.tsx";

/** The sales contract: number, dates, term and time left, agreed against actual volumes, documents. */
export function SalesContractPage({ lang }: { lang: Lang }) {
  const t = useT(lang);
  const { calls } = useBusinessApi(lang);
  // The API answers null for an account without a contract; keep that apart from a 403 (also null).
  const contract = useBusinessResource<{ contract: SalesContract | null }>(lang, async (calls) => {
    const answer = await calls.salesContract();
    return answer === null ? { contract: null } : { contract: answer };
  });
  return (
    <div className="kp-container kp-biz" data-page="sales-contract">
      <h1>{t("biz.swo.title")}</h1>
      <p className="kp-intro">{t("biz.swo.intro")}</p>
      <Block lang={lang} name="contract" state={contract.state} onRetry={contract.reload} lines={6} isEmpty={(data) => !data.contract} empty={t("biz.swo.none")}>
        {({ contract: data }) => data && <Contract lang={lang} contract={data} calls={calls} />}
      </Block>
    </div>
  );
}

function Contract({ lang, contract, calls }: { lang: Lang; contract: SalesContract; calls: BusinessApi }) {
  const t = useT(lang);
  const time = contractTime(contract, todayIso());
  const volumes = volumeProgress(contract.volumes, time.elapsed);
  const remaining = time.ended ? t("biz.swo.ended") : time.notStarted ? t("biz.swo.notStarted") : formatRemaining(time, lang);
  return (
    <>
      <dl className="kp-biz-facts" data-contract={contract.salescontractnumber}>
        <div>
          <dt>{t("biz.swo.number")}</dt>
          <dd data-fact="number" data-figure="contract-number">{contract.salescontractnumber}</dd>
        </div>
        <div>
          <dt>{t("biz.swo.start")}</dt>
          <dd data-fact="start" data-figure="contract-start">{formatLongDate(contract.startdate, lang)}</dd>
        </div>
        <div>
          <dt>{t("biz.swo.end")}</dt>
          <dd data-fact="end" data-figure="contract-end">{formatLongDate(contract.enddate, lang)}</dd>
        </div>
        <div>
          <dt>{t("biz.swo.duration")}</dt>
          <dd data-fact="duration" data-figure="contract-duration">{t("biz.swo.months", { months: contract.duration })}</dd>
        </div>
        <div>
          <dt>{t("biz.swo.remaining")}</dt>
          <dd data-fact="remaining" data-figure="contract-remaining">{remaining}</dd>
        </div>
      </dl>
      <div className="kp-biz-progress">
        <progress max={100} value={Math.round(time.elapsed * 100)} aria-labelledby="kp-swo-elapsed" />
        <span id="kp-swo-elapsed">{t("biz.swo.elapsed", { percent: Math.round(time.elapsed * 100) })}</span>
      </div>

      <section className="kp-biz-section" aria-labelledby="kp-swo-volumes">
        <h2 id="kp-swo-volumes">{t("biz.swo.volumes")}</h2>
        <VolumeChart lang={lang} volumes={volumes} />
        {/* Focusable: where the table is wider than its block it scrolls sideways, and keyboard users must be able to scroll it (WCAG 2.1.1). */}
        <div className="kp-table-wrap" tabIndex={0} role="region" aria-labelledby="kp-swo-volumes">
          <table className="kp-table" data-table="volumes">
            <caption className="kp-sr-only">{t("biz.swo.volumes")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("biz.swo.col.group")}</th>
                <th scope="col" className="kp-num">
                  {t("biz.swo.col.agreed")}
                </th>
                <th scope="col" className="kp-num">
                  {t("biz.swo.col.actual")}
                </th>
                <th scope="col" className="kp-num">
                  {t("biz.swo.col.share")}
                </th>
                <th scope="col" className="kp-num">
                  {t("biz.swo.col.expected")}
                </th>
                <th scope="col">{t("biz.bonus.col.status")}</th>
              </tr>
            </thead>
            <tbody>
              {volumes.map((volume) => (
                <tr key={volume.group} data-group={volume.group}>
                  <th scope="row">{t(`biz.group.${volume.group}`)}</th>
                  <td className="kp-num" data-label={t("biz.swo.col.agreed")}>
                    {formatHl(volume.agreedHl, lang)}
                  </td>
                  <td className="kp-num" data-label={t("biz.swo.col.actual")}>
                    {formatHl(volume.actualHl, lang)}
                  </td>
                  <td className="kp-num" data-label={t("biz.swo.col.share")}>
                    {formatNumber(volume.share * 100, lang)}%
                  </td>
                  <td className="kp-num" data-label={t("biz.swo.col.expected")}>
                    {formatHl(volume.expectedHl, lang)}
                  </td>
                  <td className="kp-table__main">
                    <span className={`kp-badge kp-badge--${volume.onTrack ? "paid" : "overdue"}`}>
                      {volume.onTrack ? t("biz.swo.onTrack") : t("biz.swo.behind")}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <ContractPacing lang={lang} contract={contract} />

      <section className="kp-biz-section" aria-labelledby="kp-swo-documents">
        <h2 id="kp-swo-documents">{t("biz.swo.documents")}</h2>
        {contract.documents.length === 0 ? (
          <p className="kp-empty">{t("biz.swo.noDocuments")}</p>
        ) : (
          <DocumentTable lang={lang} items={contract.documents} calls={calls} />
        )}
      </section>
    </>
  );
}
