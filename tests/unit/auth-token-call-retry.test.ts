import http from "node:http";
import type { AddressInfo } from "node:net";
import { InMemoryWebStorage, UserManager, WebStorageStateStore } from "oidc-client-ts";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createOidcFlows, TOKEN_CALL_ATTEMPTS, tokenHttpClients, withTokenCallRetries } from "../../src/core/auth/oidc-flows.ts";
import type { SessionBrowser } from "../../src/core/auth/session-browser.ts";
import { readStoredUser, storedUserKey, writeStoredUser } from "../../src/core/auth/stored-user.ts";
import { createLocalLocks } from "../../src/core/session/local-locks.ts";
import { parseRuntimeSettings } from "../../src/core/settings.ts";

const TOKEN = "https://login.example.com/oauth/token";

/** A fetch that fails on the network `failures` times, then answers; it records every call. */
function flakyFetch(failures: number, failure: () => Error = () => new TypeError("Failed to fetch")) {
  const calls: string[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    calls.push(`${init?.method ?? "GET"} ${String(input)} ${typeof init?.body === "string" ? init.body : ""}`.trim());
    if (calls.length <= failures) throw failure();
    return new Response("{}", { status: 200 });
  };
  return { fetch, calls };
}

const wrap = (fetch: typeof globalThis.fetch) => withTokenCallRetries(fetch, (url: string) => url === TOKEN);
const exchange = { method: "POST", body: "grant_type=authorization_code&code=abc" };

describe("token calls on a failing network", () => {
  it("repeats the code exchange with the same body until it gets through, within three attempts", async () => {
    const flaky = flakyFetch(2);
    expect((await wrap(flaky.fetch)(TOKEN, exchange)).status).toBe(200);
    expect(flaky.calls).toEqual(Array(3).fill(`POST ${TOKEN} grant_type=authorization_code&code=abc`));
  });

  it("gives up after three attempts in all with the network error", async () => {
    const flaky = flakyFetch(5);
    await expect(wrap(flaky.fetch)(TOKEN, exchange)).rejects.toThrow(TypeError);
    expect(flaky.calls).toHaveLength(TOKEN_CALL_ATTEMPTS);
  });

  it("does not repeat a call that timed out (the provider may have used the refresh token)", async () => {
    const flaky = flakyFetch(1);
    const timeout = new AbortController();
    timeout.abort();
    await expect(wrap(flaky.fetch)(TOKEN, { ...exchange, signal: timeout.signal })).rejects.toThrow(TypeError);
    expect(flaky.calls).toHaveLength(1);
  });

  it("passes an HTTP error through at once: the provider answered", async () => {
    let calls = 0;
    const refusing: typeof globalThis.fetch = async () => {
      calls += 1;
      return new Response('{"error":"invalid_grant"}', { status: 400 });
    };
    expect((await wrap(refusing)(TOKEN, exchange)).status).toBe(400);
    expect(calls).toBe(1);
  });

  it("says 'Failed to fetch' when the network failed every time, whatever the browser's own text", async () => {
    for (const browserText of ["Failed to fetch", "Load failed", "NetworkError when attempting to fetch resource."]) {
      const flaky = flakyFetch(5, () => new TypeError(browserText));
      await expect(wrap(flaky.fetch)(TOKEN, exchange)).rejects.toThrow(new TypeError("Failed to fetch"));
    }
  });

  it("says 'HTTP error. Unable to fetch {url}' for an HTTP error without an OAuth answer", async () => {
    const proxy: typeof globalThis.fetch = async () => new Response("<h1>502 Bad Gateway</h1>", { status: 502, headers: { "content-type": "text/html" } });
    await expect(wrap(proxy)(TOKEN, exchange)).rejects.toThrow(new Error(`HTTP error. Unable to fetch ${TOKEN}`));
  });

  it("leaves every other call alone", async () => {
    const flaky = flakyFetch(1);
    await expect(wrap(flaky.fetch)("https://api.example.com/accounts")).rejects.toThrow(TypeError);
    expect(flaky.calls).toHaveLength(1);
  });

  it("sends a fresh copy of a Request each time", async () => {
    const bodies: string[] = [];
    let calls = 0;
    const fetch: typeof globalThis.fetch = async (input) => {
      bodies.push(await (input as Request).text());
      calls += 1;
      if (calls < 3) throw new TypeError("Failed to fetch");
      return new Response("{}");
    };
    await wrap(fetch)(new Request(TOKEN, exchange));
    expect(bodies).toEqual(Array(3).fill(exchange.body));
  });
});

/**
 * A provider whose token endpoint is not at Auth0's path (so only the discovery document can name
 * it) and whose network fails on the next `drops` token calls.
 */
let provider: http.Server;
let authority = "";
let drops = 0;
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
  return { flows, stored: () => readStoredUser(storage, userKey) };
}

describe("token calls of oidc-client-ts as installed", () => {
  it("reaches the library's HTTP clients for the code exchange and the refresh", () => {
    const store = new WebStorageStateStore({ store: new InMemoryWebStorage() });
    const manager = new UserManager({ authority, client_id: "portal", redirect_uri: "http://localhost/callback", userStore: store, stateStore: store });
    // The refresh's client and the response validator's (code exchange): two distinct clients.
    const clients = tokenHttpClients(manager);
    expect(clients).toHaveLength(2);
    expect(clients[0]).not.toBe(clients[1]);
  });

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
