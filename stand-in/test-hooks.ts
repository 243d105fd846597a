/**
 * Test-only hooks under /__test/, mounted only when the stand-in runs in test mode (server.ts).
 * They let tests read what the backend "sent" and steer the identity provider:
 *
 *   GET  /__test/outbox[?to=]            mails written to the outbox, oldest first
 *   GET  /__test/grants                  successful token grants per e-mail: { authorization_code, refresh_token }
 *   POST /__test/grants/reset            sets those counters to zero
 *   POST /__test/bad-id-token            { kind, grant?: "authorization_code" | "refresh_token" | "any", email? }:
 *                                        the next such token response (of that user) carries a spoiled ID token
 *   GET|POST /__test/lifetimes           token lifetimes in seconds { accessToken, idToken, refreshToken, session };
 *                                        with `email`, only that user's access tokens ({ email, accessToken })
 *   POST /__test/token-failures          { status, count }: the token endpoint fails that many times
 *   POST /__test/notify                  { accountNumber, kind, title, body? }: a new notification (inbox and the
 *                                        mails each person's notification preferences ask for)
 *   POST /__test/digests                 sends the weekly digests that are due on the stand-in's clock
 *   POST /__test/clock                   { advanceSeconds }: moves the stand-in's clock (login throttle, updated_at)
 *   POST /__test/business-date           { date?: "yyyy-mm-dd" }: "today" of the business rules (invoice status,
 *                                        claim periods) is that date in Amsterdam, time still running; no date
 *                                        restores the real one
 *   POST /__test/bonus-approve           { accountNumber, period }: the supplier approves that submitted claim
 *                                        (404 when there is none under review)
 *   POST /__test/forget                  { email, what: "refresh_tokens" | "sessions" }: the provider forgets
 *                                        that user's refresh tokens (refresh fails) or sessions (silent sign-in
 *                                        answers login_required)
 *   POST /__test/unlock                  { email? }: clears the login throttle's count of one address, or all
 *   GET  /__test/login-waits             the waits the login throttle imposed (recorded, not slept, in test mode)
 *   POST /__test/payment-provider        { reachable?, holdWebhooks? }: the stand-in payment provider drops API
 *                                        connections (unreachable) or holds its webhooks back
 *   POST /__test/payment-provider/release sends the held webhooks: { released }
 *   GET  /__test/payment-webhooks        the backend's log of webhook calls, accepted and refused
 *   POST /__test/reset                   undoes the steering above (not the database)
 */
import type http from "node:http";
import type { DatabaseSync } from "node:sqlite";
import * as v from "valibot";
import { normalizeEmail } from "../src/core/validation/email.ts";
import { approveClaim } from "./db/business/claims.ts";
import { outbox } from "./db/people/mail.ts";
import { findUserByEmail } from "./db/people/users.ts";
import { forgetUserRecords } from "./idp/adapter.ts";
import { HttpError, readJsonBody, sendJson, validationError } from "./http.ts";
import { clock } from "./idp/clock.ts";
import { notify, sendDueDigests } from "./notifications.ts";
import { NOTIFICATION_KINDS } from "../src/core/api/schemas/notification-preferences.ts";
import { clock as businessClock } from "./api/routes/business/shared.ts";
import { lifetimesFromEnv } from "./idp/lifetimes.ts";
import { BAD_ID_TOKEN_KINDS, type TestSwitches } from "./idp/test-switches.ts";
import { webhookLog } from "./db/business/payments.ts";
import type { PaymentProvider } from "./payments/provider.ts";

export const TEST_HOOK_PREFIX = "/__test/";

const Seconds = v.pipe(v.number(), v.integer(), v.minValue(1));
const LifetimesBody = v.object({
  email: v.optional(v.pipe(v.string(), v.transform(normalizeEmail))),
  accessToken: v.optional(Seconds),
  idToken: v.optional(Seconds),
  refreshToken: v.optional(Seconds),
  session: v.optional(Seconds),
});
const BadIdTokenBody = v.object({
  kind: v.picklist(BAD_ID_TOKEN_KINDS),
  grant: v.optional(v.picklist(["authorization_code", "refresh_token", "any"]), "authorization_code"),
  email: v.optional(v.pipe(v.string(), v.transform(normalizeEmail))),
});
const TokenFailuresBody = v.object({
  status: v.pipe(v.number(), v.integer(), v.minValue(400), v.maxValue(599)),
  count: v.pipe(v.number(), v.integer(), v.minValue(0)),
});
const ForgetBody = v.object({ email: v.string(), what: v.picklist(["refresh_tokens", "sessions"]) });
const UnlockBody = v.object({ email: v.optional(v.string()) });
const BusinessDateBody = v.object({ date: v.optional(v.pipe(v.string(), v.isoDate())) });
const ApproveBody = v.object({ accountNumber: v.string(), period: v.string() });
const ProviderBody = v.object({ reachable: v.optional(v.boolean()), holdWebhooks: v.optional(v.boolean()) });
const NotifyBody = v.object({
  accountNumber: v.string(),
  kind: v.picklist(NOTIFICATION_KINDS),
  title: v.pipe(v.string(), v.minLength(1)),
  body: v.optional(v.string(), ""),
});
const ClockBody = v.object({ advanceSeconds: v.pipe(v.number(), v.integer(), v.minValue(0)) });

async function body<S extends v.GenericSchema>(req: http.IncomingMessage, schema: S): Promise<v.InferOutput<S>> {
  const result = v.safeParse(schema, (await readJsonBody(req)) ?? {});
  if (result.success) return result.output;
  throw validationError(result.issues.map((issue) => ({ field: v.getDotPath(issue) ?? "body", code: "invalid" })));
}

/** Moves the business clock so that it is now noon (Amsterdam) on `date`, still running; undefined restores real time. */
function setBusinessDate(date: string | undefined): void {
  const offset = date === undefined ? 0 : Date.parse(`${date}T12:00:00+01:00`) - Date.now();
  businessClock.now = () => new Date(Date.now() + offset);
}

export async function handleTestHook(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  url: URL,
  db: DatabaseSync,
  switches: TestSwitches,
  provider: PaymentProvider,
  site = "",
): Promise<void> {
  try {
    const hook = `${req.method ?? "GET"} ${url.pathname.slice(TEST_HOOK_PREFIX.length - 1)}`;
    switch (hook) {
      case "GET /outbox": {
        const to = url.searchParams.get("to")?.toLowerCase();
        sendJson(res, 200, outbox(db).filter((mail) => !to || mail.to === to));
        return;
      }
      case "GET /grants":
        sendJson(res, 200, Object.fromEntries(switches.grantCounts));
        return;
      case "POST /grants/reset":
        switches.grantCounts.clear();
        sendJson(res, 200, {});
        return;
      case "POST /bad-id-token":
        switches.badIdToken = await body(req, BadIdTokenBody);
        sendJson(res, 200, switches.badIdToken);
        return;
      case "GET /lifetimes":
        sendJson(res, 200, switches.lifetimes);
        return;
      case "POST /lifetimes": {
        const { email, ...lifetimes } = await body(req, LifetimesBody);
        if (email === undefined) Object.assign(switches.lifetimes, lifetimes);
        else if (lifetimes.accessToken !== undefined) switches.userAccessTokenSeconds.set(email, lifetimes.accessToken);
        sendJson(res, 200, { ...switches.lifetimes, users: Object.fromEntries(switches.userAccessTokenSeconds) });
        return;
      }
      case "POST /token-failures": {
        const { status, count } = await body(req, TokenFailuresBody);
        switches.tokenFailures = { status, remaining: count };
        sendJson(res, 200, {});
        return;
      }
      case "POST /notify": {
        const { accountNumber, kind, title, body: text } = await body(req, NotifyBody);
        notify(db, { accountNumber, kind, title: { nl: title, en: title }, body: { nl: text, en: text }, link: null }, clock.now(), site);
        sendJson(res, 200, {});
        return;
      }
      case "POST /digests":
        sendDueDigests(db, clock.now(), site);
        sendJson(res, 200, {});
        return;
      case "POST /clock": {
        const { advanceSeconds } = await body(req, ClockBody);
        clock.advance(advanceSeconds * 1000);
        sendJson(res, 200, { now: clock.nowIso() });
        return;
      }
      case "POST /business-date": {
        const { date } = await body(req, BusinessDateBody);
        setBusinessDate(date);
        sendJson(res, 200, { now: businessClock.now().toISOString() });
        return;
      }
      case "POST /bonus-approve": {
        const { accountNumber, period } = await body(req, ApproveBody);
        if (!approveClaim(db, accountNumber, period)) throw new HttpError(404, { statusCode: 404 });
        sendJson(res, 200, { accountNumber, period, status: "approved" });
        return;
      }
      case "POST /forget": {
        const { email, what } = await body(req, ForgetBody);
        const user = findUserByEmail(db, normalizeEmail(email));
        if (!user) throw new HttpError(404, { statusCode: 404 });
        const removed = forgetUserRecords(db, what === "sessions" ? "Session" : "RefreshToken", user.id);
        sendJson(res, 200, { removed });
        return;
      }
      case "POST /unlock": {
        const { email } = await body(req, UnlockBody);
        sendJson(res, 200, { unlocked: switches.clearThrottle(email === undefined ? undefined : normalizeEmail(email)) });
        return;
      }
      case "GET /login-waits":
        sendJson(res, 200, { waits: switches.loginWaits });
        return;
      case "POST /payment-provider": {
        Object.assign(provider.switches, await body(req, ProviderBody));
        sendJson(res, 200, provider.switches);
        return;
      }
      case "POST /payment-provider/release":
        sendJson(res, 200, { released: provider.releaseWebhooks() });
        return;
      case "GET /payment-webhooks":
        sendJson(res, 200, webhookLog(db));
        return;
      case "POST /reset":
        Object.assign(provider.switches, { reachable: true, holdWebhooks: false });
        switches.grantCounts.clear();
        switches.badIdToken = undefined;
        switches.tokenFailures = undefined;
        Object.assign(switches.lifetimes, lifetimesFromEnv());
        switches.userAccessTokenSeconds.clear();
        clock.reset();
        setBusinessDate(undefined);
        switches.loginWaits.length = 0;
        switches.clearThrottle();
        sendJson(res, 200, {});
        return;
      default:
        throw new HttpError(404, { statusCode: 404 });
    }
  } catch (error) {
    if (error instanceof HttpError) sendJson(res, error.status, error.body);
    else {
      console.error("[test-hooks]", error);
      sendJson(res, 500, { statusCode: 500 });
    }
  }
}
