import { useStore } from "@nanostores/react";
import { useState } from "react";
import type { Delivery } from "../../../core/api/schemas/business.ts";
import type { BusinessApi } from "../../../core/business/api.ts";
import { invoiceHref, unitCount } from "../../../core/business/deliveries.ts";
import { newServiceHref } from "../../../core/business/service.ts";
import { formatDay, formatNumber } from "../../../core/format.ts";
import type { Lang } from "../../../core/i18n/locale.ts";
import { isAllowed } from "../../../core/permissions/index.ts";
import { SCREENS } from "../../../core/portal/screens.ts";
import { $permissions } from "../../../core/stores/selected-account.ts";
import { useT } from "../../shell/use-t.ts";
import { saveBlob } from "../../shared/download.ts";

/** The lines of a delivery as a small table: item, its number, how many. */
export function DeliveryLines({ lang, delivery, caption }: { lang: Lang; delivery: Delivery; caption: string }) {
  const t = useT(lang);
  return (
    <div className="kp-table-wrap">
      <table className="kp-table kp-table--compact">
        <caption className="kp-sr-only">{caption}</caption>
        <thead>
          <tr>
            {/* Two columns, the article number under the name: the table stays a table on a 320 px phone. */}
            <th scope="col">{t("daily.deliveries.col.item")}</th>
            <th scope="col" className="kp-num">
              {t("daily.deliveries.col.quantity")}
            </th>
          </tr>
        </thead>
        <tbody>
          {delivery.lines.map((line) => (
            <tr key={line.productId}>
              <th scope="row">
                {line.name}
                <small className="kp-delivery__article">
                  {t("daily.deliveries.col.article")} {line.articleNumber}
                </small>
              </th>
              <td className="kp-num">{formatNumber(line.quantity, lang)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * One delivered delivery: its lines, its delivery note as a PDF and the link to its invoice (for a
 * person who may open invoices). `open` unfolds it, as when its invoice linked here.
 */
export function DeliveryCard({ lang, delivery, calls, open = false }: { lang: Lang; delivery: Delivery; calls: BusinessApi; open?: boolean }) {
  const t = useT(lang);
  const held = useStore($permissions);
  const [failed, setFailed] = useState(false);
  const mayOpenInvoices = isAllowed(SCREENS.invoices.permissions, held);
  const date = formatDay(delivery.date, lang, "long");

  async function downloadNote() {
    setFailed(false);
    try {
      const blob = await calls.deliveryNote(delivery.number);
      if (blob) saveBlob(blob, `${lang === "en" ? "delivery-note" : "pakbon"}-${delivery.number}.pdf`);
      else setFailed(true);
    } catch {
      setFailed(true);
    }
  }

  return (
    <details className="kp-delivery" open={open} data-delivery={delivery.number}>
      <summary>
        <span className="kp-delivery__date">{date}</span>
        <span className="kp-delivery__meta">
          {t("daily.deliveries.summary", { number: delivery.number, units: formatNumber(unitCount(delivery), lang) })}
        </span>
      </summary>
      <div className="kp-delivery__body">
        <DeliveryLines lang={lang} delivery={delivery} caption={t("daily.deliveries.lines", { date })} />
        <p className="kp-delivery__actions">
          <button type="button" className="kp-button" onClick={() => void downloadNote()} aria-label={t("daily.deliveries.noteLabel", { number: delivery.number })}>
            {t("daily.deliveries.note")}
          </button>
          {delivery.invoice ? (
            mayOpenInvoices && (
              <a href={invoiceHref(delivery.invoice.number, lang)} data-invoice-link={delivery.invoice.number}>
                {t("daily.deliveries.invoice", { number: delivery.invoice.number })}
              </a>
            )
          ) : (
            <span className="kp-muted">{t("daily.deliveries.noInvoice")}</span>
          )}
          <a
            href={newServiceHref(lang, { type: "delivery", number: delivery.number })}
            aria-label={t("service.raiseLabel", { reference: t("service.ref.delivery", { number: delivery.number }) })}
            data-raise="delivery"
          >
            {t("service.raise")}
          </a>
        </p>
        {failed && (
          <p className="kp-alert kp-alert--error" role="alert">
            {t("biz.downloadFailed")}
          </p>
        )}
      </div>
    </details>
  );
}
