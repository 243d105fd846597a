import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { startBackend, type Backend } from "../../stand-in/server.ts";
import { testStackConfig, type StackConfig } from "../../dev/lib/stack-config.ts";
import { freePort } from "./free-port.ts";

export type TestBackend = Backend & {
  config: StackConfig;
  /** The content API's base URL and the subscription key it wants. */
  api: string;
  key: string;
  /** Stops the backend and starts it again on the same port and data (a restart of the stand-in). */
  restart: () => Promise<TestBackend>;
};

/** Ports of the stack besides the backend's that a test may want free ones of (the backend always gets one). */
type StackPort = "sitePort" | "rebuildPort" | "previewPort";

/**
 * Starts a fresh stand-in backend (own free port, own seeded database in a temporary folder; the
 * releases folder beside it) for one test file. `base` is the configuration it starts from (the test
 * stack's by default); `ports` are further ports of the stack to give free ones. Call `close()` when
 * done: the folder is removed with it.
 */
export async function startTestBackend(options: { base?: StackConfig; ports?: readonly StackPort[] } = {}): Promise<TestBackend> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "kp-backend-"));
  const config: StackConfig = {
    ...(options.base ?? testStackConfig()),
    backendPort: await freePort(),
    dataDir: path.join(dir, "data"),
    releasesDir: path.join(dir, "releases"),
  };
  for (const port of options.ports ?? []) config[port] = await freePort();
  return started(config, dir);
}

async function started(config: StackConfig, dir: string): Promise<TestBackend> {
  const backend = await startBackend(config);
  return {
    ...backend,
    config,
    api: `${backend.url}/contentfulservice/api/v1`,
    key: config.subscriptionKey,
    restart: async () => {
      await backend.close();
      return started(config, dir);
    },
    close: async () => {
      await backend.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
