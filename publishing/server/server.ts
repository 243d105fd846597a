/**
 * The rebuild server's HTTP surface:
 *   POST /hooks/content   the CMS webhook (signed); queues a build of the sites the change concerns
 *   GET  /hooks/status    live release, last build (result, duration, trigger), running and queued;
 *                         bearer admin secret or a publications session
 *   GET|POST /publicaties, /en/publications   the publish receipt behind sign-in (receipt.ts)
 *   GET  /publicaties/inloggen, /en/publications/sign-in, /publicaties/callback   the editor's
 *                         sign-in at the identity provider (editor-sign-in.ts), when configured
 *   POST /admin/rollback  `?site=live|preview`, bearer admin secret, loopback callers only
 */
import { timingSafeEqual, createHash } from "node:crypto";
import http from "node:http";
import { answerUnparsableRequests, requestUrl } from "../serving/malformed-requests.ts";
import { currentRelease, rollback } from "../releases/releases.ts";
import type { Logger } from "./log.ts";
import { parseWebhook, TOPIC_HEADER } from "./payload.ts";
import type { SitePipeline } from "./pipeline.ts";
import type { BuildQueue } from "./queue.ts";
import type { Verifier } from "./signature.ts";
import type { Scheduler } from "./schedule.ts";
import {
  CALLBACK_PATH,
  hasSession,
  RECEIPT_PATHS,
  renderContinue,
  renderNoRole,
  renderReceiptPage,
  renderSignIn,
  renderSignInFailed,
  sameText,
  sessionCookie,
  SIGN_IN_PATHS,
  type ReceiptLang,
} from "./receipt.ts";
import type { EditorSignIn } from "./editor-sign-in.ts";

/** A CMS entry payload is a few kilobytes; anything far larger is refused unread. */
const MAX_BODY_BYTES = 256 * 1024;

export type SiteName = "live" | "preview";
export type RebuildSite = { pipeline: SitePipeline; queue: BuildQueue };

type RebuildServerOptions = {
  verify: Verifier;
  sites: Record<SiteName, RebuildSite>;
  adminSecret: string;
  log: Logger;
  /** Keeps the scheduled publishes and unpublishes the CMS announces. */
  scheduler?: Scheduler;
  /** The content team's sign-in at the identity provider; without it, the publishing key alone. */
  editorSignIn?: EditorSignIn | undefined;
  now?: () => Date;
  maxBodyBytes?: number;
};

/**
 * Whether the browser's request came over https: on this socket, or as the reverse proxy in front
 * (docs/publishing.md) says in X-Forwarded-Proto. The cookies this server sets are then Secure, so a
 * browser never sends the publications session over plain http. A forged header can only add Secure.
 */
function overHttps(req: http.IncomingMessage): boolean {
  if ((req.socket as { encrypted?: boolean }).encrypted === true) return true;
  const forwarded = req.headers["x-forwarded-proto"];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(",")[0]?.trim().toLowerCase();
  return first === "https";
}

class BodyTooLarge extends Error {}
/** The client broke off or garbled the body before it was complete. */
class BadBody extends Error {}

export function createRebuildServer(options: RebuildServerOptions): http.Server {
  const now = options.now ?? (() => new Date());
  const maxBody = options.maxBodyBytes ?? MAX_BODY_BYTES;

  const server = http.createServer((req, res) => {
    const url = requestUrl(req, "http://localhost");
    if (!url) return send(res, 400, { error: "bad_request" });
    const route = `${req.method} ${url.pathname}`;
    const receiptLang = (Object.keys(RECEIPT_PATHS) as ReceiptLang[]).find((lang) => RECEIPT_PATHS[lang] === url.pathname);
    const signInLang = (Object.keys(SIGN_IN_PATHS) as ReceiptLang[]).find((lang) => SIGN_IN_PATHS[lang] === url.pathname);
    const editor = options.editorSignIn;
    const handle =
      receiptLang && (req.method === "GET" || req.method === "POST")
        ? () => receipt(req, res, receiptLang)
        : editor && signInLang && req.method === "GET"
        ? () => startSignIn(req, res, editor, signInLang, url.searchParams.get("again") === "1")
        : editor && route === `GET ${CALLBACK_PATH}`
        ? () => finishSignIn(req, res, editor, url.searchParams)
        : route === "POST /hooks/content"
        ? () => webhook(req, res)
        : route === "GET /hooks/status"
          ? () => status(req, res)
          : route === "POST /admin/rollback"
            ? () => adminRollback(req, res, url)
            : async () => send(res, 404, { error: "not_found" });
    handle().catch((error: unknown) => {
      if (error instanceof BadBody) return send(res, 400, { error: "bad_body" }, true);
      options.log("rebuild.error", { route, error: String(error) });
      if (!res.headersSent) send(res, 500, { error: "internal" });
    });
  });
  answerUnparsableRequests(server, (status) => ({ error: status === 431 ? "headers_too_large" : status === 408 ? "timeout" : "bad_request" }));
  return server;

  async function webhook(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    let body: Buffer;
    try {
      body = await readBody(req, maxBody);
    } catch (error) {
      if (!(error instanceof BodyTooLarge)) throw error;
      options.log("webhook.refused", { reason: "too-large" });
      return send(res, 413, { error: "payload_too_large" }, true);
    }
    const verdict = options.verify({ method: req.method ?? "POST", path: req.url ?? "/", headers: req.headers, body });
    if (!verdict.ok) {
      options.log("webhook.refused", { reason: verdict.reason });
      return send(res, 401, { error: "invalid_signature" });
    }
    const topicHeader = req.headers[TOPIC_HEADER];
    const parsed = parseWebhook(Array.isArray(topicHeader) ? topicHeader[0] : topicHeader, body);
    if (!parsed) {
      options.log("webhook.refused", { reason: "malformed" });
      return send(res, 400, { error: "malformed_payload" });
    }
    // On disk before the CMS hears it was received: a restart forgets no scheduled action.
    if (parsed.schedule) await options.scheduler?.note(parsed.schedule);
    const trigger = { source: "webhook", topic: parsed.topic, id: parsed.id, at: now().toISOString() };
    for (const site of parsed.sites) options.sites[site].queue.enqueue(trigger);
    options.log("webhook.accepted", { topic: parsed.topic, id: parsed.id, sites: parsed.sites });
    send(res, 202, { queued: parsed.sites });
  }

  /** A caller the status and the receipt may answer: the admin secret as bearer, or a publications session. */
  function signedIn(req: http.IncomingMessage): boolean {
    const bearer = req.headers.authorization?.startsWith("Bearer ") ? req.headers.authorization.slice(7) : "";
    return sameText(bearer, options.adminSecret) || hasSession(req.headers.cookie, options.adminSecret, now().getTime());
  }

  async function receipt(req: http.IncomingMessage, res: http.ServerResponse, lang: ReceiptLang): Promise<void> {
    if (req.method === "POST") {
      let body: Buffer;
      try {
        body = await readBody(req, 4096);
      } catch (error) {
        if (error instanceof BodyTooLarge) return sendHtml(res, 413, renderSignIn(lang, true, Boolean(options.editorSignIn)), true);
        throw error;
      }
      const secret = new URLSearchParams(body.toString("utf8")).get("secret") ?? "";
      if (!sameText(secret, options.adminSecret)) {
        options.log("publications.refused", { reason: "wrong-secret" });
        return sendHtml(res, 401, renderSignIn(lang, true, Boolean(options.editorSignIn)));
      }
      // Post, then redirect, then get: a reload does not send the key again.
      res.setHeader("set-cookie", sessionCookie(options.adminSecret, now().getTime(), overHttps(req)));
      res.setHeader("location", RECEIPT_PATHS[lang]);
      return sendHtml(res, 303, "");
    }
    req.resume();
    if (!signedIn(req)) return sendHtml(res, 401, renderSignIn(lang, false, Boolean(options.editorSignIn)));
    const builds = (Object.entries(options.sites) as [SiteName, RebuildSite][]).flatMap(([site, { pipeline }]) =>
      pipeline.recentBuilds().map((record) => ({ site, record })),
    );
    sendHtml(res, 200, renderReceiptPage(lang, builds));
  }

  async function startSignIn(req: http.IncomingMessage, res: http.ServerResponse, editor: EditorSignIn, lang: ReceiptLang, again: boolean): Promise<void> {
    req.resume();
    const started = await editor.start(lang, again, overHttps(req));
    if ("unavailable" in started) return sendHtml(res, 502, renderSignInFailed(lang, "unavailable"));
    res.setHeader("set-cookie", started.cookie);
    res.setHeader("location", started.location);
    sendHtml(res, 303, "");
  }

  /** The provider's redirect back: an editor gets the session, anyone else a page saying why not. */
  async function finishSignIn(req: http.IncomingMessage, res: http.ServerResponse, editor: EditorSignIn, query: URLSearchParams): Promise<void> {
    req.resume();
    const outcome = await editor.finish(query, req.headers.cookie);
    const cookies = [editor.clearCookie];
    if (outcome.kind === "editor") {
      res.setHeader("set-cookie", [...cookies, sessionCookie(options.adminSecret, now().getTime(), overHttps(req))]);
      return sendHtml(res, 200, renderContinue(outcome.lang));
    }
    res.setHeader("set-cookie", cookies);
    if (outcome.kind === "no-role") return sendHtml(res, 403, renderNoRole(outcome.lang, outcome.name));
    if (outcome.kind === "unavailable") return sendHtml(res, 502, renderSignInFailed(outcome.lang, "unavailable"));
    sendHtml(res, 400, renderSignInFailed(outcome.lang, outcome.reason));
  }

  async function status(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    req.resume();
    // Draft entry ids and build errors are the content team's business, not the world's.
    if (!signedIn(req)) return send(res, 401, { error: "unauthorized" });
    const sites: Record<string, unknown> = {};
    for (const [name, { pipeline, queue }] of Object.entries(options.sites)) {
      const state = queue.state();
      sites[name] = {
        live: await currentRelease(pipeline.store),
        lastBuild: pipeline.lastBuild(),
        running: state.running,
        queued: state.queued,
      };
    }
    send(res, 200, { sites, scheduled: options.scheduler?.list() ?? [] });
  }

  async function adminRollback(req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<void> {
    req.resume();
    if (!isLoopback(req.socket.remoteAddress)) return send(res, 403, { error: "loopback_only" });
    if (!secretMatches(req.headers.authorization, options.adminSecret)) return send(res, 401, { error: "unauthorized" });
    const name = url.searchParams.get("site") ?? "live";
    if (name !== "live" && name !== "preview") return send(res, 400, { error: "unknown_site" });
    try {
      const result = await rollback(options.sites[name].pipeline.store);
      options.log("release.rollback", { site: name, ...result });
      send(res, 200, { site: name, ...result });
    } catch (error) {
      send(res, 409, { error: "no_earlier_release", message: error instanceof Error ? error.message : String(error) });
    }
  }
}

function send(res: http.ServerResponse, status: number, body: unknown, close = false): void {
  res.statusCode = status;
  res.setHeader("content-type", "application/json; charset=utf-8");
  res.setHeader("cache-control", "no-store");
  // After refusing a body unread, the connection cannot be reused for another request.
  if (close) res.setHeader("connection", "close");
  res.end(JSON.stringify(body));
}

/** A page of the receipt: HTML that loads nothing, is never framed, cached or referred from. */
function sendHtml(res: http.ServerResponse, status: number, body: string, close = false): void {
  res.statusCode = status;
  res.setHeader("content-type", "text/html; charset=utf-8");
  res.setHeader("cache-control", "no-store");
  res.setHeader("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'");
  res.setHeader("x-content-type-options", "nosniff");
  res.setHeader("referrer-policy", "no-referrer");
  res.setHeader("x-frame-options", "DENY");
  if (close) res.setHeader("connection", "close");
  res.end(body);
}

/** Reads the raw body (the signature covers its exact bytes), refusing it past `limit`. */
async function readBody(req: http.IncomingMessage, limit: number): Promise<Buffer> {
  if (Number(req.headers["content-length"] ?? 0) > limit) throw new BodyTooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > limit) throw new BodyTooLarge();
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    throw error instanceof BodyTooLarge ? error : new BadBody();
  }
  return Buffer.concat(chunks);
}

export const isLoopback = (address: string | undefined): boolean =>
  address === "127.0.0.1" || address === "::1" || address === "::ffff:127.0.0.1";

/** Compares `Bearer <secret>` in constant time (over digests, so lengths leak nothing either). */
function secretMatches(header: string | undefined, secret: string): boolean {
  const given = header?.startsWith("Bearer ") ? header.slice(7) : "";
  const digest = (text: string): Buffer => createHash("sha256").update(text).digest();
  return given.length > 0 && timingSafeEqual(digest(given), digest(secret));
}
