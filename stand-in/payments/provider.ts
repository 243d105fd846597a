import { createHash, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import type http from "node:http";
import type { DatabaseSync } from "node:sqlite";
import * as v from "valibot";
import { PAYMENT_STATUSES } from "../../src/core/api/schemas/business.ts";
import { readRawBody, sendJson } from "../http.ts";
import { checkoutLang, checkoutPage, finishedPage, notFoundPage } from "./checkout-page.ts";
import { PROVIDER_PREFIX, type PaymentConfig } from "./config.ts";
import {
  finishProviderPayment,
  insertProviderPayment,
  migrateProvider,
  providerRow,
  providerRowByKey,
  type ProviderRow,
} from "./provider-store.ts";
import { DELIVERY_HEADER, SIGNATURE_HEADER, signWebhook, TIMESTAMP_HEADER } from "./signature.ts";
import { deliverWithRetries, realTimer, type Timer } from "./webhook-delivery.ts";

/**
 * The stand-in payment provider, shaped like Mollie's payments API so a real one replaces it by
 * configuration (stand-in/payments/config.ts): `POST /v2/payments` (bearer API key, Idempotency-Key)
 * answers the payment with `_links.checkout`; `GET /v2/payments/{id}` its current status; the hosted
 * checkout at `/checkout/{id}`; on every status change a webhook to the payment's `webhookUrl` with
 * only `id=tr_…` in the body (the receiver fetches the status), signed with the provider's secret and
 * retried with backoff. Never deployed.
 */

/** What tests steer: an unreachable API (connections dropped), webhooks held back until released. */
export type ProviderSwitches = { reachable: boolean; holdWebhooks: boolean };

/** The provider's clock and timer seams (expiry, webhook timestamps, retry waits). */
export const providerClock: { now: () => number; timer: Timer } = { now: () => Date.now(), timer: realTimer };

const CreateBody = v.object({
  amount: v.object({ currency: v.literal("EUR"), value: v.pipe(v.string(), v.regex(/^\d{1,9}\.\d{2}$/)) }),
  description: v.pipe(v.string(), v.minLength(1), v.maxLength(255)),
  redirectUrl: v.pipe(v.string(), v.url()),
  webhookUrl: v.pipe(v.string(), v.url()),
  locale: v.optional(v.picklist(["nl_NL", "en_US"]), "nl_NL"),
});

const OutcomeBody = v.object({
  outcome: v.picklist(["paid", "failed", "canceled", "expired"]),
  method: v.optional(v.picklist(["ideal", "bancontact", "creditcard"]), "ideal"),
});

const CSS = readFileSync(new URL("./checkout.css", import.meta.url));

export type PaymentProvider = {
  handles: (pathname: string) => boolean;
  handle: (req: http.IncomingMessage, res: http.ServerResponse, url: URL) => Promise<void>;
  switches: ProviderSwitches;
  /** Sends the webhooks held back while `holdWebhooks` was on; how many. */
  releaseWebhooks: () => number;
};

export function createPaymentProvider(
  db: DatabaseSync,
  config: PaymentConfig,
  siteOrigins: readonly string[],
): PaymentProvider {
  migrateProvider(db);
  const switches: ProviderSwitches = { reachable: true, holdWebhooks: false };
  const held: string[] = [];
  const base = config.providerUrl.replace(/\/$/, "");

  /** Posts `id=<id>` to the payment's webhook, signed at each attempt, retried until a 2xx (or held back). */
  function notify(id: string): void {
    if (switches.holdWebhooks) held.push(id);
    else send(id);
  }

  function send(id: string): void {
    const row = providerRow(db, id);
    if (!row) return;
    const body = new URLSearchParams({ id }).toString();
    deliverWithRetries(async () => {
      const timestamp = Math.floor(providerClock.now() / 1000);
      const delivery = randomUUID();
      const response = await fetch(row.webhook_url, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          [TIMESTAMP_HEADER]: String(timestamp),
          [DELIVERY_HEADER]: delivery,
          [SIGNATURE_HEADER]: signWebhook(config.webhookSecret, timestamp, delivery, body),
        },
        body,
        // Signed for the webhook address it was given: never carried on to where a redirect points.
        redirect: "manual",
        signal: AbortSignal.timeout(15_000),
      });
      return response.ok;
    }, providerClock.timer);
  }

  /** An open payment past its expiry becomes expired when next looked at (and says so by webhook). */
  function current(id: string): ProviderRow | undefined {
    const row = providerRow(db, id);
    if (row?.status === "open" && Date.parse(row.expires_at) <= providerClock.now()) {
      if (finishProviderPayment(db, id, "expired", null, providerClock.now())) notify(id);
      return providerRow(db, id);
    }
    return row;
  }

  const resource = (row: ProviderRow) => ({
    resource: "payment",
    id: row.id,
    status: row.status,
    amount: { currency: "EUR", value: row.amount },
    description: row.description,
    method: row.method,
    locale: row.locale,
    redirectUrl: row.redirect_url,
    webhookUrl: row.webhook_url,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    paidAt: row.paid_at,
    _links:
      row.status === "open" ? { checkout: { href: `${base}/checkout/${row.id}`, type: "text/html" } } : {},
  });

  function sendHtml(res: http.ServerResponse, status: number, html: string): void {
    res.statusCode = status;
    res.setHeader("content-type", "text/html; charset=utf-8");
    res.setHeader(
      "content-security-policy",
      `default-src 'none'; style-src 'self'; font-src 'self'; form-action 'self' ${siteOrigins.join(" ")}; frame-ancestors 'none'; base-uri 'none'`,
    );
    res.setHeader("cache-control", "no-store");
    res.setHeader("referrer-policy", "no-referrer");
    res.end(html);
  }

  async function api(req: http.IncomingMessage, res: http.ServerResponse, rest: string): Promise<void> {
    if (req.headers.authorization !== `Bearer ${config.apiKey}`)
      return sendJson(res, 401, { status: 401, title: "Unauthorized Request" });
    if (req.method === "POST" && rest === "/v2/payments") {
      const raw = (await readRawBody(req, 16_000)).toString("utf8");
      let parsed: v.SafeParseResult<typeof CreateBody>;
      try {
        parsed = v.safeParse(CreateBody, JSON.parse(raw));
      } catch {
        return sendJson(res, 422, {
          status: 422,
          title: "Unprocessable Entity",
          detail: "The body is not JSON",
        });
      }
      if (!parsed.success)
        return sendJson(res, 422, {
          status: 422,
          title: "Unprocessable Entity",
          field: v.getDotPath(parsed.issues[0]),
        });
      const key = typeof req.headers["idempotency-key"] === "string" ? req.headers["idempotency-key"] : null;
      const hash = createHash("sha256").update(raw).digest("hex");
      const earlier = key ? providerRowByKey(db, key) : undefined;
      if (earlier) {
        if (earlier.request_hash !== hash)
          return sendJson(res, 422, { status: 422, title: "Idempotency key reused with another request" });
        return sendJson(res, 201, resource(current(earlier.id) ?? earlier));
      }
      const row = insertProviderPayment(
        db,
        { ...parsed.output, amount: parsed.output.amount.value, key, hash },
        providerClock.now(),
      );
      return sendJson(res, 201, resource(row));
    }
    const one = /^\/v2\/payments\/([A-Za-z0-9_]+)$/.exec(rest);
    if (req.method === "GET" && one?.[1]) {
      const row = current(one[1]);
      return row
        ? sendJson(res, 200, resource(row))
        : sendJson(res, 404, { status: 404, title: "Not Found" });
    }
    sendJson(res, 404, { status: 404, title: "Not Found" });
  }

  async function checkout(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    id: string,
    url: URL,
  ): Promise<void> {
    const row = current(id);
    if (!row) return sendHtml(res, 404, notFoundPage(checkoutLang(url.searchParams.get("locale") ?? "nl")));
    if (req.method === "GET")
      return sendHtml(
        res,
        200,
        row.status === "open"
          ? checkoutPage(row, `${PROVIDER_PREFIX}/checkout/${row.id}`)
          : finishedPage(row),
      );
    if (req.method !== "POST") return sendJson(res, 405, { status: 405 });
    const form = Object.fromEntries(new URLSearchParams((await readRawBody(req, 4_000)).toString("utf8")));
    const outcome = v.safeParse(OutcomeBody, form);
    if (!outcome.success)
      return sendHtml(res, 400, checkoutPage(row, `${PROVIDER_PREFIX}/checkout/${row.id}`));
    if (
      !finishProviderPayment(db, row.id, outcome.output.outcome, outcome.output.method, providerClock.now())
    ) {
      // Finished meanwhile (another tab, or expired): say what became of it instead.
      return sendHtml(res, 409, finishedPage(providerRow(db, row.id) ?? row));
    }
    // Back to the portal first, the webhook right after: which of the two arrives first is left to chance, as with a real provider.
    res.statusCode = 303;
    res.setHeader("location", row.redirect_url);
    res.setHeader("cache-control", "no-store");
    res.end();
    notify(row.id);
  }

  return {
    switches,
    handles: (pathname) => pathname.startsWith(`${PROVIDER_PREFIX}/`),
    async handle(req, res, url) {
      const rest = url.pathname.slice(PROVIDER_PREFIX.length);
      if (rest === "/checkout.css") {
        res.setHeader("content-type", "text/css; charset=utf-8");
        res.end(CSS);
        return;
      }
      const page = /^\/checkout\/([A-Za-z0-9_]+)$/.exec(rest);
      if (page?.[1]) return checkout(req, res, page[1], url);
      if (!switches.reachable) {
        // As a provider that cannot be reached: the connection ends without an answer.
        req.socket.destroy();
        return;
      }
      return api(req, res, rest);
    },
    releaseWebhooks() {
      const ids = held.splice(0);
      for (const id of ids) send(id);
      return ids.length;
    },
  };
}

export const isPaymentStatus = (value: unknown): value is (typeof PAYMENT_STATUSES)[number] =>
  typeof value === "string" && (PAYMENT_STATUSES as readonly string[]).includes(value);
