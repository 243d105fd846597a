import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, type TestBackend } from "../support/backend.ts";
import { signIn } from "./support/tokens.ts";

let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.close());

describe("stand-in API gate", () => {
  it("refuses an API call without the subscription key", async () => {
    const response = await fetch(`${backend.api}/init?locale=nl-NL`);
    expect(response.status).toBe(401);
  });

  it("answers a CORS preflight from the site without a key", async () => {
    const response = await fetch(`${backend.api}/init`, {
      method: "OPTIONS",
      headers: { origin: `http://localhost:${backend.config.sitePort}`, "access-control-request-method": "GET" },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-origin")).toBe(`http://localhost:${backend.config.sitePort}`);
  });

  it("gives no CORS grant to another origin", async () => {
    const response = await fetch(`${backend.api}/init`, {
      method: "OPTIONS",
      headers: { origin: "http://evil.example", "access-control-request-method": "GET" },
    });
    expect(response.headers.get("access-control-allow-origin")).toBeNull();
  });
});

describe("every answer of the API host", () => {
  const HSTS = "max-age=63072000; includeSubDomains";
  it("carries no-store, nosniff and HSTS on API answers of every kind and status", async () => {
    const token = (await signIn(backend, "hoofdgebruiker@example.com")).access_token;
    const withKey = { "ocp-apim-subscription-key": backend.key };
    const calls: [string, RequestInit, number][] = [
      ["/init?locale=nl-NL", { headers: withKey }, 200],
      ["/accounts", { headers: { ...withKey, authorization: `Bearer ${token}` } }, 200],
      ["/invoices?accountNumber=100001", { headers: { ...withKey, authorization: `Bearer ${token}` } }, 200],
      ["/accounts", { headers: withKey }, 401],
      ["/init?locale=nl-NL", {}, 401],
      ["/invoices?accountNumber=999999", { headers: { ...withKey, authorization: `Bearer ${token}` } }, 403],
      ["/does-not-exist", { headers: withKey }, 404],
      ["/contacts", { method: "PUT", headers: { ...withKey, authorization: `Bearer ${token}`, "content-type": "application/json" }, body: "{" }, 400],
    ];
    for (const [path, init, status] of calls) {
      const response = await fetch(`${backend.api}${path}`, init);
      expect(response.status, path).toBe(status);
      expect(response.headers.get("cache-control"), path).toBe("no-store");
      expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(response.headers.get("strict-transport-security"), path).toBe(HSTS);
    }
  });

  it("carries nosniff and HSTS on the identity provider's answers too", async () => {
    for (const [path, init] of [
      ["/.well-known/openid-configuration", {}],
      ["/oauth/token", { method: "POST", body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: "x" }) }],
    ] as const) {
      const response = await fetch(`${backend.url}${path}`, init);
      expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(response.headers.get("strict-transport-security"), path).toBe(HSTS);
    }
  });
});
