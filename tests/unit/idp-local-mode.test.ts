import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { localStackConfig, type StackConfig } from "../../dev/lib/stack-config.ts";
import { startBackend, type Backend } from "../../stand-in/server.ts";
import { startTestBackend } from "./support/backend.ts";

let dir = "";
let backend: Backend;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "kp-local-"));
  // A free port from a throwaway test backend, then the same stand-in in local (npm start) mode.
  const probe = await startTestBackend();
  const port = probe.config.backendPort;
  await probe.close();
  const config: StackConfig = { ...localStackConfig(), backendPort: port, dataDir: path.join(dir, "data"), releasesDir: path.join(dir, "releases") };
  backend = await startBackend(config);
});
afterAll(async () => {
  await backend.close();
  await rm(dir, { recursive: true, force: true });
});

it("mounts no test hooks outside test mode", async () => {
  for (const hook of ["outbox", "grants", "lifetimes"]) expect((await fetch(`${backend.url}/__test/${hook}`)).status).toBe(404);
  const bad = await fetch(`${backend.url}/__test/bad-id-token`, { method: "POST", body: JSON.stringify({ kind: "audience" }) });
  expect(bad.status).toBe(404);
});

it("still serves the provider", async () => {
  expect((await fetch(`${backend.url}/.well-known/openid-configuration`)).status).toBe(200);
});
