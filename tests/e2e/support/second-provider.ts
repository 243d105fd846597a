import http from "node:http";
import { link, mkdir, readdir, readFile, realpath, rm } from "node:fs/promises";
import path from "node:path";
import { OAuth2Issuer, OAuth2Service } from "oauth2-mock-server";
import { HEADER_CONTEXT_FILE, writeHeaderFiles, writeSettings } from "../../../publishing/build/build-site.ts";
import { headerContextFor, type HeaderContext } from "../../../publishing/serving/headers.ts";
import { releaseStore } from "../../../publishing/releases/releases.ts";
import { runtimeSettingsFor, testStackConfig } from "../../../dev/lib/stack-config.ts";
import { storeDirFor } from "../../../publishing/server/index.ts";
import { startStaticServer } from "../../../publishing/serving/static-server.ts";

/**
 * A second, independent OpenID provider for the sign-in tests: oauth2-mock-server (a standard
 * provider: discovery, /authorize, /token, /jwks, /revoke, /endsession; it signs in "johndoe" at once,
 * without a login page). The site under test is the run's own build, deployed a second time with a
 * settings.js (and so a CSP) that points at this provider, as another environment would be.
 *
 * Its revocation endpoint answers 200 with an HTML page, as some providers do: RFC 7009 asks only
 * for the status, and the site must reach the end-session endpoint whatever the body.
 */
export type SecondProvider = {
  /** The provider's issuer (no trailing slash, as oauth2-mock-server writes `iss`). */
  issuer: string;
  /** The second deployment of the site, signing in at this provider. */
  siteUrl: string;
  service: OAuth2Service;
  /** Every request the provider got, as `METHOD /path` (grant type added for token calls). */
  requests: string[];
  close: () => Promise<void>;
};

/** Ports beside the test stack's own (backend +10, site +321…), moved with KP_TEST_PORT_BASE. */
export function secondProviderPorts(): { provider: number; site: number } {
  const base = Number(process.env["KP_TEST_PORT_BASE"] ?? 5000);
  return { provider: base + 330, site: base + 331 };
}

export async function startSecondProvider(): Promise<SecondProvider> {
  const ports = secondProviderPorts();
  const issuerUrl = `http://localhost:${ports.provider}`;
  const siteUrl = `http://localhost:${ports.site}`;

  const issuer = new OAuth2Issuer();
  issuer.url = issuerUrl;
  await issuer.keys.generate("RS256");
  const service = new OAuth2Service(issuer);
  const requests: string[] = [];
  const providerServer = http.createServer((req, res) => {
    const pathname = new URL(req.url ?? "/", issuerUrl).pathname;
    requests.push(`${req.method} ${pathname}`);
    if (req.method === "POST" && pathname === "/revoke") {
      req.resume();
      res.writeHead(200, { "content-type": "text/html; charset=utf-8", "access-control-allow-origin": "*" });
      res.end("<!doctype html><title>Revoked</title><p>The token was revoked.</p>");
      return;
    }
    service.requestHandler(req, res);
  });
  service.on("beforeResponse", (_response: unknown, req: { body?: Record<string, unknown> }) => {
    requests.push(`token ${String(req.body?.["grant_type"])}`);
  });
  await new Promise<void>((resolve) => providerServer.listen(ports.provider, "localhost", resolve));

  const config = testStackConfig();
  const settings = runtimeSettingsFor(config, siteUrl);
  settings.auth.domain = issuerUrl;
  const live = await realpath(releaseStore(storeDirFor(config.releasesDir, "live")).current);
  const dir = path.join(path.dirname(config.dataDir), "second-provider-site");
  const context = await deployCopy(live, dir, (original) =>
    headerContextFor(settings, { imageOrigin: original.imageOrigin, scriptHashes: original.scriptHashes }),
  );
  await writeSettings(dir, settings);
  const site = await startStaticServer({ port: ports.site, root: () => dir, fallbackContext: context });

  return {
    issuer: issuerUrl,
    siteUrl,
    service,
    requests,
    close: async () => {
      await new Promise((resolve) => site.close(resolve));
      await new Promise((resolve) => providerServer.close(resolve));
    },
  };
}

/** Files a deployment writes per environment: they are written anew, never through a shared link. */
const PER_ENVIRONMENT = ["settings.js", HEADER_CONTEXT_FILE, "_headers", "nginx-headers.conf"];

/**
 * The build at `source` deployed again at `target`: every file hard-linked (quick, and the build is
 * never changed), the per-environment files left out so they are written fresh, with the header
 * context that `contextFor` makes from the original one.
 */
async function deployCopy(source: string, target: string, contextFor: (original: HeaderContext) => HeaderContext): Promise<HeaderContext> {
  await rm(target, { recursive: true, force: true });
  const perEnvironment = new Set(PER_ENVIRONMENT.flatMap((file) => [file, `${file}.gz`, `${file}.br`]));
  for (const entry of await readdir(source, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const from = path.join(entry.parentPath, entry.name);
    const relative = path.relative(source, from);
    if (perEnvironment.has(relative)) continue;
    await mkdir(path.dirname(path.join(target, relative)), { recursive: true });
    await link(from, path.join(target, relative));
  }
  const original = JSON.parse(await readFile(path.join(source, HEADER_CONTEXT_FILE), "utf8")) as HeaderContext;
  const context = contextFor(original);
  await writeHeaderFiles(target, context);
  return context;
}
