import { randomUUID } from "node:crypto";
import * as v from "valibot";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  AlreadyPaidSchema,
  InvoiceListSchema,
  PaymentInProgressSchema,
  PaymentSchema,
  ProviderUnavailableSchema,
  type Invoice,
  type Payment,
} from "../../src/core/api/schemas/business.ts";
import { ValidationErrorSchema } from "../../src/core/api/schemas/common.ts";
import { paymentConfig, WEBHOOK_PATH } from "../../stand-in/payments/config.ts";
import {
  DELIVERY_HEADER,
  SIGNATURE_HEADER,
  signWebhook,
  TIMESTAMP_HEADER,
} from "../../stand-in/payments/signature.ts";
import { startTestBackend, type TestBackend } from "../support/backend.ts";
import { signIn } from "./support/tokens.ts";

/**
 * Paying invoices online against the stand-in backend and its stand-in provider, over HTTP as the
 * portal and the provider call them (docs/api-business.md, "Paying invoices online").
 */
let backend: TestBackend;
let authorization: string;
let facturenOnly: string;
beforeAll(async () => {
  backend = await startTestBackend();
  authorization = `Bearer ${(await signIn(backend, "hoofdgebruiker@example.com")).access_token}`;
  facturenOnly = `Bearer ${(await signIn(backend, "facturen@example.com")).access_token}`;
});
afterAll(() => backend.close());
beforeEach(async () => {
  // Webhooks wait for the test to send them, unless a test lets the provider deliver them itself.
  await hook("/payment-provider", { reachable: true, holdWebhooks: true });
});

async function hook(path: string, json?: unknown): Promise<Response> {
  return fetch(
    `${backend.url}/__test${path}`,
    json === undefined
      ? {}
      : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(json) },
  );
}

let keys = 0;
const freshKey = (): string => `test-key-${String(++keys).padStart(8, "0")}`;

async function api(
  path: string,
  init: { method?: string; json?: unknown; key?: string; as?: string; account?: string } = {},
): Promise<Response> {
  const url = new URL(`${backend.api}${path}`);
  // 100002: thousands of invoices, so every test pays invoices of its own.
  url.searchParams.set("accountNumber", init.account ?? "100002");
  const headers: Record<string, string> = {
    "ocp-apim-subscription-key": backend.key,
    authorization: init.as ?? authorization,
  };
  if (init.json !== undefined) headers["content-type"] = "application/json";
  if (init.key) headers["idempotency-key"] = init.key;
  return fetch(url, {
    method: init.method ?? "GET",
    headers,
    ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
  });
}

const pay = (invoiceIds: string[], key = freshKey(), as?: string): Promise<Response> =>
  api("/invoices/payments", { method: "POST", json: { invoiceIds }, key, ...(as ? { as } : {}) });

async function created(response: Response): Promise<Payment> {
  expect(response.status).toBe(201);
  return v.parse(PaymentSchema, await response.json());
}

const payment = async (id: string): Promise<Payment> =>
  v.parse(PaymentSchema, await (await api(`/invoices/payments/${id}`)).json());

async function invoices(
  status?: string,
): Promise<{ items: Invoice[]; totals: { open: number; overdue: number } }> {
  const query = new URLSearchParams({ pageSize: "100", ...(status ? { status } : {}) });
  return v.parse(InvoiceListSchema, await (await api(`/invoices?${query}`)).json());
}

/** Unpaid, owed invoices of 100001 that no test used yet (each test takes its own). */
let pool: Invoice[] = [];
async function unpaid(): Promise<Invoice> {
  if (pool.length === 0) {
    const { items } = await invoices("open");
    pool = [...items, ...(await invoices("overdue")).items].filter(
      (invoice) => invoice.status !== "paid" && invoice.amountInclVat > 0,
    );
  }
  const next = pool.shift();
  if (!next) throw new Error("no unpaid invoice left in the seed");
  return next;
}

/** The tester's choice on the provider's hosted checkout. */
async function finishCheckout(
  checkoutUrl: string,
  outcome: "paid" | "failed" | "canceled" | "expired",
): Promise<Response> {
  const page = await fetch(checkoutUrl);
  expect(page.status).toBe(200);
  return fetch(checkoutUrl, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ method: "ideal", outcome }).toString(),
    redirect: "manual",
  });
}

/** A webhook as the provider signs it (or with another secret / time, to be refused). */
function webhook(
  providerId: string,
  options: { secret?: string; timestamp?: number } = {},
): Promise<Response> {
  const body = new URLSearchParams({ id: providerId }).toString();
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  const delivery = randomUUID();
  return sendWebhook(
    body,
    timestamp,
    delivery,
    signWebhook(options.secret ?? paymentConfig(backend.config).webhookSecret, timestamp, delivery, body),
  );
}

const sendWebhook = (
  body: string,
  timestamp: number,
  delivery: string,
  signature: string,
): Promise<Response> =>
  fetch(`${backend.url}${WEBHOOK_PATH}`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      [TIMESTAMP_HEADER]: String(timestamp),
      [DELIVERY_HEADER]: delivery,
      [SIGNATURE_HEADER]: signature,
    },
    body,
  });

/** The provider's id of our payment: the last path segment of its checkout. */
const providerIdOf = (checkoutUrl: string | null): string => checkoutUrl?.split("/").at(-1) ?? "";

const log = async (): Promise<{ outcome: string; reason: string; providerId: string | null }[]> =>
  (await hook("/payment-webhooks")).json();

describe("creating a payment", () => {
  it("answers the provider's checkout for the invoices, locking them while it is open", async () => {
    const invoice = await unpaid();
    const made = await created(await pay([invoice.id]));
    expect(made).toMatchObject({
      status: "open",
      amount: invoice.amountInclVat,
      invoices: [{ id: invoice.id, number: invoice.number }],
    });
    expect(made.checkoutUrl).toMatch(/\/payment-provider\/checkout\/tr_/);
    const checkout = await (await fetch(made.checkoutUrl ?? "")).text();
    // iDEAL first and chosen, the amount in Dutch.
    expect(checkout.indexOf('value="ideal"')).toBeLessThan(checkout.indexOf('value="bancontact"'));
    expect(checkout).toContain(
      new Intl.NumberFormat("nl-NL", { style: "currency", currency: "EUR" }).format(
        invoice.amountInclVat / 100,
      ),
    );
  });

  it("answers the same payment to the same Idempotency-Key, and refuses the key for other invoices", async () => {
    const [first, second] = [await unpaid(), await unpaid()];
    const key = freshKey();
    const made = await created(await pay([first.id], key));
    const again = await pay([first.id], key);
    expect(again.status).toBe(200);
    expect(v.parse(PaymentSchema, await again.json()).id).toBe(made.id);
    const other = await pay([second.id], key);
    expect(other.status).toBe(409);
    expect(await other.json()).toMatchObject({ code: "idempotency_key_reused" });
  });

  it("two tabs paying the same invoice at once: one payment, the other told which one is under way", async () => {
    const invoice = await unpaid();
    const answers = await Promise.all([pay([invoice.id]), pay([invoice.id]), pay([invoice.id])]);
    const made = answers.filter((answer) => answer.status === 201);
    expect(made).toHaveLength(1);
    const winner = v.parse(PaymentSchema, await made[0]?.json());
    for (const answer of answers.filter((answer) => answer.status !== 201)) {
      expect(answer.status).toBe(409);
      expect(v.parse(PaymentInProgressSchema, await answer.json()).paymentId).toBe(winner.id);
    }
  });

  it("refuses a paid invoice with its receipt, a credit note as not payable, another account's invoice as unknown", async () => {
    const { items } = await invoices();
    const paid = items.find((invoice) => invoice.status === "paid" && invoice.amountInclVat > 0);
    const credit = items.find((invoice) => invoice.type === "credit_note" && invoice.status !== "paid");
    const refused = await pay([paid?.id ?? ""]);
    expect(refused.status).toBe(409);
    expect(v.parse(AlreadyPaidSchema, await refused.json()).receipts).toEqual([
      {
        invoiceId: paid?.id,
        number: paid?.number,
        amountInclVat: paid?.amountInclVat,
        paidDate: paid?.paidDate,
        paymentId: null,
      },
    ]);
    const notPayable = await pay([credit?.id ?? ""]);
    expect(v.parse(ValidationErrorSchema, await notPayable.json()).errors).toEqual([
      { field: "invoiceIds.0", code: "not_payable" },
    ]);
    const theirs = v.parse(
      InvoiceListSchema,
      await (await api("/invoices?pageSize=1&status=overdue", { account: "100001" })).json(),
    ).items[0];
    expect((await pay([theirs?.id ?? ""])).status).toBe(404);
  });

  it("refuses a missing or malformed key, an empty or duplicate list, and a caller without FACTUREN on the account", async () => {
    const invoice = await unpaid();
    const noKey = await api("/invoices/payments", { method: "POST", json: { invoiceIds: [invoice.id] } });
    expect(v.parse(ValidationErrorSchema, await noKey.json()).errors).toEqual([
      { field: "idempotencyKey", code: "required" },
    ]);
    expect((await pay([invoice.id], "short")).status).toBe(400);
    expect(v.parse(ValidationErrorSchema, await (await pay([])).json()).errors[0]).toMatchObject({
      field: "invoiceIds",
      code: "required",
    });
    expect(
      v.parse(ValidationErrorSchema, await (await pay([invoice.id, invoice.id])).json()).errors[0],
    ).toMatchObject({ code: "duplicate" });
    // facturen@example.com has FACTUREN on 100001 only.
    const elsewhere = await api("/invoices/payments", {
      method: "POST",
      json: { invoiceIds: [invoice.id] },
      key: freshKey(),
      as: facturenOnly,
    });
    expect(elsewhere.status).toBe(403);
  });

  it("provider unreachable: 502, the invoice stays open and unlocked, the same key works once it is back", async () => {
    const invoice = await unpaid();
    const before = await invoices();
    await hook("/payment-provider", { reachable: false });
    const key = freshKey();
    const refused = await pay([invoice.id], key);
    expect(refused.status).toBe(502);
    v.parse(ProviderUnavailableSchema, await refused.json());
    expect((await invoices()).totals).toEqual(before.totals);
    await hook("/payment-provider", { reachable: true });
    await created(await pay([invoice.id], key));
  });
});

describe("the webhook", () => {
  it("paid: only the signed webhook settles the invoice and lowers the balance; the same webhook twice changes nothing", async () => {
    const invoice = await unpaid();
    const before = (await invoices()).totals;
    const made = await created(await pay([invoice.id]));
    const back = await finishCheckout(made.checkoutUrl ?? "", "paid");
    expect(back.status).toBe(303);
    expect(back.headers.get("location")).toBe(
      `${backend.config.sitePort ? `http://localhost:${backend.config.sitePort}` : ""}/mijn-account/betaling?id=${made.id}&terug=1`,
    );
    // Back on the portal before the webhook: still open, nothing paid yet.
    expect((await payment(made.id)).status).toBe("open");

    expect((await webhook(providerIdOf(made.checkoutUrl))).status).toBe(200);
    const paid = await payment(made.id);
    expect(paid).toMatchObject({ status: "paid", checkoutUrl: null });
    const after = await invoices();
    const owed = (totals: { open: number; overdue: number }) => totals.open + totals.overdue;
    expect(owed(after.totals)).toBe(owed(before) - invoice.amountInclVat);
    expect(after.items.find((item) => item.id === invoice.id)?.status).toBe("paid");

    expect((await webhook(providerIdOf(made.checkoutUrl))).status).toBe(200);
    expect((await invoices()).totals).toEqual(after.totals);
    expect((await log()).slice(-2).map((entry) => entry.outcome)).toEqual(["applied", "unchanged"]);
    // Paying it again: refused with the receipt of this payment.
    const again = await pay([invoice.id]);
    expect(v.parse(AlreadyPaidSchema, await again.json()).receipts[0]?.paymentId).toBe(made.id);
  });

  it.each(["failed", "canceled", "expired"] as const)(
    "%s: the invoice stays open and can be paid again",
    async (outcome) => {
      const invoice = await unpaid();
      const before = (await invoices()).totals;
      const made = await created(await pay([invoice.id]));
      await finishCheckout(made.checkoutUrl ?? "", outcome);
      await webhook(providerIdOf(made.checkoutUrl));
      expect(await payment(made.id)).toMatchObject({ status: outcome, checkoutUrl: null, paidAt: null });
      expect((await invoices()).totals).toEqual(before);
      const retry = await created(await pay([invoice.id]));
      expect(retry.id).not.toBe(made.id);
    },
  );

  it("a bad signature, an old timestamp, a replay and an unknown id are refused, logged, and change nothing", async () => {
    const invoice = await unpaid();
    const made = await created(await pay([invoice.id]));
    await finishCheckout(made.checkoutUrl ?? "", "paid");
    const id = providerIdOf(made.checkoutUrl);

    expect((await webhook(id, { secret: "not-the-providers-secret" })).status).toBe(401);
    expect((await webhook(id, { timestamp: Math.floor(Date.now() / 1000) - 3_600 })).status).toBe(401);
    expect((await webhook("tr_somebodyElse1")).status).toBe(404);
    expect((await payment(made.id)).status).toBe("open");

    const body = new URLSearchParams({ id }).toString();
    const timestamp = Math.floor(Date.now() / 1000);
    const delivery = randomUUID();
    const signature = signWebhook(paymentConfig(backend.config).webhookSecret, timestamp, delivery, body);
    expect((await sendWebhook(body, timestamp, delivery, signature)).status).toBe(200);
    expect((await sendWebhook(body, timestamp, delivery, signature)).status).toBe(409);
    expect((await log()).slice(-5).map((entry) => entry.reason)).toEqual([
      "bad_signature",
      "stale_timestamp",
      "unknown_payment",
      "ok",
      "replay",
    ]);
    expect((await payment(made.id)).status).toBe("paid");
  });

  it("delivered by the provider itself after the checkout (the webhook racing the customer's return)", async () => {
    await hook("/payment-provider", { holdWebhooks: false });
    const invoice = await unpaid();
    const made = await created(await pay([invoice.id]));
    await finishCheckout(made.checkoutUrl ?? "", "paid");
    let status = (await payment(made.id)).status;
    for (let tries = 0; status === "open" && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      status = (await payment(made.id)).status;
    }
    expect(status).toBe("paid");
  });

  it("a checkout left open (the tab closed) keeps the invoice locked until the payment ends; the checkout page says it ended", async () => {
    const invoice = await unpaid();
    const made = await created(await pay([invoice.id]));
    const second = await pay([invoice.id]);
    expect(v.parse(PaymentInProgressSchema, await second.json()).paymentId).toBe(made.id);
    // The other tab finishes it; the first tab's checkout now says so instead of taking a second payment.
    await finishCheckout(made.checkoutUrl ?? "", "paid");
    const late = await fetch(made.checkoutUrl ?? "", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "method=ideal&outcome=paid",
      redirect: "manual",
    });
    expect(late.status).toBe(409);
    await hook("/payment-provider/release");
  });
});
