import http from "node:http";
import type { StackConfig } from "../lib/stack-config.ts";

export type Backend = { url: string; close: () => Promise<void> };

/** Starts the stand-in backend (API + identity provider) on loopback. */
export async function startBackend(config: StackConfig): Promise<Backend> {
  const server = http.createServer((_req, res) => {
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(config.backendPort, "localhost", resolve));
  return {
    url: `http://localhost:${config.backendPort}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
