import { useStore } from "@nanostores/react";
import { memo, useMemo } from "react";
import type { EmptiesLedger } from "../../core/api/schemas/business.ts";
import { daysUntil } from "../../core/business/deliveries.ts";
import { todayIso } from "../../core/business/contract-term.ts";
import { emptiesSummary } from "../../core/business/empties.ts";
import { formatDay, formatMoney, formatNumber } from "../../core/format.ts";
import { loadMessages } from "../../core/i18n/index.ts";
import type { Lang } from "../../core/i18n/locale.ts";
import { isAllowed } from "../../core/permissions/index.ts";
import { screenHref, SCREENS } from "../../core/portal/screens.ts";
import { $permissions } from "../../core/stores/selected-account.ts";
import { useT } from "../shell/use-t.ts";
import { Block } from "../shared/Block.tsx";
import { useBusinessResource } from "../shared/use-business-api.ts";
import { useResource } from "../shared/use-resource.ts";
import { serviceApi } from "../../core/business/service-api.ts";
import { openRequests, serviceRequestHref } from "../../core/business/service.ts";
import { pluralKey } from "../../core/i18n/locale.ts";
import { StatusBadge } from "../business/service/ServiceBits.tsx";
import "../business/service/service.css";

// Loaded after the dashboard's first paint (React.lazy), with the strings it shares with the deliveries and empties screens.
await loadMessages("business");

/**
 * The dashboard's daily business: the next delivery with its window (for who may open deliveries),
 * the empties held with their deposit value (for who may open the ledger) and the open service
 * requests with the newest of them, each read by the same calls and the same rule as those screens,
 * so the figures are the same.
 */
export default memo(function DailyBlock({ lang }: { lang: Lang }) {
  const t = useT(lang);
  const held = useStore($permissions);
  const showDeliveries = isAllowed(SCREENS.deliveries.permissions, held);
  const showEmpties = isAllowed(SCREENS.empties.permissions, held);
  const showService = isAllowed(SCREENS.service.permissions, held);
  return (
    <section className="kp-block" aria-labelledby="kp-dashboard-daily" data-block="daily">
      <div className="kp-block__header">
        {/* Someone who may open neither deliveries nor empties sees the service requests alone: the heading says so. */}
        <h2 id="kp-dashboard-daily">{t(showDeliveries || showEmpties ? "daily.dashboard.title" : "service.dashboard.title")}</h2>
      </div>
      {showDeliveries && <NextDeliveryLine lang={lang} />}
      {showEmpties && <EmptiesLine lang={lang} />}
      {showService && <ServiceLine lang={lang} />}
    </section>
  );
});

function NextDeliveryLine({ lang }: { lang: Lang }) {
  const t = useT(lang);
  // The deliveries call's default period: the same answer the deliveries screen opens with.
  const list = useBusinessResource(lang, (calls) => calls.deliveries());
  return (
    <Block lang={lang} name="dashboard-next-delivery" state={list.state} onRetry={list.reload} lines={2} isEmpty={(data) => data.next === null} empty={t("daily.dashboard.noDelivery")}>
      {(data) =>
        data.next && (
          <p data-next-delivery={data.next.date}>
            {t("daily.deliveries.next")}:{" "}
            <strong>{formatDay(data.next.date, lang, "weekday")}</strong> ({soon(data.next.date, t)}),{" "}
            {t("daily.deliveries.window", { from: data.next.windowFrom, to: data.next.windowTo })}.{" "}
            <a href={screenHref("deliveries", lang)}>{t("daily.dashboard.deliveries")}</a>
          </p>
        )
      }
    </Block>
  );
}

function soon(date: string, t: ReturnType<typeof useT>): string {
  const days = daysUntil(todayIso(), date);
  return days === 0 ? t("daily.deliveries.today") : days === 1 ? t("daily.deliveries.tomorrow") : t("daily.deliveries.inDays", { count: days });
}

function EmptiesLine({ lang }: { lang: Lang }) {
  // The ledger's default period ends today: its balance is the one the ledger screen opens with.
  const ledger = useBusinessResource(lang, (calls) => calls.empties());
  return (
    <Block lang={lang} name="dashboard-empties" state={ledger.state} onRetry={ledger.reload} lines={2}>
      {(data) => <EmptiesFigures lang={lang} ledger={data} />}
    </Block>
  );
}

function EmptiesFigures({ lang, ledger }: { lang: Lang; ledger: EmptiesLedger }) {
  const t = useT(lang);
  const summary = useMemo(() => emptiesSummary(ledger), [ledger]);
  return (
    <p>
      {t("daily.empties.value")}:{" "}
      <strong data-figure="empties-value">{formatMoney(summary.value, lang)}</strong>{" "}
      {t("daily.dashboard.emptiesUnits", { count: formatNumber(summary.units, lang) })}{" "}
      <a href={screenHref("empties", lang)}>{t("daily.dashboard.empties")}</a>
    </p>
  );
}

/** How many requests still wait on the supplier, and the one that changed last with its status. */
function ServiceLine({ lang }: { lang: Lang }) {
  const t = useT(lang);
  const list = useResource((account, client) => serviceApi(client, account).list(), null, "in-transition");
  return (
    <Block lang={lang} name="dashboard-service" state={list.state} onRetry={list.reload} lines={2}>
      {(data) => {
        const { count, newest } = openRequests(data.items);
        return (
          <p data-open-requests={count}>
            {count === 0 ? t("service.dashboard.none") : `${t(pluralKey(lang, "service.dashboard.open", count), { count })}.`}{" "}
            {newest && (
              <>
                {t("service.dashboard.newest")}{" "}
                <a href={serviceRequestHref(lang, newest.id)} data-newest-request={newest.number}>
                  {t(`service.kind.${newest.kind}`)} {newest.number}
                </a>{" "}
                <StatusBadge lang={lang} status={newest.status} />{" "}
              </>
            )}
            <a href={screenHref("service", lang)}>{t("service.dashboard.all")}</a>
          </p>
        );
      }}
    </Block>
  );
}
