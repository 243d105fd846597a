import { mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { testStackConfig, type StackConfig } from "../../dev/lib/stack-config.ts";
import { startBackend, type Backend } from "../../stand-in/server.ts";
import { refreshTokens, signIn } from "./support/tokens.ts";

let dir = "";
let running: Backend | undefined;
afterAll(async () => {
  await running?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "localhost", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

it("keeps tokens and refresh grants valid across a restart of the stand-in", async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "kp-restart-"));
  const config: StackConfig = { ...testStackConfig(), backendPort: await freePort(), dataDir: path.join(dir, "data"), releasesDir: path.join(dir, "releases") };
  running = await startBackend(config);
  const tokens = await signIn({ url: running.url, config }, "facturen@example.com");
  await running.close();

  running = await startBackend(config);
  const accounts = await fetch(`${running.url}/contentfulservice/api/v1/accounts`, {
    headers: { "ocp-apim-subscription-key": config.subscriptionKey, authorization: `Bearer ${tokens.access_token}` },
  });
  expect(accounts.status).toBe(200);
  const refreshed = await refreshTokens(running.url, config, tokens.refresh_token ?? "");
  expect(refreshed.access_token).toBeTruthy();
});
