import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, type TestBackend } from "../support/backend.ts";

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
