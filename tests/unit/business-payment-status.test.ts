import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../src/core/api/errors.ts";
import { PaymentSchema, type Invoice, type Payment, type PaymentStatus } from "../../src/core/api/schemas/business.ts";
import {
  canRetry,
  isPayable,
  paymentReturnUrl,
  paymentView,
  paySelection,
  STATUS_POLL_DELAYS_MS,
} from "../../src/core/business/payment-rules.ts";
import { watchPayment, type WatchState } from "../../src/core/business/payment-watch.ts";
import { startPayment } from "../../src/core/business/start-payment.ts";

const payment = (status: PaymentStatus, extra: Partial<Payment> = {}): Payment => ({
  id: "pay_1",
  status,
  amount: 12_100,
  invoices: [{ id: "inv-1", number: "91000059", amountInclVat: 12_100 }],
  checkoutUrl: status === "open" ? "https://provider.example/checkout/tr_1" : null,
  createdAt: "2026-11-27T10:00:00.000Z",
  expiresAt: "2026-11-27T10:15:00.000Z",
  paidAt: status === "paid" ? "2026-11-27T10:01:00.000Z" : null,
  ...extra,
});

/** Runs the status page's loop over a sequence of readings; the waits are recorded, never slept. */
async function watch(statuses: PaymentStatus[], returned: boolean) {
  const readings = statuses.map((status) => payment(status));
  const reports: WatchState[] = [];
  const waits: number[] = [];
  let index = 0;
  await watchPayment(
    async () => readings[Math.min(index++, readings.length - 1)] ?? null,
    returned,
    (state) => state && reports.push(state),
    async (ms) => {
      waits.push(ms);
    },
    new AbortController().signal,
  );
  return { views: reports.map((report) => report.view), last: reports.at(-1), waits };
}

describe("the payment status page", () => {
  it("webhook before the return: paid at the first look, no waiting", async () => {
    expect(await watch(["paid"], true)).toMatchObject({ views: ["paid"], waits: [] });
  });

  it("webhook after the return: says it waits for the bank's confirmation until the webhook lands, never paid before", async () => {
    const { views, waits } = await watch(["open", "open", "paid"], true);
    expect(views).toEqual(["confirming", "confirming", "paid"]);
    expect(waits).toEqual([1_000, 2_000]);
  });

  it("checkout tab closed: the payment is unfinished (continue until it expires), then shows what became of it", async () => {
    expect((await watch(["open", "expired"], false)).views).toEqual(["unfinished", "expired"]);
  });

  it("stops asking after the last wait and says so (the page then offers to check again)", async () => {
    const { last, waits } = await watch(Array(20).fill("open"), true);
    expect(waits).toEqual([...STATUS_POLL_DELAYS_MS]);
    expect(last).toMatchObject({ view: "confirming", gaveUp: true });
  });

  it.each([
    ["paid", "paid", false],
    ["failed", "failed", true],
    ["canceled", "canceled", true],
    ["expired", "expired", true],
    ["pending", "confirming", false],
  ] as const)("%s reads as %s; can be tried again: %s", (status, view, retry) => {
    expect(paymentView(payment(status), true)).toBe(view);
    expect(canRetry(status)).toBe(retry);
  });

  it("the provider sends the customer back to the status page in their language", () => {
    expect(paymentReturnUrl("https://portal.example/", "en", "pay_1")).toBe(
      "https://portal.example/en/mijn-account/betaling?id=pay_1&terug=1",
    );
    expect(paymentReturnUrl("https://portal.example", "nl", "pay_1")).toBe(
      "https://portal.example/mijn-account/betaling?id=pay_1&terug=1",
    );
  });
});

describe("which invoices can be paid", () => {
  const invoice = (extra: Partial<Invoice>): Invoice => ({
    id: "inv-1",
    number: "91000059",
    accountNumber: "100001",
    type: "delivery",
    status: "open",
    invoiceDate: "2026-10-17",
    dueDate: "2026-11-16",
    paidDate: null,
    amountExclVat: 10_000,
    vatAmount: 2_100,
    amountInclVat: 12_100,
    orderReference: null,
    ...extra,
  });
  it("open and overdue invoices, not paid ones nor credit notes", () => {
    expect(isPayable(invoice({}), "2026-11-16")).toBe(true);
    expect(isPayable(invoice({}), "2026-11-27")).toBe(true);
    expect(isPayable(invoice({ paidDate: "2026-11-20", status: "paid" }), "2026-11-27")).toBe(false);
    expect(isPayable(invoice({ type: "credit_note", amountInclVat: -2_000 }), "2026-11-27")).toBe(false);
  });
});

describe("starting a payment", () => {
  const refusing = (status: number, body: unknown) => () =>
    Promise.reject(new ApiError(status, body, "https://api.example/invoices/payments"));
  it.each([
    [
      "the checkout",
      () => Promise.resolve(payment("open")),
      { kind: "checkout", url: "https://provider.example/checkout/tr_1" },
    ],
    [
      "a payment under way",
      refusing(409, { statusCode: 409, code: "payment_in_progress", paymentId: "pay_0" }),
      { kind: "in_progress", paymentId: "pay_0" },
    ],
    [
      "the provider away",
      refusing(502, { statusCode: 502, code: "provider_unavailable" }),
      { kind: "unavailable" },
    ],
    ["a network failure", () => Promise.reject(new TypeError("fetch failed")), { kind: "failed" }],
  ] as const)("leads to %s", async (_, create, expected) => {
    expect(await startPayment(create, ["inv-1"], "key-0000000000000001")).toMatchObject(expected);
  });

  it("a checkout address that is no web page is refused where every answer is read, so neither the pay buttons nor the status page's continue link follow it", () => {
    const wire = (checkoutUrl: string) => ({ ...payment("open"), checkoutUrl });
    expect(v.safeParse(PaymentSchema, wire("https://provider.example/checkout/tr_1")).success).toBe(true);
    for (const bad of ["javascript:alert(1)", "JAVASCRIPT:alert(1)", "data:text/html,<script>alert(1)</script>", "vbscript:msgbox(1)"]) {
      expect(v.safeParse(PaymentSchema, wire(bad)).success, bad).toBe(false);
    }
  });

  it("an invoice paid already: its receipt", async () => {
    const receipts = [
      {
        invoiceId: "inv-1",
        number: "91000059",
        amountInclVat: 12_100,
        paidDate: "2026-11-20",
        paymentId: null,
      },
    ];
    expect(
      await startPayment(
        refusing(409, { statusCode: 409, code: "already_paid", receipts }),
        ["inv-1"],
        "key-0000000000000001",
      ),
    ).toEqual({
      kind: "already_paid",
      receipts,
    });
  });
});

describe("paying a selection", () => {
  const of = (id: string, extra: Partial<Invoice> = {}): Invoice => ({
    id,
    number: id,
    accountNumber: "100001",
    type: "delivery",
    status: "open",
    invoiceDate: "2026-10-17",
    dueDate: "2026-11-16",
    paidDate: null,
    amountExclVat: 1_000,
    vatAmount: 210,
    amountInclVat: 1_210,
    orderReference: null,
    ...extra,
  });
  it("pays the open and overdue ones, leaving paid invoices and credit notes out", () => {
    const picked = [
      of("a"),
      of("b", { paidDate: "2026-11-20", status: "paid" }),
      of("c", { type: "credit_note", amountInclVat: -500 }),
      of("d", { dueDate: "2026-12-01" }),
    ];
    expect(paySelection(picked, "2026-11-27")).toEqual({
      kind: "ready",
      ids: ["a", "d"],
      count: 2,
      amount: 2_420,
    });
  });
  it("says why not: nothing open, more than one payment takes, or everything in the period (tick instead)", () => {
    expect(paySelection([of("b", { paidDate: "2026-11-20", status: "paid" })], "2026-11-27")).toEqual({
      kind: "none_payable",
    });
    expect(
      paySelection(
        Array.from({ length: 51 }, (_, i) => of(`x${i}`)),
        "2026-11-27",
      ),
    ).toEqual({ kind: "too_many", count: 51 });
    expect(paySelection([of("a")], "2026-11-27", true)).toEqual({ kind: "pick" });
    expect(paySelection([], "2026-11-27")).toEqual({ kind: "pick" });
  });
});
