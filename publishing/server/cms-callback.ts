/**
 * The signed callback to the CMS: after each change went live or failed, the receipt of it (what,
 * fast or full, pages, live at and seconds, or the failure) is POSTed to a URL the CMS gives,
 * signed as the CMS signs its webhooks to us (signature.ts, the one place that rule lives: HMAC-SHA256
 * over method, path, the timestamp header and the body). Sent beside the publish, never in its way:
 * a CMS that is down gets the receipt again later, with growing waits, on the timer seam.
 */
import { randomUUID } from "node:crypto";
import * as v from "valibot";
import type { Logger } from "./log.ts";
import type { BuildRecord } from "./pipeline.ts";
import { signRequest } from "./signature.ts";

/** The receipt as the CMS receives it (the stand-in CMS checks every one against this schema). */
export const PublishReceiptSchema = v.object({
  /** Unique per receipt: a receipt sent again after a lost answer is stored once. */
  id: v.pipe(v.string(), v.nonEmpty(), v.maxLength(100)),
  site: v.picklist(["live", "preview"]),
  result: v.picklist(["live", "failed"]),
  changes: v.pipe(
    v.array(
      v.object({
        topic: v.pipe(v.string(), v.maxLength(200)),
        id: v.pipe(v.string(), v.maxLength(300)),
        source: v.pipe(v.string(), v.maxLength(50)),
        at: v.pipe(v.string(), v.isoTimestamp()),
      }),
    ),
    v.maxLength(1000),
  ),
  path: v.nullable(v.picklist(["fast", "full"])),
  fullReason: v.nullable(v.pipe(v.string(), v.maxLength(2000))),
  pagesRendered: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0))),
  release: v.nullable(v.pipe(v.string(), v.maxLength(100))),
  receivedAt: v.pipe(v.string(), v.isoTimestamp()),
  liveAt: v.nullable(v.pipe(v.string(), v.isoTimestamp())),
  /** From the first change received to live, in seconds (one decimal); null when it failed. */
  seconds: v.nullable(v.pipe(v.number(), v.minValue(0))),
  /** The build's own error when it failed; the old release stayed live. */
  failure: v.nullable(v.pipe(v.string(), v.maxLength(20_000))),
});
export type PublishReceipt = v.InferOutput<typeof PublishReceiptSchema>;

/** Builds the CMS has a part in: a webhook or a scheduled action, not a start-up or manual build. */
const fromCms = (record: BuildRecord): boolean =>
  record.triggers.some((trigger) => trigger.source === "webhook" || trigger.source === "schedule");

/** The receipt of one build of a site, or undefined when no CMS change caused it. */
export function publishReceiptOf(
  site: "live" | "preview",
  record: BuildRecord,
  id: string = randomUUID(),
): PublishReceipt | undefined {
  if (!fromCms(record)) return undefined;
  const receivedAt = record.triggers.map((trigger) => trigger.at).sort()[0] ?? record.startedAt;
  const live = record.result === "success" && record.liveAt ? record.liveAt : null;
  return {
    id,
    site,
    result: live ? "live" : "failed",
    changes: record.triggers.map(({ topic, id: entry, source, at }) => ({ topic, id: entry, source, at })),
    path: record.path,
    fullReason: record.fullReason,
    pagesRendered: record.path === "fast" ? record.rendered : null,
    release: live ? record.release : null,
    receivedAt,
    liveAt: live,
    seconds: live ? Math.max(0, Math.round((Date.parse(live) - Date.parse(receivedAt)) / 100) / 10) : null,
    failure: live ? null : (record.error ?? "the release did not go live"),
  };
}

/** Waits before the 2nd, 3rd, … attempt: about a quarter of an hour in all, then the receipt is given up. */
export const RETRY_DELAYS_MS = [2_000, 10_000, 60_000, 300_000, 600_000] as const;
/** One attempt waits this long for the CMS's answer. */
const ATTEMPT_TIMEOUT_MS = 10_000;

export type CmsCallbackSettings = { url: string; secret: string };

export type CmsCallback = {
  /** Hands a finished build over; returns at once (the publish never waits for the CMS). */
  send: (site: "live" | "preview", record: BuildRecord) => void;
  /** Resolves once no receipt is being sent or waiting for a retry (tests, shutdown). */
  idle: () => Promise<void>;
  /** Drops the retries still waiting. */
  close: () => void;
};

export function createCmsCallback(options: {
  settings: CmsCallbackSettings;
  log: Logger;
  /** Epoch ms: the signature's timestamp. */
  now?: (() => number) | undefined;
  /** The timer seam of the retries (the scheduler's); returns a cancel function. */
  setTimer?: ((ms: number, run: () => void) => () => void) | undefined;
  fetch?: typeof fetch;
}): CmsCallback {
  const now = options.now ?? Date.now;
  const setTimer =
    options.setTimer ??
    ((ms: number, run: () => void) => {
      const timer = setTimeout(run, ms);
      timer.unref();
      return () => clearTimeout(timer);
    });
  const doFetch = options.fetch ?? fetch;
  const target = new URL(options.settings.url);
  const pending = new Set<Promise<void>>();
  /** Retries waiting on the timer; closing cancels them and lets their sends end. */
  const timers = new Set<{ cancel: () => void; resolve: () => void }>();
  let closed = false;

  async function attempt(receipt: PublishReceipt, body: string, tries: number): Promise<void> {
    const headers = { "content-type": "application/json" };
    const signature = signRequest(
      options.settings.secret,
      { method: "POST", path: target.pathname + target.search, headers, body },
      now(),
    );
    let outcome: string;
    try {
      const response = await doFetch(target, {
        method: "POST",
        headers: { ...headers, ...signature },
        body,
        // The receipt is signed for the configured address: a redirect is not followed to another host.
        redirect: "manual",
        signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
      });
      await response.body?.cancel();
      if (response.ok) {
        options.log("cms-callback.sent", {
          id: receipt.id,
          site: receipt.site,
          result: receipt.result,
          tries,
        });
        return;
      }
      // A redirect (a misconfigured address) or a refusal for the receipt itself (bad signature, bad
      // body) will not pass on a second try.
      if (
        response.status >= 300 &&
        response.status < 500 &&
        response.status !== 408 &&
        response.status !== 429
      ) {
        options.log("cms-callback.refused", { id: receipt.id, status: response.status });
        return;
      }
      outcome = `HTTP ${response.status}`;
    } catch (error) {
      outcome = String(error);
    }
    const delay = RETRY_DELAYS_MS[tries - 1];
    if (delay === undefined || closed) {
      options.log("cms-callback.gave-up", { id: receipt.id, tries, error: outcome });
      return;
    }
    options.log("cms-callback.retry", { id: receipt.id, tries, inMs: delay, error: outcome });
    await new Promise<void>((resolve) => {
      const wait = { cancel: () => {}, resolve };
      wait.cancel = setTimer(delay, () => {
        timers.delete(wait);
        resolve();
      });
      timers.add(wait);
    });
    // Signed again on each try: the timestamp must be fresh for the CMS's replay window.
    if (!closed) await attempt(receipt, body, tries + 1);
  }

  return {
    send(site, record) {
      const receipt = publishReceiptOf(site, record);
      if (!receipt || closed) return;
      const body = JSON.stringify(receipt);
      const sending = attempt(receipt, body, 1).catch((error: unknown) =>
        options.log("cms-callback.error", { id: receipt.id, error: String(error) }),
      );
      pending.add(sending);
      void sending.finally(() => pending.delete(sending));
    },
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    close() {
      closed = true;
      for (const wait of timers) {
        wait.cancel();
        wait.resolve();
      }
      timers.clear();
    },
  };
}
