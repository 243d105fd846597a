import http from "node:http";
import type { StackConfig } from "../lib/stack-config.ts";
import { siteUrl, previewUrl } from "../lib/stack-config.ts";
import { openDatabase } from "./db/index.ts";
import { handleApi, isApiPath } from "./api/router.ts";
import { sendJson } from "./http.ts";
import { createIdentityProvider } from "./idp/index.ts";
import { handleTestHook, TEST_HOOK_PREFIX } from "./test-hooks.ts";
import { IMAGE_PREFIX, handleImage } from "./images.ts";
import { CONTACT_TEST_HOOKS, handleContactTestHook } from "./api/routes/contact-form.ts";
import { ADMIN_PREFIX, handleContentAdmin } from "./content-admin.ts";

export type Backend = { url: string; close: () => Promise<void> };

/** Origins allowed to call the API from a browser: the live and preview sites of this stack. */
export const siteOrigins = (config: StackConfig): string[] => [siteUrl(config), previewUrl(config)];

/** Starts the stand-in backend (API + identity provider) on loopback. */
export async function startBackend(config: StackConfig): Promise<Backend> {
  const db = openDatabase(config.dataDir);
  const origins = new Set(siteOrigins(config));
  const idp = createIdentityProvider(config, db);

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", `http://localhost:${config.backendPort}`);
    if (isApiPath(url.pathname)) {
      if (!applyCors(req, res, origins)) return;
      void handleApi(req, res, url, db, config);
      return;
    }
    if (config.mode === "test" && CONTACT_TEST_HOOKS.includes(url.pathname)) {
      void handleContactTestHook(req, res, url, db);
      return;
    }
    if (config.mode === "test" && url.pathname.startsWith(TEST_HOOK_PREFIX)) {
      void handleTestHook(req, res, url, db, idp.switches);
      return;
    }
    if (idp.handles(url.pathname)) {
      idp.handle(req, res, url);
      return;
    }
    if (url.pathname.startsWith(ADMIN_PREFIX)) {
      void handleContentAdmin(req, res, url, db, config);
      return;
    }
    if (url.pathname.startsWith(IMAGE_PREFIX)) {
      void handleImage(req, res, url, config.dataDir);
      return;
    }
    sendJson(res, 404, { statusCode: 404 });
  });
  await new Promise<void>((resolve) => server.listen(config.backendPort, "localhost", resolve));
  return {
    url: `http://localhost:${config.backendPort}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(() => resolve(undefined)));
      db.close();
    },
  };
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
      "authorization, content-type, ocp-apim-subscription-key, cache-control, pragma",
    );
    res.setHeader("access-control-max-age", "600");
  }
  res.statusCode = 204;
  res.end();
  return false;
}
