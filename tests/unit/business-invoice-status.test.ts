import { afterEach, describe, expect, it } from "vitest";
import { setClock } from "../../src/core/auth/clock.ts";
import { todayIso } from "../../src/core/business/contract-term.ts";
import { invoiceBadge, invoiceStatus, type InvoiceFacts } from "../../src/core/business/invoice-status.ts";

/** Invoice 91000059 of the demo data: due 16-11-2026, unpaid, stored as "open". */
const unpaid: InvoiceFacts = { type: "delivery", status: "open", dueDate: "2026-11-16", paidDate: null, amountInclVat: 460_131 };

/** The status on the portal's clock seam set to `instant`. */
function statusAt(instant: string, invoice: InvoiceFacts = unpaid): string {
  setClock(() => Date.parse(instant));
  return invoiceStatus(invoice, todayIso());
}

afterEach(() => setClock());

describe("whether an invoice is overdue", () => {
  it("is open on its due date, to the last minute of that day in Amsterdam", () => {
    expect(statusAt("2026-11-16T00:00:00+01:00")).toBe("open");
    expect(statusAt("2026-11-16T23:59:00+01:00")).toBe("open");
  });

  it("is overdue from the first minute of the day after, whatever status word it was stored with", () => {
    expect(statusAt("2026-11-17T00:01:00+01:00")).toBe("overdue");
    expect(statusAt("2026-11-27T12:00:00+01:00")).toBe("overdue");
    expect(statusAt("2026-11-15T12:00:00+01:00", { ...unpaid, status: "overdue" })).toBe("open");
  });

  it("turns at midnight in Amsterdam, not in UTC, on both sides of a change of clocks", () => {
    // Summer time ends in the night of 24 to 25 October 2026: 23:30 UTC on the 24th is already the 25th in Amsterdam.
    const dueInOctober = { ...unpaid, dueDate: "2026-10-24" };
    expect(statusAt("2026-10-24T21:59:00Z", dueInOctober)).toBe("open");
    expect(statusAt("2026-10-24T22:01:00Z", dueInOctober)).toBe("overdue");
    // Summer time starts on 29 March 2026: midnight in Amsterdam is 23:00 UTC the day before.
    const dueInMarch = { ...unpaid, dueDate: "2026-03-28" };
    expect(statusAt("2026-03-28T22:59:00Z", dueInMarch)).toBe("open");
    expect(statusAt("2026-03-28T23:01:00Z", dueInMarch)).toBe("overdue");
  });

  it("never makes a credit note overdue, by type or by a negative amount", () => {
    const credit: InvoiceFacts = { type: "credit_note", status: "overdue", dueDate: "2026-10-01", paidDate: null, amountInclVat: -20_078 };
    expect(statusAt("2026-11-27T12:00:00+01:00", credit)).toBe("open");
    expect(statusAt("2026-11-27T12:00:00+01:00", { ...unpaid, type: "service", amountInclVat: -500 })).toBe("open");
  });

  it("is paid once a payment is recorded, however late", () => {
    expect(statusAt("2026-11-27T12:00:00+01:00", { ...unpaid, paidDate: "2026-11-20" })).toBe("paid");
    expect(statusAt("2026-11-27T12:00:00+01:00", { ...unpaid, status: "paid" })).toBe("paid");
  });
});

describe("the badge a customer reads", () => {
  const credit = { type: "credit_note" as const, dueDate: "2026-10-01", paidDate: null, amountInclVat: -120.5 };
  it("calls an unsettled credit note a credit, never open or overdue, and a settled one settled", () => {
    expect(invoiceBadge(credit, "2026-11-27")).toBe("credit");
    expect(invoiceBadge({ ...credit, paidDate: "2026-11-02" }, "2026-11-27")).toBe("settled");
  });
  it("gives an invoice its status", () => {
    const invoice = { type: "delivery" as const, dueDate: "2026-11-20", paidDate: null, amountInclVat: 99 };
    expect(invoiceBadge(invoice, "2026-11-27")).toBe("overdue");
    expect(invoiceBadge(invoice, "2026-11-20")).toBe("open");
    expect(invoiceBadge({ ...invoice, paidDate: "2026-11-21" }, "2026-11-27")).toBe("paid");
  });
});
