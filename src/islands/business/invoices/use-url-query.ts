import { useCallback, useEffect, useState } from "react";
import type { InvoiceQuery } from "../../../core/api/schemas/business.ts";
import { queryFromSearch, searchFromQuery } from "../../../core/business/invoice-filters.ts";

/**
 * The invoice query lives in the page URL: every change is a history entry (back undoes a filter),
 * and back/forward bring the matching view back.
 */
export function useUrlQuery(): [InvoiceQuery, (next: InvoiceQuery) => void] {
  const [query, setQuery] = useState(() => queryFromSearch(window.location.search));
  useEffect(() => {
    const onPop = () => setQuery(queryFromSearch(window.location.search));
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, []);
  const change = useCallback((next: InvoiceQuery) => {
    const url = `${window.location.pathname}${searchFromQuery(next)}`;
    if (url !== `${window.location.pathname}${window.location.search}`) window.history.pushState(null, "", url);
    setQuery(next);
  }, []);
  return [query, change];
}
