import { useState, type FormEvent } from "react";
import { INVOICE_STATUSES, type InvoiceQuery, type InvoiceStatus } from "../../../core/api/schemas/business.ts";
import { hasFilter, withFilter } from "../../../core/business/invoice-filters.ts";
import type { Lang } from "../../../core/i18n/locale.ts";
import { isIsoDate } from "../../../core/validation/iso-date.ts";
import { MAX_INVOICE_SEARCH_LENGTH } from "../../../core/business/invoice-query.ts";
import { useT } from "../../shell/use-t.ts";
import { FieldError } from "../../shared/FieldError.tsx";
import { errorMessage } from "../../shared/messages.ts";

type Props = { lang: Lang; query: InvoiceQuery; onChange: (next: InvoiceQuery) => void };

/** Status and period apply on change; the number search on submit (so each key press is not a request). */
export function InvoiceFilters({ lang, query, onChange }: Props) {
  const t = useT(lang);
  const [search, setSearch] = useState(query.q ?? "");
  const [rangeError, setRangeError] = useState<string | undefined>();
  const [seenQ, setSeenQ] = useState(query.q);
  // Back/forward or "clear" changed q from outside: show it in the box (state from props, no effect needed).
  if (seenQ !== query.q) {
    setSeenQ(query.q);
    setSearch(query.q ?? "");
  }

  function changeDate(name: "from" | "to", value: string) {
    if (value && !isIsoDate(value)) return setRangeError(errorMessage(lang, "invalid_date"));
    const from = name === "from" ? value : query.from;
    const to = name === "to" ? value : query.to;
    if (from && to && from > to) return setRangeError(errorMessage(lang, "before_from"));
    setRangeError(undefined);
    onChange(withFilter(query, { [name]: value || undefined }));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    onChange(withFilter(query, { q: search.trim() || undefined }));
  }

  return (
    <form className="kp-biz-filters" onSubmit={submit} role="search" aria-labelledby="kp-invoice-filters">
      <h2 id="kp-invoice-filters" className="kp-sr-only">
        {t("biz.invoices.filters")}
      </h2>
      <div className="kp-field">
        <label htmlFor="kp-invoice-status">{t("biz.invoices.status")}</label>
        <select
          id="kp-invoice-status"
          value={query.status ?? ""}
          onChange={(event) => onChange(withFilter(query, { status: (event.target.value || undefined) as InvoiceStatus | undefined }))}
        >
          <option value="">{t("biz.invoices.allStatuses")}</option>
          {INVOICE_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`biz.invoiceStatus.${status}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="kp-field">
        <label htmlFor="kp-invoice-from">{t("biz.invoices.from")}</label>
        <input
          id="kp-invoice-from"
          type="date"
          value={query.from ?? ""}
          onChange={(event) => changeDate("from", event.target.value)}
          aria-describedby="kp-invoice-range-error"
          aria-invalid={rangeError ? true : undefined}
        />
      </div>
      <div className="kp-field">
        <label htmlFor="kp-invoice-to">{t("biz.invoices.to")}</label>
        <input
          id="kp-invoice-to"
          type="date"
          value={query.to ?? ""}
          onChange={(event) => changeDate("to", event.target.value)}
          aria-describedby="kp-invoice-range-error"
          aria-invalid={rangeError ? true : undefined}
        />
      </div>
      <div className="kp-field kp-biz-filters__search">
        <label htmlFor="kp-invoice-q">{t("biz.invoices.search")}</label>
        <div className="kp-biz-inline">
          <input
            id="kp-invoice-q"
            type="search"
            inputMode="numeric"
            maxLength={MAX_INVOICE_SEARCH_LENGTH}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          <button type="submit" className="kp-button kp-button--primary">
            {t("biz.invoices.searchButton")}
          </button>
        </div>
      </div>
      <FieldError id="kp-invoice-range-error" message={rangeError} />
      {hasFilter(query) && (
        <p className="kp-biz-filters__clear">
          <button
            type="button"
            className="kp-link-button"
            onClick={() => {
              setRangeError(undefined);
              onChange(withFilter(query, { status: undefined, from: undefined, to: undefined, q: undefined }));
            }}
          >
            {t("biz.invoices.clear")}
          </button>
        </p>
      )}
    </form>
  );
}
