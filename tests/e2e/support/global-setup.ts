import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../../..");

/**
 * Starts the tests' own stack once per run (stand-in backend in test mode, one build of the site,
 * static server, rebuild server, preview site) and stops it afterwards. Tests read the URLs from
 * KP_SITE_URL, KP_BACKEND_URL, KP_PREVIEW_URL and KP_REBUILD_URL.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const child = spawn(process.execPath, [path.join(root, "dev/start.ts"), "--test"], {
    cwd: root,
    env: { ...process.env, NODE_NO_WARNINGS: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const ready = await waitForReady(child);
  process.env["KP_SITE_URL"] = ready.site;
  process.env["KP_BACKEND_URL"] = ready.backend;
  process.env["KP_PREVIEW_URL"] = ready.preview;
  process.env["KP_REBUILD_URL"] = ready.rebuild;
  return async () => {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
  };
}

/** The `KP_READY` line of dev/start.ts. */
type Ready = { site: string; backend: string; preview: string; rebuild: string };

function waitForReady(child: ChildProcess): Promise<Ready> {
  return new Promise((resolve, reject) => {
    let output = "";
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      const match = /KP_READY (\{.*\})/.exec(output);
      if (match?.[1]) resolve(JSON.parse(match[1]) as Ready);
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) => reject(new Error(`The test stack exited (${code}) before it was ready:\n${output.slice(-4000)}`)));
  });
}
