/**
 * Runs the whole local stack: the stand-in backend (API + identity provider), a first build of the
 * site from it, and the static server. `--test` runs the tests' own stack (other ports, fresh data)
 * and prints one `KP_READY {json}` line when it is up. Ctrl-C stops everything it started.
 */
import { rm, mkdir } from "node:fs/promises";
import path from "node:path";
import { startBackend } from "./local-backend/server.ts";
import { buildSite } from "./lib/build-site.ts";
import { startStaticServer } from "./static-server.ts";
import {
  DEMO_PASSWORD,
  DEMO_USERS,
  backendUrl,
  contentApiUrl,
  localStackConfig,
  runtimeSettingsFor,
  siteUrl,
  testStackConfig,
} from "./lib/stack-config.ts";

const testMode = process.argv.includes("--test");
const config = testMode ? testStackConfig() : localStackConfig();
const log = (message: string): void => console.log(`[start] ${message}`);

if (testMode) await rm(path.dirname(config.dataDir), { recursive: true, force: true });
await mkdir(config.dataDir, { recursive: true });

const backend = await startBackend(config);
log(`stand-in backend and identity provider on ${backend.url}`);

const liveDir = path.join(config.releasesDir, "live");
if (!(testMode && process.env["KP_REUSE_BUILD"] === "1")) {
  log("building the site from the stand-in's content…");
  const started = Date.now();
  await buildSite({
    outDir: liveDir,
    contentApiUrl: contentApiUrl(config),
    contentApiKey: config.subscriptionKey,
    siteUrl: siteUrl(config),
    settings: runtimeSettingsFor(config),
    log: process.env["KP_VERBOSE"] ? (line) => console.log(`[astro] ${line}`) : undefined,
  });
  log(`built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
const site = await startStaticServer({ port: config.sitePort, root: () => liveDir });

const stop = async (): Promise<void> => {
  site.close();
  await backend.close();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);

if (testMode) {
  console.log(`KP_READY ${JSON.stringify({ backend: backendUrl(config), site: siteUrl(config) })}`);
} else {
  console.log(`
klantportaal is running
  site                     ${siteUrl(config)}
  stand-in API + sign-in   ${backendUrl(config)}

demo users (password ${DEMO_PASSWORD}):
${DEMO_USERS.map((user) => `  ${user.email.padEnd(28)} ${user.note}`).join("\n")}

Ctrl-C stops everything.`);
}
