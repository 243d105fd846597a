import type { SalesContract } from "../../core/api/schemas/business.ts";
import { formatLongDate } from "../../core/business/format.ts";
import { localizedPath, type Lang } from "../../core/i18n/locale.ts";
import { formatRemaining, monthsAndDays, todayIso } from "../../core/portal/remaining.ts";
import { useT } from "../shell/use-t.ts";

/** The sales contract's number, end date and the time it still runs. */
export function ContractSummary({ lang, contract }: { lang: Lang; contract: SalesContract | null }) {
  const t = useT(lang);
  if (!contract) return <p className="kp-block__empty">{t("portal.dashboard.contract.empty")}</p>;
  const span = monthsAndDays(todayIso(), contract.enddate);
  return (
    <>
      <dl className="kp-facts">
        <div>
          <dt>{t("portal.dashboard.contract.number")}</dt>
          <dd>{contract.salescontractnumber}</dd>
        </div>
        <div>
          <dt>{t("portal.dashboard.contract.end")}</dt>
          <dd data-contract-end>{formatLongDate(contract.enddate, lang)}</dd>
        </div>
        <div>
          <dt>{t("portal.dashboard.contract.remaining")}</dt>
          <dd data-contract-remaining>
            {span ? t("portal.dashboard.contract.remainingValue", { duration: formatRemaining(span, lang) }) : t("portal.dashboard.contract.ended")}
          </dd>
        </div>
      </dl>
      <p>
        <a href={localizedPath(lang, "/mijn-account/swo")}>{t("portal.dashboard.contract.more")}</a>
      </p>
    </>
  );
}
