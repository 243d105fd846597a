import { mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { startBackend, type Backend } from "../../../stand-in/server.ts";
import { testStackConfig, type StackConfig } from "../../../dev/lib/stack-config.ts";

export type TestBackend = Backend & { config: StackConfig; api: string; key: string };

/** A free loopback port, so test files can each run their own backend side by side. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "localhost", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/**
 * Starts a fresh stand-in backend in test mode (own port, own seeded database) for one test file.
 * Call `close()` in afterAll; the data folder is removed with it.
 */
export async function startTestBackend(): Promise<TestBackend> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "kp-backend-"));
  const config: StackConfig = {
    ...testStackConfig(),
    backendPort: await freePort(),
    dataDir: path.join(dir, "data"),
    releasesDir: path.join(dir, "releases"),
  };
  const backend = await startBackend(config);
  return {
    ...backend,
    config,
    api: `${backend.url}/contentfulservice/api/v1`,
    key: config.subscriptionKey,
    close: async () => {
      await backend.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
