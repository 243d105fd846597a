import { useState } from "react";
import type { Delivery } from "../../../core/api/schemas/business.ts";
import { todayIso } from "../../../core/business/contract-term.ts";
import { daysUntil } from "../../../core/business/deliveries.ts";
import { formatDay } from "../../../core/format.ts";
import type { Lang } from "../../../core/i18n/locale.ts";
import { useT } from "../../shell/use-t.ts";
import { Block } from "../../shared/Block.tsx";
import { useBusinessApi, useBusinessResource } from "../../shared/use-business-api.ts";
import { hasAnswered } from "../../../core/stores/resource.ts";
import { PeriodFilter, replaceSearch, usePeriodInUrl } from "../PeriodFilter.tsx";
import { DeliveryCard, DeliveryLines } from "./DeliveryCard.tsx";
import "./deliveries.css";

/** The one delivery asked in the page URL (`?levering=`, from its invoice). */
const numberFromUrl = (): string | undefined => new URLSearchParams(window.location.search).get("levering")?.trim() || undefined;

/** The next delivery with its window, one delivery opened from its invoice, and the history of a period. */
export function DeliveriesPage({ lang }: { lang: Lang }) {
  const t = useT(lang);
  const { calls } = useBusinessApi(lang);
  const [asked, choosePeriod] = usePeriodInUrl();
  const [number, setNumber] = useState(numberFromUrl);
  const list = useBusinessResource(lang, (calls) => calls.deliveries(asked), asked);

  function showAll() {
    setNumber(undefined);
    replaceSearch((params) => params.delete("levering"));
  }

  return (
    <div className="kp-container kp-biz" data-page="deliveries">
      <h1>{t("daily.deliveries.title")}</h1>
      <p className="kp-intro">{t("daily.deliveries.intro")}</p>
      <Block lang={lang} name="next-delivery" title={t("daily.deliveries.next")} state={list.state} onRetry={list.reload} isEmpty={(data) => data.next === null} empty={t("daily.deliveries.noNext")}>
        {(data) => data.next && <NextDelivery lang={lang} delivery={data.next} />}
      </Block>
      {number && <OneDelivery lang={lang} number={number} onShowAll={showAll} />}
      {hasAnswered(list.state) && (
        <section className="kp-deliveries" aria-labelledby="kp-deliveries-history">
          <h2 id="kp-deliveries-history">{t("daily.deliveries.history")}</h2>
          <PeriodFilter lang={lang} idPrefix="kp-delivery" period={list.state.status === "ready" ? list.state.data : undefined} asked={asked} onChange={choosePeriod} />
          <Block lang={lang} name="deliveries" state={list.state} onRetry={list.reload} lines={6} isEmpty={(data) => data.items.length === 0} empty={t("daily.deliveries.empty")}>
            {(data) => (
              <ul className="kp-deliveries__list">
                {data.items.map((delivery) => (
                  <li key={delivery.number}>
                    <DeliveryCard lang={lang} delivery={delivery} calls={calls} />
                  </li>
                ))}
              </ul>
            )}
          </Block>
        </section>
      )}
    </div>
  );
}

/** The next delivery: its day, how soon, its time window and the standing order it brings. */
export function NextDelivery({ lang, delivery, withLines = true }: { lang: Lang; delivery: Delivery; withLines?: boolean }) {
  const t = useT(lang);
  const days = daysUntil(todayIso(), delivery.date);
  const soon = days === 0 ? t("daily.deliveries.today") : days === 1 ? t("daily.deliveries.tomorrow") : t("daily.deliveries.inDays", { count: days });
  return (
    <div className="kp-next-delivery" data-next-delivery={delivery.date}>
      <p className="kp-next-delivery__when">
        <strong>{formatDay(delivery.date, lang, "weekday")}</strong> <span>({soon})</span>
        <br />
        <span data-window>{t("daily.deliveries.window", { from: delivery.windowFrom, to: delivery.windowTo })}</span>
      </p>
      {withLines && delivery.lines.length > 0 && (
        <>
          <h3 className="kp-next-delivery__heading">{t("daily.deliveries.expected")}</h3>
          <DeliveryLines lang={lang} delivery={delivery} caption={t("daily.deliveries.expected")} />
        </>
      )}
    </div>
  );
}

/** The delivery an invoice linked to, loaded by its number whatever the period. */
function OneDelivery({ lang, number, onShowAll }: { lang: Lang; number: string; onShowAll: () => void }) {
  const t = useT(lang);
  const { calls } = useBusinessApi(lang);
  const one = useBusinessResource(lang, (calls) => calls.delivery(number), number);
  return (
    <Block
      lang={lang}
      name="delivery"
      title={t("daily.deliveries.one", { number })}
      state={one.state}
      onRetry={one.reload}
      actions={
        <button type="button" className="kp-link-button" onClick={onShowAll}>
          {t("daily.deliveries.showAll")}
        </button>
      }
      isEmpty={() => false}
    >
      {(delivery) => <DeliveryCard lang={lang} delivery={delivery} calls={calls} open />}
    </Block>
  );
}
