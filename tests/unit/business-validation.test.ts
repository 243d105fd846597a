import { describe, expect, it } from "vitest";
import { bestBeforeError, validateCoronaInput } from "../../src/core/business/tht-rules.ts";
import { claimablePeriods, periodOf, periodRange } from "../../src/core/business/bonus-periods.ts";
import { invoiceQueryToParams, parseInvoiceQuery } from "../../src/core/business/invoice-query.ts";
import { uploadPrecheck } from "../../src/core/business/upload-check.ts";
import { validateClaimInput, validatePeriod } from "../../src/core/business/claim-rules.ts";

describe("invoice query", () => {
  it("takes the defaults from an empty query", () => {
    expect(parseInvoiceQuery(new URLSearchParams())).toEqual({
      ok: true,
      value: { sort: "invoiceDate", order: "desc", page: 1, pageSize: 25 },
    });
  });

  it("reads every parameter and writes it back without the defaults", () => {
    const params = new URLSearchParams("status=overdue&from=2026-01-01&to=2026-03-31&q=0042&sort=amountInclVat&order=asc&page=3&pageSize=50");
    const parsed = parseInvoiceQuery(params);
    expect(parsed).toEqual({
      ok: true,
      value: { status: "overdue", from: "2026-01-01", to: "2026-03-31", q: "0042", sort: "amountInclVat", order: "asc", page: 3, pageSize: 50 },
    });
    if (!parsed.ok) return;
    expect(invoiceQueryToParams(parsed.value).toString()).toBe(params.toString());
    expect(invoiceQueryToParams({ ...parsed.value, sort: "invoiceDate", order: "desc", page: 1, pageSize: 25 }).toString()).toBe(
      "status=overdue&from=2026-01-01&to=2026-03-31&q=0042",
    );
  });

  it("names every refused parameter", () => {
    const parsed = parseInvoiceQuery(
      new URLSearchParams("status=late&from=2026-02-30&to=x&sort=colour&order=up&page=0&pageSize=500&q=" + "9".repeat(31)),
    );
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors).toEqual([
      { field: "status", code: "invalid" },
      { field: "from", code: "invalid_date" },
      { field: "to", code: "invalid_date" },
      { field: "q", code: "too_long" },
      { field: "sort", code: "invalid" },
      { field: "order", code: "invalid" },
      { field: "page", code: "invalid" },
      { field: "pageSize", code: "invalid" },
    ]);
  });

  it("refuses a period that ends before it starts", () => {
    expect(parseInvoiceQuery(new URLSearchParams("from=2026-05-01&to=2026-04-30"))).toEqual({
      ok: false,
      errors: [{ field: "to", code: "before_from" }],
    });
  });
});

describe("bonus periods", () => {
  it("knows a quarter's first and last day", () => {
    expect(periodRange("2024-Q1")).toEqual({ start: "2024-01-01", end: "2024-03-31" });
    expect(periodRange("2026-Q4")).toEqual({ start: "2026-10-01", end: "2026-12-31" });
    expect(periodOf("2026-08-31")).toBe("2026-Q3");
  });

  it("offers the last four ended quarters, across a year boundary", () => {
    expect(claimablePeriods("2026-02-10")).toEqual(["2025-Q4", "2025-Q3", "2025-Q2", "2025-Q1"]);
    expect(claimablePeriods("2026-11-22")).toEqual(["2026-Q3", "2026-Q2", "2026-Q1", "2025-Q4"]);
  });

  it("refuses a running, an old, a taken and a malformed period", () => {
    const today = "2026-11-22";
    expect(validatePeriod("2026-Q4", today)).toEqual([{ field: "period", code: "not_ended" }]);
    expect(validatePeriod("2025-Q3", today)).toEqual([{ field: "period", code: "too_old" }]);
    expect(validatePeriod("2026-Q2", today, new Set(["2026-Q2"]))).toEqual([{ field: "period", code: "already_claimed" }]);
    expect(validatePeriod("2026-5", today)).toEqual([{ field: "period", code: "invalid_period" }]);
    expect(validatePeriod("2026-Q3", today)).toEqual([]);
  });
});

describe("bonus claim", () => {
  const ctx = {
    today: "2026-11-22",
    knownWholesalers: new Set(["w1", "w2"]),
    knownProducts: new Set(["p1", "p2"]),
  };

  it("accepts a claim with a quantity for each wholesaler", () => {
    const input = {
      period: "2026-Q3",
      wholesalers: [
        { wholesalerId: "w1", lines: [{ productId: "p1", quantity: 10 }, { productId: "p2", quantity: 0 }] },
        { wholesalerId: "w2", lines: [{ productId: "p2", quantity: 3 }] },
      ],
    };
    expect(validateClaimInput(input, ctx)).toEqual([]);
  });

  it("names wholesalers without volume, unknown ids and bad quantities", () => {
    const input = {
      period: "2026-Q3",
      wholesalers: [
        { wholesalerId: "w1", lines: [{ productId: "p1", quantity: 0 }] },
        { wholesalerId: "w9", lines: [{ productId: "p9", quantity: 1.5 }, { productId: "p1", quantity: 200_000 }] },
      ],
    };
    expect(validateClaimInput(input, ctx)).toEqual([
      { field: "wholesalers.1.wholesalerId", code: "unknown" },
      { field: "wholesalers.0.lines", code: "required" },
      { field: "wholesalers.1.lines.0.productId", code: "unknown" },
      { field: "wholesalers.1.lines.0.quantity", code: "integer" },
      { field: "wholesalers.1.lines.1.quantity", code: "max" },
    ]);
  });

  it("needs at least one wholesaler, each once", () => {
    expect(validateClaimInput({ period: "2026-Q3", wholesalers: [] }, ctx)).toEqual([{ field: "wholesalers", code: "required" }]);
    const twice = { wholesalerId: "w1", lines: [{ productId: "p1", quantity: 1 }] };
    expect(validateClaimInput({ period: "2026-Q3", wholesalers: [twice, twice] }, ctx)).toEqual([
      { field: "wholesalers", code: "duplicate" },
    ]);
  });
});

describe("tht registration", () => {
  const ctx = { today: "2026-11-22", eligibleProducts: new Set(["p1", "p2"]) };

  it("bounds the best-before date by the scheme start and 90 days ahead", () => {
    expect(bestBeforeError("2020-02-29", ctx.today)).toBe("too_early");
    expect(bestBeforeError("2020-03-01", ctx.today)).toBeUndefined();
    expect(bestBeforeError("2027-02-20", ctx.today)).toBeUndefined();
    expect(bestBeforeError("2027-02-21", ctx.today)).toBe("too_late");
    expect(bestBeforeError("2026-13-01", ctx.today)).toBe("invalid_date");
    expect(bestBeforeError("", ctx.today)).toBe("required");
  });

  it("names each refused field of a registration", () => {
    const errors = validateCoronaInput(
      {
        lines: [
          { productId: "p1", quantity: 5, bestBeforeDate: "2026-10-01" },
          { productId: "p1", quantity: 0, bestBeforeDate: "2026-10-01" },
          { productId: "p7", quantity: 2.5, bestBeforeDate: "yesterday" },
          { productId: "", quantity: 10_001, bestBeforeDate: "2026-10-02" },
        ],
        attachmentIds: [],
      },
      ctx,
    );
    expect(errors).toEqual([
      { field: "lines.1.quantity", code: "min" },
      { field: "lines.1.productId", code: "duplicate" },
      { field: "lines.2.productId", code: "unknown" },
      { field: "lines.2.quantity", code: "integer" },
      { field: "lines.2.bestBeforeDate", code: "invalid_date" },
      { field: "lines.3.productId", code: "required" },
      { field: "lines.3.quantity", code: "max" },
      { field: "attachments", code: "required" },
    ]);
  });

  it("needs at least one line", () => {
    expect(validateCoronaInput({ lines: [], attachmentIds: ["a"] }, ctx)).toEqual([{ field: "lines", code: "required" }]);
  });

  it("takes at most ten attachments", () => {
    const line = { productId: [...ctx.eligibleProducts][0] ?? "", quantity: 1, bestBeforeDate: ctx.today };
    const ids = (n: number) => Array.from({ length: n }, (_, i) => `a${i}`);
    expect(validateCoronaInput({ lines: [line], attachmentIds: ids(10) }, ctx)).toEqual([]);
    expect(validateCoronaInput({ lines: [line], attachmentIds: ids(11) }, ctx)).toEqual([{ field: "attachments", code: "too_many" }]);
  });
});

describe("upload precheck", () => {
  it("refuses missing, empty, large and unlisted files by what the browser says", () => {
    expect(uploadPrecheck(undefined)).toBe("file_missing");
    expect(uploadPrecheck({ size: 0, type: "application/pdf" })).toBe("file_missing");
    expect(uploadPrecheck({ size: 5 * 1024 * 1024 + 1, type: "application/pdf" })).toBe("file_too_large");
    expect(uploadPrecheck({ size: 10, type: "image/gif" })).toBe("file_type");
    expect(uploadPrecheck({ size: 5 * 1024 * 1024, type: "image/jpeg" })).toBeUndefined();
  });
});
