import { useState } from "react";
import { todayIso } from "../../core/business/contract-term.ts";
import { parsePeriod, type Period } from "../../core/business/deliveries.ts";
import { dateRangeErrors } from "../../core/business/invoice-query.ts";
import type { Lang } from "../../core/i18n/locale.ts";
import type { FieldError as Refusal } from "../../core/validation/field-error.ts";
import { useT } from "../shell/use-t.ts";
import { FieldError } from "../shared/FieldError.tsx";
import { errorMessage } from "../shared/messages.ts";

/** A period as asked: an open end takes the API's default (the last three months). */
export type Asked = { from?: string | undefined; to?: string | undefined };

/** Changes the page URL's query in place (no new history entry: a filter is not a page). */
export function replaceSearch(change: (params: URLSearchParams) => void): void {
  const params = new URLSearchParams(window.location.search);
  change(params);
  const search = params.toString();
  window.history.replaceState(null, "", `${window.location.pathname}${search ? `?${search}` : ""}`);
}

/** The period in the page URL (`?from=&to=`, the API's parameters; a refused one is ignored) and a setter that keeps it there. */
export function usePeriodInUrl(): [Asked, (next: Asked) => void] {
  const [asked, setAsked] = useState<Asked>(() => {
    const params = new URLSearchParams(window.location.search);
    return parsePeriod(params, todayIso()).ok ? { from: params.get("from") || undefined, to: params.get("to") || undefined } : {};
  });
  function choose(next: Asked) {
    setAsked(next);
    replaceSearch((params) => {
      for (const name of ["from", "to"] as const) {
        const value = next[name];
        if (value) params.set(name, value);
        else params.delete(name);
      }
    });
  }
  return [asked, choose];
}

/**
 * The period of a history (deliveries, empties): both dates as picked stay in their fields; a refused range (no date, the
 * end before the start) is named beside the field and not asked. Shows the period the API answered
 * for when nothing was picked (its default).
 */
export function PeriodFilter({
  lang,
  idPrefix,
  period,
  asked,
  onChange,
}: {
  lang: Lang;
  idPrefix: string;
  period: Period | undefined;
  asked: Asked;
  onChange: (next: Asked) => void;
}) {
  const t = useT(lang);
  const [dates, setDates] = useState({ from: asked.from ?? "", to: asked.to ?? "" });
  const [refused, setRefused] = useState<Refusal | undefined>();
  function change(name: "from" | "to", value: string) {
    const next = { ...dates, [name]: value };
    setDates(next);
    const error = dateRangeErrors(next.from || undefined, next.to || undefined)[0];
    setRefused(error);
    if (!error) onChange({ from: next.from || undefined, to: next.to || undefined });
  }
  const messageFor = (name: "from" | "to") => (refused?.field === name ? errorMessage(lang, refused.code) : undefined);
  return (
    <fieldset className="kp-biz-filters kp-period">
      <legend className="kp-sr-only">{t("daily.deliveries.period")}</legend>
      {(["from", "to"] as const).map((name) => (
        <div className="kp-field" key={name}>
          <label htmlFor={`${idPrefix}-${name}`}>{t(`daily.deliveries.${name}`)}</label>
          <input
            id={`${idPrefix}-${name}`}
            type="date"
            value={dates[name] || period?.[name] || ""}
            onChange={(event) => change(name, event.target.value)}
            aria-describedby={`${idPrefix}-${name}-error`}
            aria-invalid={messageFor(name) ? true : undefined}
          />
          <FieldError id={`${idPrefix}-${name}-error`} message={messageFor(name)} />
        </div>
      ))}
    </fieldset>
  );
}
