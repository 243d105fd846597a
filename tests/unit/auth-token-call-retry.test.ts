import { describe, expect, it } from "vitest";
import { TOKEN_CALL_ATTEMPTS, withTokenCallRetries } from "../../src/core/auth/token-call-retry.ts";

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

const wrap = (fetch: typeof globalThis.fetch) => withTokenCallRetries(fetch, (url) => url === TOKEN);
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
