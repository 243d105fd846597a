import { describe, expect, it } from "vitest";
import type { Invoice, InvoiceQuery } from "../../src/core/api/schemas/business.ts";
import {
  bundleRequestOf,
  filterKey,
  isSelected,
  NO_SELECTION,
  pageState,
  selectionCount,
  toggleInvoice,
  togglePage,
} from "../../src/core/business/invoice-selection.ts";

const invoice = (id: string): Invoice => ({
  id,
  number: id.slice(4),
  accountNumber: "100001",
  type: "delivery",
  status: "open",
  invoiceDate: "2026-10-01",
  dueDate: "2026-10-31",
  paidDate: null,
  amountExclVat: 1000,
  vatAmount: 210,
  amountInclVat: 1210,
  orderReference: null,
});
const page1 = [invoice("inv-1"), invoice("inv-2"), invoice("inv-3")];
const page2 = [invoice("inv-4")];
const query: InvoiceQuery = { from: "2026-10-01", to: "2026-10-31", status: "open", sort: "number", order: "asc", page: 2, pageSize: 25 };

describe("the invoices screen's selection", () => {
  it("keeps ticked invoices across pages and says how much of a page is ticked", () => {
    let selection = toggleInvoice(NO_SELECTION, page1[0]!);
    expect(pageState(selection, page1)).toBe("some");
    selection = togglePage(selection, page1);
    expect(pageState(selection, page1)).toBe("all");
    selection = toggleInvoice(selection, page2[0]!);
    expect(selectionCount(selection, 99)).toBe(4);
    selection = togglePage(selection, page1);
    expect(pageState(selection, page1)).toBe("none");
    expect(isSelected(selection, "inv-4")).toBe(true);
    expect(bundleRequestOf(selection, query)).toEqual({ ids: ["inv-4"] });
  });

  it("selects everything the filter finds as the filter, not as ids, with the list's total as its count", () => {
    const everything = { mode: "filter" } as const;
    expect(selectionCount(everything, 321)).toBe(321);
    expect(isSelected(everything, "any")).toBe(true);
    // The boxes are locked while everything is selected.
    expect(toggleInvoice(everything, page1[0]!)).toBe(everything);
    expect(bundleRequestOf(everything, query)).toEqual({ filter: { from: "2026-10-01", to: "2026-10-31", status: "open" } });
  });

  it("starts again on another filter, not on another page or sort", () => {
    expect(filterKey({ ...query, page: 3, sort: "dueDate" })).toBe(filterKey(query));
    expect(filterKey({ ...query, to: "2026-11-30" })).not.toBe(filterKey(query));
  });
});
