import { useState } from "react";
import { INVOICE_SORT_KEYS, type Invoice, type InvoiceQuery, type InvoiceSortKey } from "../../../core/api/schemas/business.ts";
import type { BusinessApi } from "../../../core/business/api.ts";
import { formatDay, formatMoney } from "../../../core/format.ts";
import { todayIso } from "../../../core/business/contract-term.ts";
import { withSort } from "../../../core/business/invoice-filters.ts";
import { invoiceBadge } from "../../../core/business/invoice-status.ts";
import { deliveryHref } from "../../../core/business/deliveries.ts";
import type { Lang } from "../../../core/i18n/locale.ts";
import { useT } from "../../shell/use-t.ts";
import { saveBlob } from "../../shared/download.ts";
import { InvoiceSelectBox } from "./InvoiceSelectBox.tsx";
import { PayButton } from "../payment/PayButton.tsx";
import { InvoiceFileLinks, invoiceFileName, type InvoiceFileKind } from "./InvoiceFileLinks.tsx";

type Props = {
  lang: Lang;
  items: Invoice[];
  query: InvoiceQuery;
  onChange: (next: InvoiceQuery) => void;
  busy: boolean;
  calls: BusinessApi;
  /** The actions bar's selection: a box per row (locked while everything in the period is selected). */
  selection?: { isSelected: (invoice: Invoice) => boolean; onToggle: (invoice: Invoice) => void; locked: boolean };
};

const NUMERIC: ReadonlySet<InvoiceSortKey> = new Set(["amountExclVat", "amountInclVat"]);

/** The invoice table; every column header is a sort button announcing the current order (aria-sort). */
export function InvoiceTable({ lang, items, query, onChange, busy, calls, selection }: Props) {
  const t = useT(lang);
  const [failed, setFailed] = useState<string | undefined>();
  const column = (key: InvoiceSortKey) => t(`biz.invoices.col.${key}`);
  // The badge follows the due date and today, never the status word the list came with (it ages).
  const today = todayIso();

  async function download(invoice: Invoice, kind: InvoiceFileKind) {
    setFailed(undefined);
    try {
      const blob = await (kind === "pdf" ? calls.invoicePdf(invoice.id) : calls.invoiceUbl(invoice.id));
      if (blob) saveBlob(blob, invoiceFileName(invoice, kind, lang));
      else setFailed(invoice.id);
    } catch {
      setFailed(invoice.id);
    }
  }

  return (
    <div className="kp-table-wrap">
      {failed && (
        <p className="kp-alert kp-alert--error" role="alert">
          {t("biz.downloadFailed")}
        </p>
      )}
      <table className="kp-table" aria-busy={busy}>
        <caption className="kp-sr-only">
          {t("biz.invoices.caption", { column: column(query.sort), order: t(`biz.invoices.${query.order}`) })}
        </caption>
        <thead>
          <tr>
            {INVOICE_SORT_KEYS.map((key) => {
              const active = query.sort === key;
              return (
                <th
                  key={key}
                  scope="col"
                  className={NUMERIC.has(key) ? "kp-num" : undefined}
                  aria-sort={active ? (query.order === "asc" ? "ascending" : "descending") : undefined}
                >
                  <button
                    type="button"
                    className="kp-sort"
                    data-sort={key}
                    onClick={() => onChange(withSort(query, key))}
                    aria-label={t("biz.invoices.sortBy", { column: column(key) })}
                  >
                    {column(key)}
                    <span aria-hidden="true" className="kp-sort__icon">
                      {active ? (query.order === "asc" ? "▲" : "▼") : "↕"}
                    </span>
                  </button>
                </th>
              );
            })}
            {/* An action column: its name is for screen readers; the links say what they are. */}
            <th scope="col">
              <span className="kp-sr-only">{t("biz.invoices.col.pdf")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((invoice) => (
            <tr key={invoice.id} data-invoice={invoice.number}>
              <th scope="row">
                {selection ? (
                  <InvoiceSelectBox lang={lang} invoice={invoice} checked={selection.isSelected(invoice)} disabled={selection.locked} onToggle={selection.onToggle} />
                ) : (
                  invoice.number
                )}
              </th>
              <td data-label={column("invoiceDate")}>{formatDay(invoice.invoiceDate, lang)}</td>
              <td data-label={column("dueDate")}>{formatDay(invoice.dueDate, lang)}</td>
              <td className="kp-num" data-label={column("amountExclVat")}>
                {formatMoney(invoice.amountExclVat, lang)}
              </td>
              <td className="kp-num" data-label={column("amountInclVat")}>
                {formatMoney(invoice.amountInclVat, lang)}
              </td>
              <td className="kp-table__main">
                <span className={`kp-badge kp-badge--${invoiceBadge(invoice, today)}`}>{t(`biz.invoiceStatus.${invoiceBadge(invoice, today)}`)}</span>
              </td>
              <td data-label={column("type")}>
                {invoice.deliveryNumber ? (
                  // The delivery this invoice bills, one click away: its type names it.
                  <a
                    href={deliveryHref(invoice.deliveryNumber, lang)}
                    aria-label={t("daily.invoices.deliveryLabel", { number: invoice.number })}
                    data-delivery-link={invoice.deliveryNumber}
                  >
                    {t(`biz.invoiceType.${invoice.type}`)}
                  </a>
                ) : (
                  t(`biz.invoiceType.${invoice.type}`)
                )}
              </td>
              <td className="kp-table__action">
                <InvoiceFileLinks lang={lang} invoice={invoice} onDownload={(which, kind) => void download(which, kind)} />
                <PayButton lang={lang} invoice={invoice} today={today} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
