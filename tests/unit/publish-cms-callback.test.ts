import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as v from "valibot";
import {
  createCmsCallback,
  publishReceiptOf,
  PublishReceiptSchema,
  RETRY_DELAYS_MS,
} from "../../publishing/server/cms-callback.ts";
import { memoryLogger } from "../../publishing/server/log.ts";
import { sendContentWebhook } from "../../publishing/server/notify.ts";
import type { BuildRecord } from "../../publishing/server/pipeline.ts";
import { CMS_CALLBACK_SECRET, secretFor } from "../../publishing/server/secrets.ts";
import { createVerifier, signRequest } from "../../publishing/server/signature.ts";
import { TEST_ADMIN_SECRET } from "../../stand-in/content-admin.ts";
import { receiptLine } from "../../stand-in/content-admin-cli.ts";
import { startTestBackend, type TestBackend } from "../support/backend.ts";

/**
 * The signed callback to the CMS: the receipt of each change, signed by the one rule the incoming
 * webhook is signed with, retried with growing waits on the timer seam without holding up the
 * publish; the stand-in CMS checks, keeps and lists it, and refuses a bad signature.
 */

const record = (overrides: Partial<BuildRecord> = {}): BuildRecord => ({
  result: "success",
  path: "fast",
  fullReason: null,
  rendered: 16,
  changed: [],
  triggers: [
    {
      source: "webhook",
      topic: "ContentManagement.Entry.publish",
      id: "article:statiegeld-op-blik",
      at: "2026-11-27T13:00:00.000Z",
    },
  ],
  startedAt: "2026-11-27T13:00:00.100Z",
  durationMs: 900,
  release: "20261127-130001-000",
  pages: 120,
  error: null,
  problems: [],
  deploy: "none",
  liveAt: "2026-11-27T13:00:00.940Z",
  ...overrides,
});

const SECRET = "cms-callback-secret-of-at-least-32-characters";
const URL_ = "http://cms.test/hooks/publish-receipt?space=klantportaal";

type Sent = { url: string; headers: Record<string, string>; body: string };

/** A fetch that records each request and answers from `answers` in turn (an Error is thrown). */
function fakeFetch(answers: (number | Error)[]): { fetch: typeof fetch; sent: Sent[] } {
  const sent: Sent[] = [];
  const fetchFn = (async (input: string | URL | Request, init?: RequestInit) => {
    sent.push({
      url: String(input),
      headers: init?.headers as Record<string, string>,
      body: String(init?.body),
    });
    const answer = answers.shift() ?? 200;
    if (answer instanceof Error) throw answer;
    return new Response(null, { status: answer });
  }) as typeof fetch;
  return { fetch: fetchFn, sent };
}

/** A timer seam the test fires by hand. */
function manualTimers() {
  const waiting: { ms: number; run: () => void }[] = [];
  return {
    waiting,
    setTimer: (ms: number, run: () => void) => {
      const entry = { ms, run };
      waiting.push(entry);
      return () => void waiting.splice(waiting.indexOf(entry), 1);
    },
    fireNext: () => waiting.shift()?.run(),
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the receipt sent to the CMS", () => {
  it("says what, which path, how many pages, when live and how many seconds", () => {
    const receipt = publishReceiptOf("live", record(), "r-1");
    expect(v.parse(PublishReceiptSchema, receipt)).toEqual({
      id: "r-1",
      site: "live",
      result: "live",
      changes: [
        {
          topic: "ContentManagement.Entry.publish",
          id: "article:statiegeld-op-blik",
          source: "webhook",
          at: "2026-11-27T13:00:00.000Z",
        },
      ],
      path: "fast",
      fullReason: null,
      pagesRendered: 16,
      release: "20261127-130001-000",
      receivedAt: "2026-11-27T13:00:00.000Z",
      liveAt: "2026-11-27T13:00:00.940Z",
      seconds: 0.9,
      failure: null,
    });
  });

  it("or the failure, with nothing live", () => {
    const receipt = publishReceiptOf(
      "live",
      record({ result: "failed", liveAt: null, error: "Invalid content in article x" }),
    );
    expect(receipt).toMatchObject({
      result: "failed",
      liveAt: null,
      seconds: null,
      release: null,
      failure: "Invalid content in article x",
    });
  });

  it("is sent for changes of the CMS only, not for a start-up build", () => {
    expect(
      publishReceiptOf(
        "live",
        record({
          triggers: [{ source: "manual", topic: "startup", id: "live", at: "2026-11-27T13:00:00.000Z" }],
        }),
      ),
    ).toBeUndefined();
  });
});

describe("the signed callback", () => {
  it("is signed as the incoming webhook is: timestamp and body under HMAC-SHA256", async () => {
    const { fetch, sent } = fakeFetch([204]);
    const now = 1_764_248_400_000;
    const callback = createCmsCallback({
      settings: { url: URL_, secret: SECRET },
      log: memoryLogger(),
      now: () => now,
      fetch,
    });
    callback.send("live", record());
    await callback.idle();
    const [request] = sent;
    if (!request) throw new Error("nothing sent");
    expect(request.url).toBe(URL_);
    expect(request.headers["x-contentful-timestamp"]).toBe(String(now));
    expect(request.headers["x-contentful-signed-headers"]?.split(",")).toContain("x-contentful-timestamp");
    const verify = createVerifier({ secret: SECRET, now: () => now });
    const path = "/hooks/publish-receipt?space=klantportaal";
    expect(verify({ method: "POST", path, headers: request.headers, body: request.body })).toEqual({
      ok: true,
    });
    // Another body, another time or another secret under the same signature: refused.
    const fresh = () => createVerifier({ secret: SECRET, now: () => now });
    expect(
      fresh()({
        method: "POST",
        path,
        headers: request.headers,
        body: request.body.replace('"live"', '"failed"'),
      }),
    ).toEqual({ ok: false, reason: "bad-signature" });
    expect(
      fresh()({
        method: "POST",
        path,
        headers: { ...request.headers, "x-contentful-timestamp": String(now + 1) },
        body: request.body,
      }),
    ).toEqual({ ok: false, reason: "bad-signature" });
    expect(
      createVerifier({ secret: "another secret", now: () => now })({
        method: "POST",
        path,
        headers: request.headers,
        body: request.body,
      }),
    ).toEqual({ ok: false, reason: "bad-signature" });
  });

  it("retries with growing waits on the timer seam, signed afresh each time, without holding up the publish", async () => {
    const { fetch, sent } = fakeFetch([new Error("ECONNREFUSED"), 503, 202]);
    const timers = manualTimers();
    let now = 1_000_000;
    const log = memoryLogger();
    const callback = createCmsCallback({
      settings: { url: URL_, secret: SECRET },
      log,
      now: () => now,
      setTimer: timers.setTimer,
      fetch,
    });
    // send() hands over and returns: the next build does not wait for the CMS.
    expect(callback.send("live", record())).toBeUndefined();
    await flush();
    expect(sent).toHaveLength(1);
    expect(timers.waiting.map((timer) => timer.ms)).toEqual([RETRY_DELAYS_MS[0]]);
    now += RETRY_DELAYS_MS[0];
    timers.fireNext();
    await flush();
    expect(sent).toHaveLength(2);
    expect(timers.waiting.map((timer) => timer.ms)).toEqual([RETRY_DELAYS_MS[1]]);
    now += RETRY_DELAYS_MS[1];
    timers.fireNext();
    await callback.idle();
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((request) => request.headers["x-contentful-timestamp"])).size).toBe(3);
    expect(new Set(sent.map((request) => request.body)).size).toBe(1);
    expect(log.entries.map((entry) => entry["event"])).toEqual([
      "cms-callback.retry",
      "cms-callback.retry",
      "cms-callback.sent",
    ]);
  });

  it("gives up after the last wait, and at once on a refusal of the receipt itself", async () => {
    const timers = manualTimers();
    const down = fakeFetch(RETRY_DELAYS_MS.map(() => 500).concat(500));
    const log = memoryLogger();
    const callback = createCmsCallback({
      settings: { url: URL_, secret: SECRET },
      log,
      setTimer: timers.setTimer,
      fetch: down.fetch,
    });
    callback.send("live", record());
    for (let i = 0; i < RETRY_DELAYS_MS.length; i++) {
      await flush();
      timers.fireNext();
    }
    await callback.idle();
    expect(down.sent).toHaveLength(RETRY_DELAYS_MS.length + 1);
    expect(log.entries.at(-1)).toMatchObject({ event: "cms-callback.gave-up" });

    const refused = fakeFetch([401]);
    const quiet = memoryLogger();
    const second = createCmsCallback({
      settings: { url: URL_, secret: SECRET },
      log: quiet,
      setTimer: timers.setTimer,
      fetch: refused.fetch,
    });
    second.send("live", record());
    await second.idle();
    expect(refused.sent).toHaveLength(1);
    expect(quiet.entries).toEqual([expect.objectContaining({ event: "cms-callback.refused", status: 401 })]);
  });
});

describe("a signed request answered with a redirect", () => {
  it("is never carried on to where the redirect points: the receipt and the content webhook stop at the address they were signed for", async () => {
    const reached: string[] = [];
    const elsewhere = http.createServer((req, res) => {
      reached.push(String(req.url));
      res.end();
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, "127.0.0.1", resolve));
    const target = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}/collect`;
    const redirector = http.createServer((_req, res) => {
      res.writeHead(307, { location: target });
      res.end();
    });
    await new Promise<void>((resolve) => redirector.listen(0, "127.0.0.1", resolve));
    const from = `http://127.0.0.1:${(redirector.address() as AddressInfo).port}/hooks`;
    try {
      const log = memoryLogger();
      const callback = createCmsCallback({ settings: { url: from, secret: SECRET }, log, setTimer: manualTimers().setTimer });
      callback.send("live", record());
      await callback.idle();
      expect(log.entries).toEqual([expect.objectContaining({ event: "cms-callback.refused", status: 307 })]);
      const status = await sendContentWebhook({ url: from, secret: SECRET, change: { action: "publish", type: "article", slug: "statiegeld-op-blik", locale: "nl-NL" } });
      expect(status).toBe(307);
      expect(reached).toEqual([]);
    } finally {
      redirector.close();
      elsewhere.close();
    }
  });
});

describe("the stand-in CMS's end of the callback", () => {
  let backend: TestBackend;
  let secret: string;
  beforeAll(async () => {
    backend = await startTestBackend();
    secret = await secretFor(backend.config.dataDir, CMS_CALLBACK_SECRET, undefined);
  });
  afterAll(() => backend.close());

  const list = async () =>
    (
      (await (
        await fetch(`${backend.url}/admin/content/receipts`, {
          headers: { authorization: `Bearer ${TEST_ADMIN_SECRET}` },
        })
      ).json()) as { receipts: { id: string }[] }
    ).receipts;

  it("keeps a receipt signed with its secret (once, however often it comes) and lists it", async () => {
    const callback = createCmsCallback({
      settings: { url: `${backend.url}/cms/publish-receipts`, secret },
      log: memoryLogger(),
    });
    callback.send("live", record());
    callback.send("preview", record({ result: "failed", liveAt: null, error: "boom" }));
    await callback.idle();
    const receipts = await list();
    expect(receipts.map((receipt) => receipt.id)).toHaveLength(2);
    const body = JSON.stringify(publishReceiptOf("live", record(), receipts[0]?.id));
    const headers = { "content-type": "application/json" };
    const again = await fetch(`${backend.url}/cms/publish-receipts`, {
      method: "POST",
      headers: {
        ...headers,
        ...signRequest(secret, { method: "POST", path: "/cms/publish-receipts", headers, body }, Date.now()),
      },
      body,
    });
    expect(again.status).toBe(202);
    expect(await list()).toHaveLength(2);
    expect(
      receiptLine((await list()).find((receipt) => (receipt as { site?: string }).site === "live") as never),
    ).toBe(
      "2026-11-27T13:00:00.000Z live    article:statiegeld-op-blik (publish): fast, 16 pages live at 2026-11-27T13:00:00.940Z (0.9 s)",
    );
  });

  it("refuses a receipt with a bad signature, an old one, or a body that is not a receipt", async () => {
    const before = (await list()).length;
    const headers = { "content-type": "application/json" };
    const body = JSON.stringify(publishReceiptOf("live", record()));
    const post = (extra: Record<string, string>, payload = body) =>
      fetch(`${backend.url}/cms/publish-receipts`, {
        method: "POST",
        headers: { ...headers, ...extra },
        body: payload,
      });
    const forged = signRequest(
      "not the secret",
      { method: "POST", path: "/cms/publish-receipts", headers, body },
      Date.now(),
    );
    expect((await post(forged)).status).toBe(401);
    const old = signRequest(
      secret,
      { method: "POST", path: "/cms/publish-receipts", headers, body },
      Date.now() - 60_000,
    );
    expect((await post(old)).status).toBe(401);
    expect((await post({})).status).toBe(401);
    const notAReceipt = JSON.stringify({ id: "x", site: "elsewhere" });
    const signed = signRequest(
      secret,
      { method: "POST", path: "/cms/publish-receipts", headers, body: notAReceipt },
      Date.now(),
    );
    expect((await post(signed, notAReceipt)).status).toBe(400);
    expect(await list()).toHaveLength(before);
  });
});
