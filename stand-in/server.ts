import http from "node:http";
import type { StackConfig } from "../dev/lib/stack-config.ts";
import { siteUrl, previewUrl } from "../dev/lib/stack-config.ts";
import { openDatabase } from "./db/index.ts";
import { handleApi, isApiPath } from "./api/router.ts";
import { API_HEADERS, HOST_HEADERS, HttpError, sendJson, setHeaders } from "./http.ts";
import { answerUnparsableRequests, requestUrl } from "../publishing/serving/malformed-requests.ts";
import { createIdentityProvider } from "./idp/index.ts";
import { handleTestHook, TEST_HOOK_PREFIX } from "./test-hooks.ts";
import { IMAGE_PREFIX, handleImage } from "./images.ts";
import { CONTACT_TEST_HOOKS, handleContactTestHook } from "./api/routes/contact-form.ts";
import { ADMIN_PREFIX, handleContentAdmin } from "./content-admin.ts";
import { handleServiceAdmin, SERVICE_ADMIN_PREFIX } from "./service-admin.ts";
import { createReceiptReceiver, RECEIPTS_PATH } from "./publish-receipts.ts";
import { clock as businessClock } from "./api/routes/business/shared.ts";
import { clock } from "./idp/clock.ts";
import { sendDueDigests } from "./notifications.ts";
import { sendDueBundles } from "./db/business/monthly-bundle.ts";

/** How often the stand-in looks for monthly bundles that are due (it also looks once at start). */
const BUNDLE_CHECK_MS = 60 * 60 * 1000;
import { paymentConfig, WEBHOOK_PATH } from "./payments/config.ts";
import { createPaymentProvider } from "./payments/provider.ts";
import { handlePaymentWebhook } from "./payments/webhook-receiver.ts";

export type Backend = { url: string; close: () => Promise<void> };

/** Origins allowed to call the API from a browser: the live and preview sites of this stack. */
export const siteOrigins = (config: StackConfig): string[] => [siteUrl(config), previewUrl(config)];

/** Starts the stand-in backend (API + identity provider) on loopback. */
export async function startBackend(config: StackConfig): Promise<Backend> {
  const db = openDatabase(config.dataDir);
  const origins = new Set(siteOrigins(config));
  const idp = createIdentityProvider(config, db);
  // The monthly bundles to bookkeepers go out on the first working day, on the business clock (the
  // seam tests move): looked for at start and every hour; each account and month is mailed once.
  const mailBundles = () => {
    try {
      sendDueBundles(db, businessClock.now(), siteUrl(config));
    } catch (error) {
      console.error("monthly bundles:", error);
    }
    // The weekly notification digests, on the stand-in's clock (tests send them through /__test/digests).
    try {
      sendDueDigests(db, clock.now(), siteUrl(config));
    } catch (error) {
      console.error("notification digests:", error);
    }
  };
  mailBundles();
  const bundleTimer = setInterval(mailBundles, BUNDLE_CHECK_MS);
  bundleTimer.unref();
  const payments = paymentConfig(config);
  // The stand-in payment provider on this host (a real one is elsewhere: payments/config.ts).
  const provider = createPaymentProvider(db, payments, [...origins]);
  // The CMS's end of the publishing server's signed receipts.
  const receiveReceipt = createReceiptReceiver(db, config);

  function route(req: http.IncomingMessage, res: http.ServerResponse, url: URL): unknown {
    setHeaders(res, HOST_HEADERS);
    if (isApiPath(url.pathname)) {
      setHeaders(res, API_HEADERS);
      if (!applyCors(req, res, origins)) return undefined;
      return handleApi(req, res, url, db, config);
    }
    if (config.mode === "test" && CONTACT_TEST_HOOKS.includes(url.pathname)) return handleContactTestHook(req, res, url, db);
    if (config.mode === "test" && url.pathname.startsWith(TEST_HOOK_PREFIX)) return handleTestHook(req, res, url, db, idp.switches, provider, siteUrl(config));
    if (url.pathname === WEBHOOK_PATH) return handlePaymentWebhook(req, res, db, payments, config.mode === "test");
    if (provider.handles(url.pathname)) return provider.handle(req, res, url);
    if (idp.handles(url.pathname)) return idp.handle(req, res, url);
    if (url.pathname === RECEIPTS_PATH) return receiveReceipt(req, res);
    if (url.pathname.startsWith(ADMIN_PREFIX)) return handleContentAdmin(req, res, url, db, config);
    if (url.pathname.startsWith(SERVICE_ADMIN_PREFIX)) return handleServiceAdmin(req, res, url, db, config);
    if (url.pathname.startsWith(IMAGE_PREFIX)) return handleImage(req, res, url, config.dataDir);
    sendJson(res, 404, { statusCode: 404 });
    return undefined;
  }

  const server = http.createServer((req, res) => {
    const url = requestUrl(req, `http://localhost:${config.backendPort}`);
    if (!url) {
      setHeaders(res, API_HEADERS);
      sendJson(res, 400, BAD_REQUEST);
      return;
    }
    // Every handler answers its own errors; this is the net under them, so a mistake in one can
    // neither stop the server (a synchronous throw) nor leave a request without an answer.
    try {
      void Promise.resolve(route(req, res, url)).catch((error: unknown) => answerError(res, error));
    } catch (error) {
      answerError(res, error);
    }
  });
  answerUnparsableRequests(server, (status) => (status === 400 ? BAD_REQUEST : { statusCode: status }));
  // Idle connections are closed by the client, never by this server: a server that closes one on
  // its own timer can do so just as the client sends the next request on it (the build sees "fetch
  // failed"), and the wider the more this process is busy answering a large site's builds.
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.listen(config.backendPort, "localhost", resolve));
  return {
    url: `http://localhost:${config.backendPort}`,
    close: async () => {
      clearInterval(bundleTimer);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(() => resolve(undefined)));
      db.close();
    },
  };
}

/** The answer to a request that is not HTTP the server can read: 400 in the API's error shape. */
const BAD_REQUEST = { statusCode: 400, errors: [{ field: "request", code: "invalid" }] };

function answerError(res: http.ServerResponse, error: unknown): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  if (error instanceof HttpError) return sendJson(res, error.status, error.body);
  console.error("[backend] unexpected error", error);
  sendJson(res, 500, { statusCode: 500 });
}

/**
 * CORS for the site's own origins only. Answers a preflight itself (no key needed there) and
 * returns false when the request is done.
 */
function applyCors(req: http.IncomingMessage, res: http.ServerResponse, origins: Set<string>): boolean {
  const origin = req.headers.origin;
  if (origin && origins.has(origin)) {
    res.setHeader("access-control-allow-origin", origin);
    res.setHeader("vary", "Origin");
    res.setHeader("access-control-expose-headers", "content-disposition");
  }
  if (req.method !== "OPTIONS") return true;
  if (origin && origins.has(origin)) {
    res.setHeader("access-control-allow-methods", "GET, POST, PUT, DELETE");
    res.setHeader(
      "access-control-allow-headers",
      "authorization, content-type, ocp-apim-subscription-key, cache-control, pragma, idempotency-key",
    );
    res.setHeader("access-control-max-age", "600");
  }
  res.statusCode = 204;
  res.end();
  return false;
}
