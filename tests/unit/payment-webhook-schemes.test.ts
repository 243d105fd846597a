import { createHmac } from "node:crypto";
import * as v from "valibot";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InvoiceListSchema, PaymentSchema } from "../../src/core/api/schemas/business.ts";
import { testStackConfig } from "../../dev/lib/stack-config.ts";
import { paymentConfig, WEBHOOK_PATH } from "../../stand-in/payments/config.ts";
import { MOLLIE_SIGNATURE_HEADER, verifyMollieSignature } from "../../stand-in/payments/signature.ts";
import { startTestBackend, type TestBackend } from "../support/backend.ts";
import { signIn } from "./support/tokens.ts";

/**
 * A real provider in place of the stand-in one is configuration (stand-in/payments/config.ts): with
 * `KP_PAYMENT_WEBHOOK_SCHEME=mollie` the backend takes webhooks as Mollie sends them, the classic
 * unsigned ones (the status is fetched from the provider all the same) and the next-generation ones
 * signed in `X-Mollie-Signature`.
 */

describe("the webhook scheme's configuration", () => {
  it("is the stand-in provider's signed deliveries unless told otherwise; Mollie's classic webhooks need no secret; another name stops the start", () => {
    expect(paymentConfig(testStackConfig(), {})).toMatchObject({ webhookScheme: "standin", webhookSecret: expect.stringMatching(/.+/) });
    expect(paymentConfig(testStackConfig(), { KP_PAYMENT_WEBHOOK_SCHEME: "mollie" })).toMatchObject({ webhookScheme: "mollie", webhookSecret: "" });
    expect(paymentConfig(testStackConfig(), { KP_PAYMENT_WEBHOOK_SCHEME: "mollie", KP_PAYMENT_WEBHOOK_SECRET: "whsec" }).webhookSecret).toBe("whsec");
    expect(() => paymentConfig(testStackConfig(), { KP_PAYMENT_WEBHOOK_SCHEME: "stripe" })).toThrow(/KP_PAYMENT_WEBHOOK_SCHEME/);
  });
});

describe("Mollie's next-generation signature", () => {
  const body = '{"resource":"event","type":"payment-link.paid"}';
  const hex = createHmac("sha256", "signing-secret").update(body).digest("hex");

  it("is the hex HMAC-SHA256 of the raw body, with or without sha256= before it", () => {
    expect(verifyMollieSignature("signing-secret", hex, body)).toEqual({ ok: true });
    expect(verifyMollieSignature("signing-secret", `sha256=${hex}`, body)).toEqual({ ok: true });
  });

  it("refuses another secret, another body, and no signature", () => {
    expect(verifyMollieSignature("other-secret", hex, body)).toEqual({ ok: false, reason: "bad_signature" });
    expect(verifyMollieSignature("signing-secret", hex, `${body} `)).toEqual({ ok: false, reason: "bad_signature" });
    expect(verifyMollieSignature("signing-secret", undefined, body)).toEqual({ ok: false, reason: "missing_signature" });
  });
});

describe("with KP_PAYMENT_WEBHOOK_SCHEME=mollie", () => {
  let backend: TestBackend;
  let authorization: string;
  beforeAll(async () => {
    // The scheme is read once, when the backend starts.
    process.env["KP_PAYMENT_WEBHOOK_SCHEME"] = "mollie";
    try {
      backend = await startTestBackend();
    } finally {
      delete process.env["KP_PAYMENT_WEBHOOK_SCHEME"];
    }
    authorization = `Bearer ${(await signIn(backend, "hoofdgebruiker@example.com")).access_token}`;
    // The stand-in provider keeps its own deliveries: the test sends each webhook as Mollie would.
    await fetch(`${backend.url}/__test/payment-provider`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ reachable: true, holdWebhooks: true }),
    });
  });
  afterAll(() => backend.close());

  const api = (path: string, init: { method?: string; json?: unknown; key?: string } = {}): Promise<Response> =>
    fetch(`${backend.api}${path}${path.includes("?") ? "&" : "?"}accountNumber=100002`, {
      method: init.method ?? "GET",
      headers: {
        "ocp-apim-subscription-key": backend.key,
        authorization,
        ...(init.json === undefined ? {} : { "content-type": "application/json" }),
        ...(init.key ? { "idempotency-key": init.key } : {}),
      },
      ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
    });
  const classicWebhook = (id: string): Promise<Response> =>
    fetch(`${backend.url}${WEBHOOK_PATH}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ id }).toString(),
    });

  it("a classic webhook, unsigned, settles a paid invoice by what the provider says; again changes nothing; an unknown id is refused", async () => {
    const open = v.parse(InvoiceListSchema, await (await api("/invoices?status=open&pageSize=5")).json()).items.find((item) => item.amountInclVat > 0);
    if (!open) throw new Error("no open invoice in the seed");
    const made = v.parse(PaymentSchema, await (await api("/invoices/payments", { method: "POST", json: { invoiceIds: [open.id] }, key: "test-key-mollie-0001" })).json());
    const providerId = made.checkoutUrl?.split("/").at(-1) ?? "";

    // Before the customer paid, the webhook only makes the backend look: still open.
    expect((await classicWebhook(providerId)).status).toBe(200);
    expect(v.parse(PaymentSchema, await (await api(`/invoices/payments/${made.id}`)).json()).status).toBe("open");

    const checkout = made.checkoutUrl ?? "";
    await fetch(checkout);
    await fetch(checkout, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ method: "ideal", outcome: "paid" }).toString(),
      redirect: "manual",
    });
    expect((await classicWebhook(providerId)).status).toBe(200);
    expect(v.parse(PaymentSchema, await (await api(`/invoices/payments/${made.id}`)).json()).status).toBe("paid");
    expect((await classicWebhook(providerId)).status).toBe(200);
    expect((await classicWebhook("tr_somebodyElse1")).status).toBe(404);
  });
});

describe("with KP_PAYMENT_WEBHOOK_SCHEME=mollie and a signing secret (next-generation webhooks)", () => {
  let backend: TestBackend;
  beforeAll(async () => {
    Object.assign(process.env, { KP_PAYMENT_WEBHOOK_SCHEME: "mollie", KP_PAYMENT_WEBHOOK_SECRET: "signing-secret" });
    try {
      backend = await startTestBackend();
    } finally {
      delete process.env["KP_PAYMENT_WEBHOOK_SCHEME"];
      delete process.env["KP_PAYMENT_WEBHOOK_SECRET"];
    }
  });
  afterAll(() => backend.close());

  const send = (body: string, signature?: string): Promise<Response> =>
    fetch(`${backend.url}${WEBHOOK_PATH}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...(signature ? { [MOLLIE_SIGNATURE_HEADER]: signature } : {}) },
      body,
    });

  it("refuses a webhook without X-Mollie-Signature or with a wrong one before looking at its id; a right one gets as far as the id", async () => {
    const body = "id=tr_unknown0001";
    expect((await send(body)).status).toBe(401);
    expect((await send(body, createHmac("sha256", "not-the-secret").update(body).digest("hex"))).status).toBe(401);
    // Signed right: on to the id, which is none of our payments.
    expect((await send(body, createHmac("sha256", "signing-secret").update(body).digest("hex"))).status).toBe(404);
  });
});
