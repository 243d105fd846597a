/**
 * The static server (static-server.ts) in a process of its own, as nginx or a CDN serves a release
 * on machines of their own: its answers wait neither for the publishing process's event loop nor
 * for its I/O threads. The moment a publish goes live is when that process is busiest (the live
 * site's housekeeping after the swap, the preview's held steps of the same change, their file
 * operations and compression on the shared I/O threads), and inside it the first request for the
 * new release took 25 to 180 ms at 5,000 articles for 5 to 10 ms of its own work.
 */
import { fork } from "node:child_process";
import { once } from "node:events";
import type { HeaderContext } from "./headers.ts";

type Setup = {
  port: number;
  host?: string;
  /** The folder to serve, usually a release store's `current` symlink: resolved on every request. */
  root: string;
  fallbackContext: HeaderContext;
};
type Reply = { type: "listening" } | { type: "failed"; error: string };

export type StaticServerProcess = { close: () => Promise<void> };

export async function startStaticServerProcess(setup: Setup): Promise<StaticServerProcess> {
  // None of this process's own flags (a profiler's, an inline script's input type): the server runs this file alone.
  const child = fork(new URL(import.meta.url), ["--serve"], { execArgv: [], stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const exited = once(child, "exit");
  child.send(setup);
  const [reply] = (await Promise.race([once(child, "message"), exited.then(() => [{ type: "failed", error: "the process ended" }])])) as [Reply];
  if (reply.type !== "listening") {
    child.kill("SIGKILL");
    throw new Error(`the static server on port ${setup.port} did not start: ${reply.error}`);
  }
  return {
    close: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      await exited;
    },
  };
}

async function serve(setup: Setup): Promise<void> {
  try {
    const { startStaticServer } = await import("./static-server.ts");
    const { root, ...rest } = setup;
    const server = await startStaticServer({ ...rest, root: () => root });
    process.on("SIGTERM", () => {
      server.closeAllConnections();
      server.close(() => process.exit(0));
    });
    process.send?.({ type: "listening" } satisfies Reply);
  } catch (error) {
    process.send?.({ type: "failed", error: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies Reply);
    process.exit(1);
  }
}

if (process.argv.includes("--serve") && process.send) {
  // Without the process that started it there is nobody to serve for (nothing may outlive it).
  process.on("disconnect", () => process.exit(0));
  process.once("message", (setup: Setup) => void serve(setup));
}
