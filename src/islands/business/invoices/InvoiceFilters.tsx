import { useState, type FormEvent } from "react";
import { INVOICE_STATUSES, type InvoiceQuery, type InvoiceStatus } from "../../../core/api/schemas/business.ts";
import { hasFilter, withFilter } from "../../../core/business/invoice-filters.ts";
import type { Lang } from "../../../core/i18n/locale.ts";
import { dateRangeErrors, MAX_INVOICE_SEARCH_LENGTH } from "../../../core/business/invoice-query.ts";
import type { FieldError as Refusal } from "../../../core/validation/field-error.ts";
import { useT } from "../../shell/use-t.ts";
import { FieldError } from "../../shared/FieldError.tsx";
import { errorMessage } from "../../shared/messages.ts";

type Props = { lang: Lang; query: InvoiceQuery; onChange: (next: InvoiceQuery) => void };

/** Status and period apply on change; the number search on submit (so each key press is not a request). */
export function InvoiceFilters({ lang, query, onChange }: Props) {
  const t = useT(lang);
  const [search, setSearch] = useState(query.q ?? "");
  // The dates as picked, so a refused range stays on screen beside its message instead of jumping back.
  const [dates, setDates] = useState({ from: query.from ?? "", to: query.to ?? "" });
  const [rangeError, setRangeError] = useState<Refusal | undefined>();
  const [seen, setSeen] = useState({ q: query.q, from: query.from, to: query.to });
  // Back/forward or "clear" changed the query from outside: show it in the fields (state from props, no effect needed).
  if (seen.q !== query.q || seen.from !== query.from || seen.to !== query.to) {
    setSeen({ q: query.q, from: query.from, to: query.to });
    if (seen.q !== query.q) setSearch(query.q ?? "");
    if (seen.from !== query.from || seen.to !== query.to) {
      setDates({ from: query.from ?? "", to: query.to ?? "" });
      setRangeError(undefined);
    }
  }

  function changeDate(name: "from" | "to", value: string) {
    const next = { ...dates, [name]: value };
    setDates(next);
    const refused = dateRangeErrors(next.from || undefined, next.to || undefined)[0];
    setRangeError(refused);
    if (!refused) onChange(withFilter(query, { from: next.from || undefined, to: next.to || undefined }));
  }
  const messageFor = (name: "from" | "to") => (rangeError?.field === name ? errorMessage(lang, rangeError.code) : undefined);

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
          value={dates.from}
          onChange={(event) => changeDate("from", event.target.value)}
          aria-describedby="kp-invoice-from-error"
          aria-invalid={messageFor("from") ? true : undefined}
        />
        <FieldError id="kp-invoice-from-error" message={messageFor("from")} />
      </div>
      <div className="kp-field">
        <label htmlFor="kp-invoice-to">{t("biz.invoices.to")}</label>
        <input
          id="kp-invoice-to"
          type="date"
          value={dates.to}
          onChange={(event) => changeDate("to", event.target.value)}
          aria-describedby="kp-invoice-to-error"
          aria-invalid={messageFor("to") ? true : undefined}
        />
        <FieldError id="kp-invoice-to-error" message={messageFor("to")} />
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
