import http from "node:http";
import type { AddressInfo } from "node:net";
import { ErrorTimeout, InMemoryWebStorage, OidcClient, WebStorageStateStore } from "oidc-client-ts";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createOidcFlows } from "../../src/core/auth/oidc-flows.ts";
import type { SessionBrowser } from "../../src/core/auth/session-browser.ts";
import { readStoredUser, storedUserKey, writeStoredUser } from "../../src/core/auth/stored-user.ts";
import { createLocalLocks } from "../../src/core/session/local-locks.ts";
import { parseRuntimeSettings } from "../../src/core/settings.ts";
import { retryOnNetworkFailure, TOKEN_CALL_ATTEMPTS } from "../../src/core/auth/token-source.ts";

describe("a token call on a failing network", () => {
  /** A call that fails with `failures` errors first, then answers; it counts its attempts. */
  function flaky(failures: number, failure: () => Error = () => new TypeError("Failed to fetch")) {
    const attempts: number[] = [];
    const call = async (attempt: number) => {
      attempts.push(attempt);
      if (attempts.length <= failures) throw failure();
      return "tokens";
    };
    return { call, attempts };
  }

  it("is made again after a network failure, within three attempts in all", async () => {
    const once = flaky(1);
    expect(await retryOnNetworkFailure(once.call)).toBe("tokens");
    expect(once.attempts).toEqual([1, 2]);
    const twice = flaky(2);
    expect(await retryOnNetworkFailure(twice.call)).toBe("tokens");
    expect(twice.attempts).toEqual([1, 2, 3]);
  });

  it("gives up after three attempts in all with the network error", async () => {
    const always = flaky(5);
    await expect(retryOnNetworkFailure(always.call)).rejects.toThrow(TypeError);
    expect(always.attempts).toHaveLength(TOKEN_CALL_ATTEMPTS);
  });

  it("is not made again after a timeout or an answer of the provider", async () => {
    for (const failure of [() => new ErrorTimeout("Network timed out"), () => new Error("invalid_grant")]) {
      const once = flaky(1, failure);
      await expect(retryOnNetworkFailure(once.call)).rejects.toThrow();
      expect(once.attempts).toEqual([1]);
    }
  });

  it("says 'Failed to fetch' when the network failed every time, whatever the browser's own text", async () => {
    for (const browserText of ["Failed to fetch", "Load failed", "NetworkError when attempting to fetch resource."]) {
      const always = flaky(5, () => new TypeError(browserText));
      await expect(retryOnNetworkFailure(always.call)).rejects.toThrow(new TypeError("Failed to fetch"));
    }
  });
});

/**
 * A provider whose token endpoint is not at Auth0's path (so only the discovery document can name
 * it) and whose network fails on the next `drops` token calls.
 */
let provider: http.Server;
let authority = "";
let drops = 0;
/** The token endpoint answers like a proxy in front of a provider that is down. */
let badGateway = false;
let tokenCalls: string[] = [];
let revocations = 0;

beforeAll(async () => {
  provider = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const json = (body: unknown): void => {
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify(body));
      };
      if (req.url === "/.well-known/openid-configuration") {
        json({
          issuer: authority,
          authorization_endpoint: `${authority}authorize`,
          token_endpoint: `${authority}grants/issue`,
          revocation_endpoint: `${authority}grants/revoke`,
          jwks_uri: `${authority}jwks`,
        });
        return;
      }
      if (req.url === "/grants/issue") {
        tokenCalls.push(Buffer.concat(chunks).toString());
        if (drops > 0) {
          drops -= 1;
          req.socket.destroy();
          return;
        }
        if (badGateway) {
          res.statusCode = 502;
          res.setHeader("content-type", "text/html");
          res.end("<h1>502 Bad Gateway</h1>");
          return;
        }
        json({ access_token: "at-new", token_type: "Bearer", expires_in: 300, refresh_token: "rt-new", scope: "openid" });
        return;
      }
      if (req.url === "/grants/revoke") {
        revocations += 1;
        req.socket.destroy();
        return;
      }
      res.statusCode = 404;
      res.end();
    });
  });
  await new Promise<void>((resolve) => provider.listen(0, "localhost", resolve));
  authority = `http://localhost:${(provider.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise((resolve) => provider.close(resolve)));
beforeEach(() => {
  vi.restoreAllMocks();
  drops = 0;
  badGateway = false;
  tokenCalls = [];
  revocations = 0;
});

/** The flows of one signed-in browser (a refresh token stored), with nothing of a page around them. */
function signedInFlows() {
  const storage = new InMemoryWebStorage() as unknown as Storage;
  const auth = parseRuntimeSettings({
    apiUrl: "http://localhost/api",
    subscriptionKey: "key",
    auth: { domain: authority, clientId: "portal", audience: "api", redirectUri: "http://localhost/callback", claimNamespace: "https://kp/" },
  }).auth;
  const userKey = storedUserKey(auth.domain, auth.clientId);
  writeStoredUser(storage, userKey, { access_token: "at-old", refresh_token: "rt-old", token_type: "Bearer", expires_at: 1, profile: { sub: "u1" } } as Parameters<typeof writeStoredUser>[2]);
  const browser = { origin: "http://localhost", storage, locks: createLocalLocks(), markSignedOut: () => undefined } as unknown as SessionBrowser;
  const flows = createOidcFlows({ auth, browser, userKey });
  return { flows, storage, stored: () => readStoredUser(storage, userKey) };
}

/** The callback URL of a redirect sign-in started in `storage` (its state stored as the library stores it). */
async function redirectCallback(storage: Storage): Promise<string> {
  const client = new OidcClient({
    authority,
    client_id: "portal",
    redirect_uri: "http://localhost/callback",
    stateStore: new WebStorageStateStore({ store: storage }),
  });
  const request = await client.createSigninRequest({ request_type: "si:r" });
  return `http://localhost/callback?code=abc&state=${request.state.id}`;
}

describe("token calls of oidc-client-ts as installed", () => {
  it("repeats a refresh at the discovered token endpoint after network failures, and leaves the page's fetch alone", async () => {
    const pageFetch = globalThis.fetch;
    const { flows, stored } = signedInFlows();
    drops = 2;
    await flows.refresh();
    expect(globalThis.fetch).toBe(pageFetch);
    expect(tokenCalls).toHaveLength(3);
    expect(new Set(tokenCalls).size).toBe(1);
    expect(tokenCalls[0]).toContain("refresh_token=rt-old");
    expect(stored()?.access_token).toBe("at-new");
  });

  it("gives up after three attempts in all", async () => {
    const { flows, stored } = signedInFlows();
    drops = 5;
    await expect(flows.refresh()).rejects.toThrow(TypeError);
    expect(tokenCalls).toHaveLength(TOKEN_CALL_ATTEMPTS);
    expect(stored()?.access_token).toBe("at-old");
  });

  it("repeats the code exchange of a redirect sign-in with the same code, its state put back", async () => {
    const { flows, storage } = signedInFlows();
    const url = await redirectCallback(storage);
    drops = 2;
    // The answer carries no ID token, so the sign-in fails after the exchange: what counts is that
    // the third exchange was made and answered, not refused for a missing state.
    await expect(flows.handleRedirectCallback(url)).rejects.not.toThrow(/state/i);
    expect(tokenCalls).toHaveLength(3);
    expect(new Set(tokenCalls).size).toBe(1);
    expect(tokenCalls[0]).toContain("code=abc");
  });

  it("gives up on the code exchange after three attempts in all", async () => {
    const { flows, storage } = signedInFlows();
    drops = 5;
    await expect(flows.handleRedirectCallback(await redirectCallback(storage))).rejects.toThrow();
    expect(tokenCalls).toHaveLength(TOKEN_CALL_ATTEMPTS);
  });

  it("says 'HTTP error. Unable to fetch {url}' with the token endpoint for an HTTP error without an OAuth answer", async () => {
    const { flows, stored } = signedInFlows();
    badGateway = true;
    await expect(flows.refresh()).rejects.toThrow(new Error(`HTTP error. Unable to fetch ${authority}grants/issue`));
    expect(tokenCalls).toHaveLength(1);
    expect(stored()?.access_token).toBe("at-old");
  });

  it("does not repeat the page's own calls to the same endpoint, nor the library's other calls", async () => {
    const { flows } = signedInFlows();
    await flows.refresh();
    tokenCalls = [];
    drops = 1;
    await expect(fetch(`${authority}grants/issue`, { method: "POST", body: "grant_type=x" })).rejects.toThrow(TypeError);
    expect(tokenCalls).toHaveLength(1);
    // Revocation fails on the network once and is not repeated (logout goes on to end-session).
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    await flows.logoutAtProvider({ access_token: "at-new", profile: {} }, "http://localhost/", false).catch(() => undefined);
    expect(revocations).toBe(1);
  });
});
