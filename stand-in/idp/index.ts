import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type http from "node:http";
import type { DatabaseSync } from "node:sqlite";
import { rebuildUrl, type StackConfig } from "../../dev/lib/stack-config.ts";
import { HttpError, sendJson } from "../http.ts";
import { issuerFor, siteOriginsFor } from "./client.ts";
import { lifetimesFromEnv } from "./lifetimes.ts";
import { createLoginHandler } from "./login.ts";
import { createPasswordResetHandler, RESET_PATHS } from "./password-reset.ts";
import { createAcceptedTickets, createInvitationHandler, INVITATION_PATH } from "./invitation.ts";
import { createProvider, ROUTES } from "./provider.ts";
import { createTestSwitches, type TestSwitches } from "./test-switches.ts";
import { clock } from "./clock.ts";
import { createLoginThrottle, realSleep } from "./throttle.ts";
import { handleUserinfo } from "./userinfo.ts";
import { isCrossOriginForm } from "./form-origin.ts";

/** The stand-in identity provider as the backend's HTTP server mounts it. */
type IdentityProvider = {
  /** True for the provider's endpoints, its login pages and their assets. */
  handles: (pathname: string) => boolean;
  handle: (req: http.IncomingMessage, res: http.ServerResponse, url: URL) => void;
  /** Run-time knobs and counters for the test hooks. */
  switches: TestSwitches;
};

const PROVIDER_PATHS = [...Object.values(ROUTES), "/.well-known/openid-configuration"];

const ASSETS: Record<string, { type: string; body: Buffer }> = {
  "/login/login.css": { type: "text/css; charset=utf-8", body: readFileSync(new URL("./login.css", import.meta.url)) },
  "/login/login.js": { type: "text/javascript; charset=utf-8", body: readFileSync(new URL("./login.js", import.meta.url)) },
  "/login/logout.js": { type: "text/javascript; charset=utf-8", body: readFileSync(new URL("./logout.js", import.meta.url)) },
  // The site's typeface (Figtree, self-hosted as the site does), so the provider's pages look like the site.
  "/login/figtree.woff2": { type: "font/woff2", body: readFileSync(fileURLToPath(import.meta.resolve("@fontsource-variable/figtree/files/figtree-latin-wght-normal.woff2"))) },
};

export function createIdentityProvider(config: StackConfig, db: DatabaseSync): IdentityProvider {
  const switches = createTestSwitches(lifetimesFromEnv());
  const provider = createProvider(config, db, switches);
  const providerCallback = provider.callback();
  // The test stack records the throttle's waits instead of sleeping them: exact and fast tests.
  const sleep = config.mode === "test" ? async (ms: number) => void switches.loginWaits.push(ms) : realSleep;
  const throttle = createLoginThrottle({ now: clock.now, sleep });
  switches.clearThrottle = throttle.clear;
  const tickets = createAcceptedTickets();
  // The login form's CSP (form-action) must let its redirect chain end at the publishing server's callback too.
  const login = createLoginHandler(provider, db, siteOriginsFor(config), throttle, tickets, [rebuildUrl(config)]);
  const invitation = createInvitationHandler(db, siteOriginsFor(config), tickets, throttle);
  const passwordReset = createPasswordResetHandler(db, siteOriginsFor(config), issuerFor(config).replace(/\/$/, ""));
  const origins = new Set(siteOriginsFor(config));
  const ownOrigin = new URL(issuerFor(config)).origin;

  const handles = (pathname: string): boolean =>
    pathname.startsWith("/login/") || PROVIDER_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`));

  function handle(req: http.IncomingMessage, res: http.ServerResponse, url: URL): void {
    const asset = ASSETS[url.pathname];
    if (asset) {
      res.setHeader("content-type", asset.type);
      res.setHeader("cache-control", "public, max-age=300");
      res.setHeader("x-content-type-options", "nosniff");
      res.end(asset.body);
      return;
    }
    // Every form of the provider's pages (/login/…) is posted from those pages only.
    if (req.method === "POST" && url.pathname.startsWith("/login/") && isCrossOriginForm(req, ownOrigin)) {
      req.resume();
      sendJson(res, 403, { statusCode: 403, code: "cross_origin_form" });
      return;
    }
    if ((RESET_PATHS as readonly string[]).includes(url.pathname) || url.pathname === INVITATION_PATH) {
      if (req.method !== "GET" && req.method !== "POST") {
        sendJson(res, 405, { statusCode: 405 });
        return;
      }
      (url.pathname === INVITATION_PATH ? invitation : passwordReset)(req, res, url).catch((error: unknown) => {
        if (error instanceof HttpError) sendJson(res, error.status, error.body);
        else {
          console.error("[idp] password reset error", error);
          if (!res.headersSent) sendJson(res, 500, { statusCode: 500 });
        }
      });
      return;
    }
    const uid = /^\/login\/([\w-]+)$/.exec(url.pathname)?.[1];
    if (url.pathname.startsWith("/login/")) {
      if (!uid || (req.method !== "GET" && req.method !== "POST")) {
        sendJson(res, 404, { statusCode: 404 });
        return;
      }
      login(req, res, uid).catch((error: unknown) => {
        if (error instanceof HttpError) sendJson(res, error.status, error.body);
        else {
          console.error("[idp] login error", error);
          if (!res.headersSent) sendJson(res, 500, { statusCode: 500 });
        }
      });
      return;
    }
    if (url.pathname === ROUTES.userinfo) {
      void handleUserinfo(req, res, db, config, origins);
      return;
    }
    void providerCallback(req, res);
  }

  return { handles, handle, switches };
}
