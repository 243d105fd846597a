import type { SalesContract } from "../../core/api/schemas/business.ts";
import { formatDay } from "../../core/format.ts";
import { localizedPath, type Lang } from "../../core/i18n/locale.ts";
import { contractTime } from "../../core/business/contract-progress.ts";
import { formatRemaining, todayIso } from "../../core/business/contract-term.ts";
import { useT } from "../shell/use-t.ts";

/** The sales contract's number, end date and the time it still runs. */
export function ContractSummary({ lang, contract }: { lang: Lang; contract: SalesContract | null }) {
  const t = useT(lang);
  if (!contract) return <p className="kp-block__empty">{t("portal.dashboard.contract.empty")}</p>;
  const time = contractTime(contract, todayIso());
  return (
    <>
      <dl className="kp-facts">
        <div>
          <dt>{t("portal.dashboard.contract.number")}</dt>
          <dd data-figure="contract-number">{contract.salescontractnumber}</dd>
        </div>
        <div>
          <dt>{t("portal.dashboard.contract.end")}</dt>
          <dd data-contract-end data-figure="contract-end">{formatDay(contract.enddate, lang, "long")}</dd>
        </div>
        <div>
          <dt>{t("portal.dashboard.contract.remaining")}</dt>
          <dd data-contract-remaining data-figure="contract-remaining">
            {time.ended
              ? t("portal.dashboard.contract.ended")
              : time.notStarted
                ? t("portal.dashboard.contract.notStarted")
                : formatRemaining(time, lang)}
          </dd>
        </div>
      </dl>
      <p>
        <a href={localizedPath(lang, "/mijn-account/swo")}>{t("portal.dashboard.contract.more")}</a>
      </p>
    </>
  );
}
