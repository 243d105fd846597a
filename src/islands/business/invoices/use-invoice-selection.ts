import { useState } from "react";
import type { InvoiceQuery } from "../../../core/api/schemas/business.ts";
import { filterKey, NO_SELECTION, type InvoiceSelection } from "../../../core/business/invoice-selection.ts";

/**
 * The invoices screen's selection, kept across pages and sorting and started again when the filter
 * changes (another period: what was ticked is no longer what the bar's count describes).
 */
export function useInvoiceSelection(query: InvoiceQuery): [InvoiceSelection, (next: InvoiceSelection) => void] {
  const key = filterKey(query);
  // The monthly bundle's mail links here with `select=period`: the month's filter, everything selected.
  const [state, setState] = useState<{ key: string; selection: InvoiceSelection }>(() => ({
    key,
    selection: new URLSearchParams(window.location.search).get("select") === "period" ? { mode: "filter" } : NO_SELECTION,
  }));
  const selection = state.key === key ? state.selection : NO_SELECTION;
  return [selection, (next) => setState({ key, selection: next })];
}
