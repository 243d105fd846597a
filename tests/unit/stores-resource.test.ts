import http from "node:http";
import type { AddressInfo } from "node:net";
import { atom } from "nanostores";
import * as v from "valibot";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createApiClient } from "../../src/core/api/client.ts";
import { loadAccountDetails } from "../../src/core/portal/account-api.ts";
import { accountResource } from "../../src/core/stores/account-resource.ts";
import { $accounts, loadAccounts } from "../../src/core/stores/accounts.ts";
import { $auth } from "../../src/core/stores/auth.ts";
import { combine, createResource, keyedResource, type ResourceState } from "../../src/core/stores/resource.ts";
import { $storedAccount } from "../../src/core/stores/selected-account.ts";
import { accountFixture } from "./support/accounts.ts";

/** The one way a block of data loads: states, stale answers, refetch, failure kinds, the account key. */

const account = accountFixture;

/** A fetcher whose answers the test gives by hand, in any order; it records each call's key and signal. */
function scripted<K, T>() {
  const calls: { key: K; signal: AbortSignal; answer: (value: T | null) => void; fail: (error: unknown) => void }[] = [];
  const fetcher = (key: K, signal: AbortSignal) =>
    new Promise<T | null>((answer, fail) => calls.push({ key, signal, answer, fail }));
  return { calls, fetcher };
}

/** Lets pending promise callbacks run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A local API answering every request with the reply the test sets. */
let server: http.Server;
let baseUrl = "";
let reply: { status: number; body: string } = { status: 200, body: "{}" };

beforeAll(async () => {
  server = http.createServer((_req, res) => {
    res.statusCode = reply.status;
    res.setHeader("content-type", "application/json");
    res.end(reply.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "localhost", resolve));
  baseUrl = `http://localhost:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const clientFor = (apiUrl: string) =>
  createApiClient({
    apiUrl,
    subscriptionKey: "key",
    accessToken: async (rejected) => (rejected ? undefined : "token"),
    onConsentRequired: () => undefined,
    retryLimit: 0,
  });

describe("createResource", () => {
  it("goes loading -> ready; a refusal (null) is forbidden", async () => {
    const resource = createResource(async () => "data");
    expect(resource.$state.get()).toEqual({ status: "loading", data: undefined });
    await resource.load();
    expect(resource.$state.get()).toEqual({ status: "ready", data: "data" });
    const refused = createResource(async () => null);
    await refused.load();
    expect(refused.$state.get()).toEqual({ status: "forbidden" });
  });

  it("keeps the shown data while it loads again and after that load fails, then retries", async () => {
    const { calls, fetcher } = scripted<null, string>();
    const resource = createResource((signal) => fetcher(null, signal));
    const first = resource.load();
    calls[0]?.answer("first");
    await first;
    const again = resource.load();
    expect(resource.$state.get()).toEqual({ status: "loading", data: "first" });
    const down = new TypeError("Failed to fetch");
    calls[1]?.fail(down);
    await again;
    expect(resource.$state.get()).toEqual({ status: "error", kind: "network", error: down, data: "first" });
    const retry = resource.load();
    calls[2]?.answer("second");
    await retry;
    expect(resource.$state.get()).toEqual({ status: "ready", data: "second" });
  });

  it("drops the answer of an earlier load that finishes later, and aborts its request", async () => {
    const { calls, fetcher } = scripted<null, string>();
    const resource = createResource((signal) => fetcher(null, signal));
    const first = resource.load();
    const second = resource.load();
    expect(calls[0]?.signal.aborted).toBe(true);
    expect(calls[1]?.signal.aborted).toBe(false);
    calls[1]?.answer("new");
    await second;
    calls[0]?.answer("old");
    await first;
    expect(resource.$state.get()).toEqual({ status: "ready", data: "new" });
    // A late failure of the earlier load does not overwrite the newer answer either.
    const third = resource.load();
    const fourth = resource.load();
    calls[3]?.answer("newest");
    await fourth;
    calls[2]?.fail(new Error("late"));
    await third;
    expect(resource.$state.get()).toEqual({ status: "ready", data: "newest" });
  });

  it("takes data a save answered with and drops a load still under way, aborting its request", async () => {
    const { calls, fetcher } = scripted<null, string>();
    const resource = createResource((signal) => fetcher(null, signal));
    const load = resource.load();
    resource.set("saved");
    expect(calls[0]?.signal.aborted).toBe(true);
    calls[0]?.answer("stale");
    await load;
    expect(resource.$state.get()).toEqual({ status: "ready", data: "saved" });
  });

  it("forgets the data and drops a load under way on a reset, aborting its request", async () => {
    const { calls, fetcher } = scripted<null, string>();
    const resource = createResource((signal) => fetcher(null, signal));
    const first = resource.load();
    calls[0]?.answer("private");
    await first;
    const second = resource.load();
    resource.reset();
    expect(calls[1]?.signal.aborted).toBe(true);
    expect(resource.$state.get()).toEqual({ status: "loading", data: undefined });
    calls[1]?.answer("late");
    await second;
    expect(resource.$state.get()).toEqual({ status: "loading", data: undefined });
  });
});

describe("failure kinds, from the real API client", () => {
  const Schema = v.object({ name: v.string() });

  async function stateAfter(status: number, body: string, apiUrl = baseUrl): Promise<ResourceState<{ name: string }>> {
    reply = { status, body };
    const resource = createResource((signal) => clientFor(apiUrl).request("/thing", Schema, { signal }));
    await resource.load();
    return resource.$state.get();
  }

  it("tells a broken answer (contract), an HTTP status and no answer (network) apart", async () => {
    expect(await stateAfter(200, '{"name":"ok"}')).toEqual({ status: "ready", data: { name: "ok" } });
    expect(await stateAfter(200, '{"unexpected":true}')).toMatchObject({ status: "error", kind: "contract" });
    expect(await stateAfter(500, '{"statusCode":500}')).toMatchObject({ status: "error", kind: "http" });
    expect(await stateAfter(403, '{"statusCode":2}')).toEqual({ status: "forbidden" });
    expect(await stateAfter(200, "", "http://127.0.0.1:9")).toMatchObject({ status: "error", kind: "network" });
  });
});

describe("keyedResource", () => {
  it("loads once something listens, again when the key changes, and drops the answer for a key left behind", async () => {
    const $key = atom("a");
    const { calls, fetcher } = scripted<string, string>();
    const resource = keyedResource($key, fetcher);
    expect(calls).toHaveLength(0);
    const stop = resource.$state.listen(() => undefined);
    expect(calls.map((call) => call.key)).toEqual(["a"]);
    $key.set("b");
    expect(calls.map((call) => call.key)).toEqual(["a", "b"]);
    calls[1]?.answer("for b");
    await settle();
    calls[0]?.answer("for a");
    await settle();
    expect(resource.$state.get()).toEqual({ status: "ready", data: "for b" });
    // The same key again is no change.
    $key.set("b");
    expect(calls).toHaveLength(2);
    stop();
  });

  it("loads nothing before there is a key, and loads once one is set", () => {
    const $key = atom<string | undefined>(undefined);
    const { calls, fetcher } = scripted<string | undefined, string>();
    const resource = keyedResource($key, fetcher);
    const stop = resource.$state.listen(() => undefined);
    expect(calls).toHaveLength(0);
    expect(resource.$state.get()).toEqual({ status: "loading", data: undefined });
    $key.set("a");
    expect(calls.map((call) => call.key)).toEqual(["a"]);
    stop();
  });
});

describe("accountResource", () => {
  beforeEach(async () => {
    $auth.set({ isLoading: false, isAuthenticated: true, user: undefined, error: undefined });
    $storedAccount.set("100001");
    reply = { status: 200, body: JSON.stringify([account("100001"), account("100002")]) };
    await loadAccounts(clientFor(baseUrl));
    expect($accounts.get().status).toBe("ready");
  });

  it("loads for the selected account, again for the next one selected, and never shows the first one's late answer", async () => {
    const $params = atom("open");
    const { calls, fetcher } = scripted<{ account: string; params: string }, string>();
    const resource = accountResource($params, (accountNumber, params, signal) => fetcher({ account: accountNumber, params }, signal));
    const stop = resource.$state.listen(() => undefined);
    $storedAccount.set("100002");
    $params.set("paid");
    expect(calls.map((call) => call.key)).toEqual([
      { account: "100001", params: "open" },
      { account: "100002", params: "open" },
      { account: "100002", params: "paid" },
    ]);
    calls[2]?.answer("100002 paid");
    await settle();
    calls[0]?.answer("100001 open");
    calls[1]?.answer("100002 open");
    await settle();
    expect(resource.$state.get()).toEqual({ status: "ready", data: "100002 paid" });
    stop();
  });
});

describe("a superseded load through the API client", () => {
  it("aborts the calls of the load for an account switched away from, on any screen (account details here)", async () => {
    // An API that never answers: the test sees which requests the client gives up.
    const open = new Map<string, boolean>();
    const silent = http.createServer((req) => {
      const accountNumber = new URL(req.url ?? "", "http://x").searchParams.get("accountNumber") ?? "";
      open.set(accountNumber, true);
      req.socket.on("close", () => open.set(accountNumber, false));
    });
    await new Promise<void>((resolve) => silent.listen(0, "localhost", resolve));
    const client = clientFor(`http://localhost:${(silent.address() as AddressInfo).port}`);
    $auth.set({ isLoading: false, isAuthenticated: true, user: undefined, error: undefined });
    reply = { status: 200, body: JSON.stringify([account("100001"), account("100002")]) };
    await loadAccounts(clientFor(baseUrl));
    $storedAccount.set("100001");
    const details = accountResource(atom(null), (accountNumber, _params, signal) => loadAccountDetails(client.aborting(signal), accountNumber, "nl"));
    const stop = details.$state.listen(() => undefined);
    await expect.poll(() => open.get("100001")).toBe(true);
    $storedAccount.set("100002");
    await expect.poll(() => open.get("100002")).toBe(true);
    await expect.poll(() => open.get("100001")).toBe(false);
    expect(open.get("100002")).toBe(true);
    stop();
    details.reset();
    silent.closeAllConnections();
    await new Promise((resolve) => silent.close(resolve));
  });
});

describe("combine", () => {
  it("is ready when both are; otherwise an error first, then forbidden, then loading, with data while both have some", () => {
    const error = { status: "error", kind: "http", error: 1, data: undefined } as const;
    expect(combine({ status: "ready", data: 1 }, { status: "ready", data: "a" })).toEqual({ status: "ready", data: [1, "a"] });
    expect(combine({ status: "loading", data: undefined }, error)).toEqual(error);
    expect(combine({ status: "forbidden" }, { status: "loading", data: undefined })).toEqual({ status: "forbidden" });
    expect(combine({ status: "ready", data: 1 }, { status: "loading", data: "a" })).toEqual({ status: "loading", data: [1, "a"] });
    expect(combine({ status: "ready", data: 1 }, { status: "loading", data: undefined })).toEqual({ status: "loading", data: undefined });
  });
});
