import { describe, expect, it } from "vitest";
import {
  hasFilter,
  pageCount,
  queryFromSearch,
  searchFromQuery,
  withFilter,
  withPage,
  withPageSize,
  withSort,
} from "../../src/core/business/invoice-filters.ts";
import { dateRangeErrors } from "../../src/core/business/invoice-query.ts";

describe("invoice filters in the URL", () => {
  it("round-trips a filtered, sorted page through the query string", () => {
    const search = "?status=open&from=2026-01-01&to=2026-06-30&q=421&sort=dueDate&order=asc&page=4&pageSize=50";
    const query = queryFromSearch(search);
    expect(query).toEqual({ status: "open", from: "2026-01-01", to: "2026-06-30", q: "421", sort: "dueDate", order: "asc", page: 4, pageSize: 50 });
    expect(searchFromQuery(query)).toBe(search);
    expect(searchFromQuery(queryFromSearch(""))).toBe("");
  });

  it("drops parameters that do not parse and keeps the rest", () => {
    expect(queryFromSearch("?status=late&q=42&page=-1&sort=colour")).toEqual({
      q: "42",
      sort: "invoiceDate",
      order: "desc",
      page: 1,
      pageSize: 25,
    });
    expect(queryFromSearch("?from=2026-05-01&to=2026-04-01&status=paid")).toEqual({
      status: "paid",
      sort: "invoiceDate",
      order: "desc",
      page: 1,
      pageSize: 25,
    });
  });

  it("goes back to page 1 on any filter, sort or page size change", () => {
    const start = queryFromSearch("?status=open&page=5");
    expect(withFilter(start, { q: "12" })).toMatchObject({ status: "open", q: "12", page: 1 });
    expect(withFilter(start, { status: undefined })).not.toHaveProperty("status");
    expect(withSort(start, "number")).toMatchObject({ sort: "number", order: "asc", page: 1 });
    expect(withPageSize(start, 100)).toMatchObject({ pageSize: 100, page: 1 });
    expect(withPage(start, 7).page).toBe(7);
  });

  it("sorts dates and amounts newest/largest first and flips on a second click", () => {
    const start = queryFromSearch("");
    const byAmount = withSort(start, "amountInclVat");
    expect(byAmount).toMatchObject({ sort: "amountInclVat", order: "desc" });
    expect(withSort(byAmount, "amountInclVat").order).toBe("asc");
    expect(withSort(start, "invoiceDate").order).toBe("asc");
  });

  it("counts pages and knows when a filter is set", () => {
    expect(pageCount(5000, 25)).toBe(200);
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(26, 25)).toBe(2);
    expect(hasFilter(queryFromSearch("?sort=number&page=3"))).toBe(false);
    expect(hasFilter(queryFromSearch("?to=2026-01-01"))).toBe(true);
  });
});

describe("the invoice-date range as typed", () => {
  it("names an end before the start on the end, and a date that is no date on its own field", () => {
    expect(dateRangeErrors("2026-01-01", "2025-12-01")).toEqual([{ field: "to", code: "before_from" }]);
    expect(dateRangeErrors("2026-01-01", "2026-01-01")).toEqual([]);
    expect(dateRangeErrors(undefined, "2025-12-01")).toEqual([]);
    expect(dateRangeErrors("2026-02-30", "2026-01-01")).toEqual([{ field: "from", code: "invalid_date" }]);
  });
});
