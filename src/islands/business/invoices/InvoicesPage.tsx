import { useState } from "react";
import type { InvoiceList } from "../../../core/api/schemas/business.ts";
import { hasFilter, searchFromQuery, withPage, withPageSize } from "../../../core/business/invoice-filters.ts";
import { outstanding } from "../../../core/business/outstanding.ts";
import { formatMoney, formatNumber } from "../../../core/format.ts";
import type { Lang } from "../../../core/i18n/locale.ts";
import { useT } from "../../shell/use-t.ts";
import { saveBlob } from "../../shared/download.ts";
import { Block } from "../../shared/Block.tsx";
import { scrollToTop } from "../../shared/scroll-top.ts";
import { useBusinessApi, useBusinessResource } from "../../shared/use-business-api.ts";
import { hasAnswered } from "../../../core/stores/resource.ts";
import { PayNotice } from "../payment/PayNotice.tsx";
import { isSelected, toggleInvoice } from "../../../core/business/invoice-selection.ts";
import { todayIso } from "../../../core/business/contract-term.ts";
import { PaySelectedButton } from "../payment/PaySelectedButton.tsx";
import { InvoiceActionsBar, InvoiceSelectionControls } from "./InvoiceActionsBar.tsx";
import { InvoiceFilters } from "./InvoiceFilters.tsx";
import { MonthlyBundleForm } from "./MonthlyBundleForm.tsx";
import { InvoiceTable } from "./InvoiceTable.tsx";
import { Pagination } from "./Pagination.tsx";
import { useInvoiceSelection } from "./use-invoice-selection.ts";
import { useUrlQuery } from "./use-url-query.ts";

/**
 * Invoices: totals, filters kept in the URL, a sortable paged table, PDF and UBL per invoice, CSV
 * export, and the actions bar on selected invoices (the period's ZIP).
 */
export function InvoicesPage({ lang }: { lang: Lang }) {
  const t = useT(lang);
  const { account, calls } = useBusinessApi(lang);
  const [query, setQuery] = useUrlQuery();
  const list = useBusinessResource(lang, (calls) => calls.invoices(query), searchFromQuery(query));
  const [exportError, setExportError] = useState(false);
  const [selection, setSelection] = useInvoiceSelection(query);

  async function exportCsv() {
    setExportError(false);
    try {
      const blob = await calls.invoicesCsv(query);
      if (blob) saveBlob(blob, `${lang === "en" ? "invoices" : "facturen"}-${account}.csv`);
      else setExportError(true);
    } catch {
      setExportError(true);
    }
  }

  return (
    <div className="kp-container kp-biz" data-page="invoices">
      <h1>{t("biz.invoices.title")}</h1>
      <p className="kp-intro">{t("biz.invoices.intro")}</p>
      <Block lang={lang} name="invoices" state={list.state} onRetry={list.reload} lines={8}>
        {(data) => (
          <>
            <OutstandingTotals lang={lang} totals={data.totals} />
            <InvoiceFilters lang={lang} query={query} onChange={setQuery} />
            <div className="kp-biz-toolbar">
              <p className="kp-biz-count" role="status" aria-live="polite">
                {t("biz.invoices.count", { total: formatNumber(data.total, lang) })}
              </p>
              <button type="button" className="kp-button" onClick={() => void exportCsv()} disabled={data.total === 0}>
                {t("biz.invoices.export")}
              </button>
            </div>
            {exportError && (
              <p className="kp-alert kp-alert--error" role="alert">
                {t("biz.downloadFailed")}
              </p>
            )}
            <PayNotice lang={lang} />
            <InvoiceSelectionControls lang={lang} page={data.items} total={data.total} selection={selection} onSelection={setSelection} />
            {data.items.length === 0 ? (
              <p className="kp-empty" data-empty="invoices">
                {/* total > 0 with no rows: a page past the end (an old link); the pagination leads back. */}
                {hasFilter(query) || data.total > 0 ? t("biz.invoices.emptyFiltered") : t("biz.invoices.empty")}
              </p>
            ) : (
              <InvoiceTable
                lang={lang}
                items={data.items}
                query={query}
                onChange={setQuery}
                busy={list.state.status === "loading"}
                calls={calls}
                selection={{
                  isSelected: (invoice) => isSelected(selection, invoice.id),
                  onToggle: (invoice) => setSelection(toggleInvoice(selection, invoice)),
                  locked: selection.mode === "filter",
                }}
              />
            )}
            <InvoiceActionsBar lang={lang} account={account} query={query} total={data.total} selection={selection} onSelection={setSelection} calls={calls}>
              {/* Paying needs the invoices themselves: offered for ticked ones, not for "everything in the period". */}
              {selection.mode === "picked" && selection.picked.size > 0 && (
                <PaySelectedButton lang={lang} invoices={[...selection.picked.values()]} today={todayIso()} />
              )}
            </InvoiceActionsBar>
            <Pagination
              lang={lang}
              page={query.page}
              pageSize={query.pageSize}
              total={data.total}
              onPage={(page) => {
                setQuery(withPage(query, page));
                // A new page of the list starts at the top, not at the pagination at the bottom.
                scrollToTop();
              }}
              onPageSize={(size) => setQuery(withPageSize(query, size))}
            />
          </>
        )}
      </Block>
      {hasAnswered(list.state) && <MonthlyBundleForm lang={lang} calls={calls} />}
    </div>
  );
}

/** The account's outstanding amounts: the total, its overdue part and the part not yet due. */
function OutstandingTotals({ lang, totals }: { lang: Lang; totals: InvoiceList["totals"] }) {
  const t = useT(lang);
  const owed = outstanding(totals);
  return (
    <section className="kp-biz-totals" aria-label={t("biz.invoices.totals")}>
      <div className="kp-biz-total" data-total="outstanding">
        <span className="kp-biz-total__label">{t("portal.outstanding.total")}</span>
        <span className="kp-biz-total__value" data-figure="outstanding-total">
          {formatMoney(owed.total, lang)}
        </span>
      </div>
      <div className="kp-biz-total kp-biz-total--warning" data-total="overdue">
        <span className="kp-biz-total__label">{t("portal.outstanding.overdue")}</span>
        <span className="kp-biz-total__value" data-figure="outstanding-overdue">
          {formatMoney(owed.overdue, lang)}
        </span>
      </div>
      <div className="kp-biz-total" data-total="open">
        <span className="kp-biz-total__label">{t("portal.outstanding.notYetDue")}</span>
        <span className="kp-biz-total__value">{formatMoney(owed.notYetDue, lang)}</span>
      </div>
    </section>
  );
}
