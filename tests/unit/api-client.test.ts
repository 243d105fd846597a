import http from "node:http";
import type { AddressInfo } from "node:net";
import * as v from "valibot";
import { NetworkError } from "ky";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createApiClient, type ApiClientDeps } from "../../src/core/api/client.ts";
import { ApiContractError, ApiError, ConsentRequiredError } from "../../src/core/api/errors.ts";

type Seen = { method: string; url: string; headers: http.IncomingHttpHeaders; body: string };
type Reply = { status: number; body?: unknown; raw?: string; destroy?: boolean };

/** A local API whose answers each test scripts; it records every request it gets. */
let server: http.Server;
let baseUrl = "";
let seen: Seen[] = [];
let replies: Reply[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      seen.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString() });
      const reply = replies.shift() ?? { status: 200, body: { ok: true } };
      if (reply.destroy) {
        req.socket.destroy();
        return;
      }
      res.statusCode = reply.status;
      res.setHeader("content-type", "application/json");
      res.end(reply.raw ?? (reply.body === undefined ? "" : JSON.stringify(reply.body)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "localhost", resolve));
  baseUrl = `http://localhost:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  seen = [];
  replies = [];
});

const OkSchema = v.object({ ok: v.boolean() });

function client(overrides: Partial<ApiClientDeps> = {}) {
  const consent: string[] = [];
  const api = createApiClient({
    apiUrl: baseUrl,
    subscriptionKey: "key-123",
    accessToken: (rejected) => Promise.resolve(rejected ? undefined : "token-1"),
    onConsentRequired: () => consent.push("consent"),
    retryDelayMs: 1,
    ...overrides,
  });
  return { api, consent };
}

describe("API client headers", () => {
  it("sends the subscription key and the bearer token, GET by default, to the path under the API URL", async () => {
    const { api } = client();
    await expect(api.request("/contentfulservice/api/v1/accounts", OkSchema, { searchParams: { accountNumber: "100001" } })).resolves.toEqual({ ok: true });
    expect(seen[0]?.method).toBe("GET");
    expect(seen[0]?.url).toBe("/contentfulservice/api/v1/accounts?accountNumber=100001");
    expect(seen[0]?.headers["ocp-apim-subscription-key"]).toBe("key-123");
    expect(seen[0]?.headers.authorization).toBe("Bearer token-1");
  });

  it("sends no authorization header for an anonymous caller", async () => {
    const { api } = client({ accessToken: () => Promise.resolve(undefined) });
    await api.request("/contentfulservice/api/v1/init", OkSchema);
    expect(seen[0]?.headers.authorization).toBeUndefined();
    expect(seen[0]?.headers["ocp-apim-subscription-key"]).toBe("key-123");
  });

  it("sends a JSON body with the JSON content type", async () => {
    const { api } = client();
    await api.request("/contentfulservice/api/v1/accounts", OkSchema, { method: "PUT", json: { name: "Café" } });
    expect(seen[0]?.method).toBe("PUT");
    expect(seen[0]?.headers["content-type"]).toMatch(/^application\/json/);
    expect(JSON.parse(seen[0]?.body ?? "")).toEqual({ name: "Café" });
  });

  it("sends FormData as is, as multipart with its own boundary", async () => {
    const { api } = client();
    const form = new FormData();
    form.append("name", "Jan");
    form.append("file", new Blob(["hello"], { type: "text/plain" }), "hello.txt");
    await api.request("/contactservice/api/v2/contacts/contactform", OkSchema, { method: "POST", body: form });
    expect(seen[0]?.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen[0]?.body).toContain('name="file"; filename="hello.txt"');
    expect(seen[0]?.body).toContain("hello");
  });
});

describe("API client 403 handling", () => {
  it("sends the browser to consent on a 403 with statusCode 1 and returns null", async () => {
    replies = [{ status: 403, body: { statusCode: 1 } }];
    const { api, consent } = client();
    await expect(api.request("/x", OkSchema)).resolves.toBeNull();
    expect(consent).toEqual(["consent"]);
  });

  it("still goes to consent with failOnError, and throws so the caller stops", async () => {
    replies = [{ status: 403, body: { statusCode: 1 } }];
    const { api, consent } = client();
    await expect(api.request("/x", OkSchema, { failOnError: true })).rejects.toBeInstanceOf(ConsentRequiredError);
    expect(consent).toEqual(["consent"]);
  });

  it("returns null on another 403, without going to consent", async () => {
    replies = [{ status: 403, body: { statusCode: 2 } }];
    const { api, consent } = client();
    await expect(api.request("/x", OkSchema)).resolves.toBeNull();
    expect(consent).toEqual([]);
  });

  it("throws on another 403 when failOnError is set", async () => {
    replies = [{ status: 403, body: { statusCode: 2 } }];
    const { api } = client();
    const error: unknown = await api.request("/x", OkSchema, { failOnError: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(403);
    expect((error as ApiError).body).toEqual({ statusCode: 2 });
  });
});

describe("API client errors, validation and retries", () => {
  it("throws an ApiError carrying the field errors of a 400", async () => {
    replies = [{ status: 400, body: { statusCode: 400, errors: [{ field: "email", code: "invalid_email" }] } }];
    const { api } = client();
    const error = (await api.request("/x", OkSchema, { method: "POST", json: {} }).catch((e: unknown) => e)) as ApiError;
    expect(error.validation?.errors).toEqual([{ field: "email", code: "invalid_email" }]);
  });

  it("refuses a 200 whose body breaks the schema", async () => {
    replies = [{ status: 200, body: { ok: "yes" } }];
    const { api } = client();
    await expect(api.request("/x", OkSchema)).rejects.toBeInstanceOf(ApiContractError);
  });

  it("validates an empty body as null", async () => {
    replies = [{ status: 200 }];
    const { api } = client();
    await expect(api.request("/x", v.null())).resolves.toBeNull();
  });

  it("asks for the token once, and once more with the refused token after a 401, retrying with what that returned", async () => {
    replies = [{ status: 401, body: { statusCode: 401 } }, { status: 200, body: { ok: true } }];
    const asked: (string | undefined)[] = [];
    const { api } = client({
      accessToken: (rejected) => {
        asked.push(rejected);
        return Promise.resolve(rejected ? "new" : "old");
      },
    });
    await expect(api.request("/x", OkSchema, { method: "POST", json: { a: 1 } })).resolves.toEqual({ ok: true });
    expect(asked).toEqual([undefined, "old"]);
    expect(seen.map((request) => request.headers.authorization)).toEqual(["Bearer old", "Bearer new"]);
    expect(seen[1]?.body).toBe('{"a":1}');
  });

  it("asks for the token exactly once when the API accepts it, also across network retries", async () => {
    replies = [{ status: 0, destroy: true }, { status: 200, body: { ok: true } }];
    const asked: (string | undefined)[] = [];
    const { api } = client({
      accessToken: (rejected) => {
        asked.push(rejected);
        return Promise.resolve("token-1");
      },
    });
    await expect(api.request("/x", OkSchema)).resolves.toEqual({ ok: true });
    expect(asked).toEqual([undefined]);
    expect(seen.map((request) => request.headers.authorization)).toEqual(["Bearer token-1", "Bearer token-1"]);
  });

  it("does not loop on a second 401", async () => {
    replies = [{ status: 401 }, { status: 401 }, { status: 401 }];
    let renewals = 0;
    const { api } = client({ accessToken: (rejected) => Promise.resolve(rejected ? `t${++renewals}` : "t0") });
    const error = (await api.request("/x", OkSchema).catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(401);
    expect(renewals).toBe(1);
    expect(seen).toHaveLength(2);
  });

  it("keeps the 401 when no renewed token can be had, without repeating the call", async () => {
    replies = [{ status: 401 }, { status: 200, body: { ok: true } }];
    const { api } = client();
    const error = (await api.request("/x", OkSchema).catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(401);
    expect(seen).toHaveLength(1);
  });

  it("does not renew after a 401 to an anonymous call", async () => {
    replies = [{ status: 401 }];
    const asked: (string | undefined)[] = [];
    const { api } = client({
      accessToken: (rejected) => {
        asked.push(rejected);
        return Promise.resolve(undefined);
      },
    });
    await expect(api.request("/x", OkSchema)).rejects.toBeInstanceOf(ApiError);
    expect(asked).toEqual([undefined]);
  });

  it("retries a GET after a network failure", async () => {
    replies = [{ status: 0, destroy: true }, { status: 200, body: { ok: true } }];
    const { api } = client();
    await expect(api.request("/x", OkSchema)).resolves.toEqual({ ok: true });
    expect(seen).toHaveLength(2);
  });

  it("gives up a GET after two network retries, with ky's NetworkError", async () => {
    replies = [0, 1, 2, 3].map(() => ({ status: 0, destroy: true }));
    const { api } = client();
    await expect(api.request("/x", OkSchema)).rejects.toBeInstanceOf(NetworkError);
    expect(seen).toHaveLength(3);
  });

  it("still renews and repeats once after a 401 that follows two network failures", async () => {
    replies = [{ status: 0, destroy: true }, { status: 0, destroy: true }, { status: 401 }, { status: 200, body: { ok: true } }];
    const { api } = client({ accessToken: (rejected) => Promise.resolve(rejected ? "new" : "old") });
    await expect(api.request("/x", OkSchema)).resolves.toEqual({ ok: true });
    expect(seen.map((request) => request.headers.authorization)).toEqual(["Bearer old", "Bearer old", "Bearer old", "Bearer new"]);
  });

  it("aborts a call when its signal is aborted, without repeating it", async () => {
    const slow = http.createServer(() => undefined);
    await new Promise<void>((resolve) => slow.listen(0, "localhost", resolve));
    const { api } = client({ apiUrl: `http://localhost:${(slow.address() as AddressInfo).port}` });
    const controller = new AbortController();
    const call = api.request("/x", OkSchema, { signal: controller.signal });
    controller.abort();
    await expect(call).rejects.toMatchObject({ name: "AbortError" });
    slow.closeAllConnections();
    await new Promise((resolve) => slow.close(resolve));
  });

  it("does not repeat a POST after a network failure", async () => {
    replies = [{ status: 0, destroy: true }, { status: 200, body: { ok: true } }];
    const { api } = client();
    await expect(api.request("/x", OkSchema, { method: "POST", json: {} })).rejects.toThrow();
    expect(seen).toHaveLength(1);
  });

  it("fails with the token error as it is when no token can be had, without sending the call", async () => {
    const renewalFailed = new Error("renewal failed");
    let asked = 0;
    const { api } = client({
      accessToken: () => {
        asked += 1;
        return Promise.reject(renewalFailed);
      },
    });
    await expect(api.request("/x", OkSchema)).rejects.toBe(renewalFailed);
    expect(asked).toBe(1);
    expect(seen).toHaveLength(0);
  });

  it("fails with the renewal's error after a 401, without repeating the call with the refused token", async () => {
    replies = [{ status: 401 }, { status: 200, body: { ok: true } }];
    const renewalFailed = new Error("renewal failed");
    const { api } = client({ accessToken: (rejected) => (rejected ? Promise.reject(renewalFailed) : Promise.resolve("token-1")) });
    await expect(api.request("/x", OkSchema)).rejects.toBe(renewalFailed);
    expect(seen).toHaveLength(1);
  });

  it("downloads a file as a Blob", async () => {
    replies = [{ status: 200, raw: "%PDF-1.4" }];
    const { api } = client();
    const blob = await api.download("/contentfulservice/api/v1/documents/1");
    expect(await blob?.text()).toBe("%PDF-1.4");
  });
});
