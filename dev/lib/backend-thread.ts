/**
 * The stand-in backend on a thread of its own (`npm start` and the benchmark): its CMS answers on
 * its own event loop, as the supplier's CMS does on machines of its own. On the thread that also runs the
 * publishing server, the static server and the measuring client, its answers to a preview render
 * (lists of thousands of articles, each serialised in one go) held up the live site's answer to
 * the client by up to half a second, which the figures then counted as publishing time.
 */
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import type { StackConfig } from "./stack-config.ts";

type Setup = {
  config: StackConfig;
  /** Where each content change is sent as a signed webhook, as the stand-in CMS does at `npm start`. */
  webhook: { url: string; secret: string } | null;
  env: Record<string, string>;
};
type Reply = { type: "ready"; url: string } | { type: "failed"; error: string } | { type: "closed" };

export type BackendThread = { url: string; close: () => Promise<void> };

export async function startBackendThread(config: StackConfig, options: Omit<Setup, "config">): Promise<BackendThread> {
  const worker = new Worker(new URL(import.meta.url), { workerData: { config, ...options } satisfies Setup });
  const next = (): Promise<Reply> =>
    new Promise((resolve, reject) => {
      worker.once("message", resolve);
      worker.once("error", reject);
    });
  const first = await next();
  if (first.type !== "ready") {
    await worker.terminate();
    throw new Error(`the stand-in backend did not start: ${first.type === "failed" ? first.error : first.type}`);
  }
  return {
    url: first.url,
    close: async () => {
      const closed = next();
      worker.postMessage("close");
      await closed;
      await worker.terminate();
    },
  };
}

async function runThread(setup: Setup, port: NonNullable<typeof parentPort>): Promise<void> {
  try {
    Object.assign(process.env, setup.env);
    const [{ startBackend }, { setContentChangeListener }, { sendContentWebhook }] = await Promise.all([
      import("../../stand-in/server.ts"),
      import("../../stand-in/content-admin.ts"),
      import("../../publishing/server/notify.ts"),
    ]);
    const backend = await startBackend(setup.config);
    const { webhook } = setup;
    if (webhook) {
      setContentChangeListener(async (change) => {
        const status = await sendContentWebhook({ ...webhook, change });
        if (status !== 202) console.error(`[stand-in] the rebuild server answered ${status} to the content webhook`);
      });
    }
    port.on("message", (message) => {
      if (message !== "close") return;
      void backend.close().then(() => port.postMessage({ type: "closed" } satisfies Reply));
    });
    port.postMessage({ type: "ready", url: backend.url } satisfies Reply);
  } catch (error) {
    port.postMessage({ type: "failed", error: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies Reply);
  }
}

if (!isMainThread && parentPort && (workerData as Partial<Setup> | null)?.config) void runThread(workerData as Setup, parentPort);
