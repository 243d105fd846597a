import type { InvoiceList } from "../../core/api/schemas/business.ts";
import { formatDay, formatMoney } from "../../core/format.ts";
import { invoiceHref } from "../../core/business/invoice-link.ts";
import { todayIso } from "../../core/business/contract-term.ts";
import { invoiceBadge } from "../../core/business/invoice-status.ts";
import { outstanding } from "../../core/business/outstanding.ts";
import { localizedPath, type Lang } from "../../core/i18n/locale.ts";
import { useT } from "../shell/use-t.ts";

/** The latest invoices and what the account still has to pay (not yet due plus overdue, incl. VAT). */
export function LatestInvoices({ lang, list }: { lang: Lang; list: InvoiceList }) {
  const t = useT(lang);
  const owed = outstanding(list.totals);
  const today = todayIso();
  return (
    <>
      <p className="kp-figure" data-open-amount>
        <span className="kp-figure__label">{t("portal.outstanding.total")}</span>
        <strong className="kp-figure__value" data-figure="outstanding-total">
          {formatMoney(owed.total, lang)}
        </strong>
        {owed.overdue > 0 && (
          <span className="kp-figure__note" data-figure="outstanding-overdue">{t("portal.outstanding.ofWhichOverdue", { amount: formatMoney(owed.overdue, lang) })}</span>
        )}
      </p>
      {list.items.length === 0 ? (
        <p className="kp-block__empty">{t("portal.dashboard.invoices.empty")}</p>
      ) : (
        <div
          className="kp-table-wrap"
          // Focusable: where the table is wider than its block it scrolls sideways, and keyboard users must be able to scroll it (WCAG 2.1.1).
          tabIndex={0}
          role="region"
          aria-label={t("portal.dashboard.invoices")}
        >
          <table className="kp-table">
            <thead>
              <tr>
                <th scope="col">{t("portal.dashboard.invoice.number")}</th>
                <th scope="col">{t("portal.dashboard.invoice.date")}</th>
                <th scope="col" className="kp-num">
                  {t("portal.dashboard.invoice.amount")}
                </th>
                <th scope="col">{t("portal.dashboard.invoice.status")}</th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((invoice) => {
                const status = invoiceBadge(invoice, today);
                return (
                <tr key={invoice.id} data-invoice={invoice.number}>
                  <th scope="row">
                    {/* The whole row opens the invoice (the link stretches over it, screens.css). */}
                    <a className="kp-row-link" href={invoiceHref(lang, invoice.number)} aria-label={t("portal.dashboard.invoice.open", { number: invoice.number })}>
                      {invoice.number}
                    </a>
                  </th>
                  <td data-label={t("portal.dashboard.invoice.date")}>{formatDay(invoice.invoiceDate, lang)}</td>
                  <td className="kp-num" data-label={t("portal.dashboard.invoice.amount")}>
                    {formatMoney(invoice.amountInclVat, lang)}
                  </td>
                  <td className="kp-table__main">
                    <span className={`kp-badge kp-badge--${status}`}>{t(`portal.dashboard.invoice.status.${status}`)}</span>
                  </td>
                </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <p>
        <a href={localizedPath(lang, "/mijn-account/facturen")}>{t("portal.dashboard.invoices.all")}</a>
      </p>
    </>
  );
}
