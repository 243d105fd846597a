import { afterAll, beforeAll, expect, it } from "vitest";
import { localStackConfig } from "../../dev/lib/stack-config.ts";
import { startTestBackend, type TestBackend } from "../support/backend.ts";

let backend: TestBackend;

beforeAll(async () => {
  // The stand-in in local (npm start) mode, on a port and data folder of its own.
  backend = await startTestBackend({ base: localStackConfig() });
});
afterAll(async () => {
  await backend.close();
});

it("mounts no test hooks outside test mode", async () => {
  for (const hook of ["outbox", "grants", "lifetimes"]) expect((await fetch(`${backend.url}/__test/${hook}`)).status).toBe(404);
  const bad = await fetch(`${backend.url}/__test/bad-id-token`, { method: "POST", body: JSON.stringify({ kind: "audience" }) });
  expect(bad.status).toBe(404);
});

it("still serves the provider", async () => {
  expect((await fetch(`${backend.url}/.well-known/openid-configuration`)).status).toBe(200);
});
