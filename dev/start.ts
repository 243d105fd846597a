/**
 * Runs the whole local stack: the stand-in backend (API + identity provider), a first build of the
 * site from it, the static server (live release), the rebuild server (CMS webhook) and the preview
 * site (drafts). `--test` runs the tests' own stack (other ports, fresh data) and prints one
 * `KP_READY {json}` line when it is up. Ctrl-C stops everything it started.
 */
import { existsSync } from "node:fs";
import { rm, mkdir } from "node:fs/promises";
import path from "node:path";
import { startBackendThread } from "./lib/backend-thread.ts";
import { headerContextFor } from "../publishing/serving/headers.ts";
import { releaseStore } from "../publishing/releases/releases.ts";
import { startStaticServerProcess } from "../publishing/serving/static-server-process.ts";
import { startPublishing, storeDirFor } from "../publishing/server/index.ts";
import { createLogger } from "../publishing/server/log.ts";
import { CMS_CALLBACK_SECRET, REBUILD_ADMIN_SECRET, WEBHOOK_SECRET, secretFor } from "../publishing/server/secrets.ts";
import {
  DEMO_PASSWORD,
  DEMO_USERS,
  standInEditorSignIn,
  backendUrl,
  contentApiUrl,
  localStackConfig,
  previewUrl,
  rebuildUrl,
  runtimeSettingsFor,
  siteUrl,
  testStackConfig,
} from "./lib/stack-config.ts";

const testMode = process.argv.includes("--test");
const config = testMode ? testStackConfig() : localStackConfig();
const log = (message: string): void => console.log(`[start] ${message}`);
const verbose = Boolean(process.env["KP_VERBOSE"]);
/** Reuse the test stack's last live release instead of building (quick e2e reruns while working). */
const reuseBuild = testMode && process.env["KP_REUSE_BUILD"] === "1";

if (testMode) await rm(reuseBuild ? config.dataDir : path.dirname(config.dataDir), { recursive: true, force: true });
await mkdir(config.dataDir, { recursive: true });

const webhookSecret = await secretFor(config.dataDir, WEBHOOK_SECRET, process.env["KP_WEBHOOK_SECRET"]);
// On a thread of its own, as the supplier's systems run on machines of their own: its answers to
// a site's build (thousands of content calls) never wait for the publishing work on this one. The
// stand-in CMS signs and sends its webhook on every publish, unpublish, edit and create.
const backend = await startBackendThread(config, { webhook: { url: `${rebuildUrl(config)}/hooks/content`, secret: webhookSecret }, env: {} });
log(`stand-in backend and identity provider on ${backend.url}`);
const liveSettings = runtimeSettingsFor(config);
const previewSettings = runtimeSettingsFor(config, previewUrl(config));
const publishing = await startPublishing({
  releasesDir: config.releasesDir,
  contentApiUrl: contentApiUrl(config),
  contentApiKey: config.subscriptionKey,
  live: { siteUrl: siteUrl(config), settings: liveSettings },
  preview: { siteUrl: previewUrl(config), settings: previewSettings },
  imageOrigin: process.env["KP_IMAGE_ORIGIN"],
  webhookSecret,
  // Tests wait for builds; a short settle time keeps them quick while still folding one action's webhooks.
  settleMs: testMode ? 300 : undefined,
  adminSecret: await secretFor(config.dataDir, REBUILD_ADMIN_SECRET, process.env["KP_REBUILD_ADMIN_SECRET"]),
  // The content team signs in at the stand-in provider (redacteur@example.com holds the editor role).
  editorSignIn: standInEditorSignIn(config),
  // The receipt of each change back to the stand-in CMS (`npm run content -- receipts` lists them).
  cmsCallback: {
    url: `${backendUrl(config)}/cms/publish-receipts`,
    secret: await secretFor(config.dataDir, CMS_CALLBACK_SECRET, process.env["KP_CMS_CALLBACK_SECRET"]),
  },
  deployCommand: process.env["KP_DEPLOY_COMMAND"],
  port: config.rebuildPort,
  // The rebuild server's events are JSON lines; in test mode only failures matter to the reader.
  log: createLogger((line) => {
    if (!testMode || verbose || line.includes('"build.failed"')) console.log(line);
  }),
  buildLog: verbose ? (site, line) => console.log(`[astro ${site}] ${line}`) : undefined,
});

const liveStore = releaseStore(storeDirFor(config.releasesDir, "live"));
if (!(reuseBuild && existsSync(liveStore.current))) {
  log("building the site from the stand-in's content…");
  // Through the queue, so a webhook arriving meanwhile folds into the next build. The preview's
  // first build renders beside the live site's at a lower priority (tests build the preview only
  // when they change a draft; a person gets it built at once).
  publishing.trigger("live", "startup");
  if (!testMode) publishing.trigger("preview", "startup");
  await publishing.sites.live.queue.idle();
  const record = publishing.sites.live.pipeline.lastBuild();
  if (!record) throw new Error("the first build did not run");
  if (record.result === "success") log(`built in ${(record.durationMs / 1000).toFixed(1)} s`);
  else if (existsSync(liveStore.current)) log(`the build failed; serving the previous release:\n${record.error}`);
  else {
    console.error(`[start] the first build failed:\n${record.error}`);
    process.exit(1);
  }
}
// Each in a process of its own: a visitor's answer never waits for a publish's work in this one.
const site = await startStaticServerProcess({
  port: config.sitePort,
  root: liveStore.current,
  fallbackContext: headerContextFor(liveSettings),
});
const preview = await startStaticServerProcess({
  port: config.previewPort,
  root: releaseStore(storeDirFor(config.releasesDir, "preview")).current,
  fallbackContext: headerContextFor(previewSettings, { preview: true }),
});

const stop = async (): Promise<void> => {
  await Promise.all([site.close(), preview.close()]);
  await publishing.close();
  await backend.close();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);

if (testMode) {
  const ready = {
    backend: backendUrl(config),
    site: siteUrl(config),
    preview: previewUrl(config),
    rebuild: publishing.url,
  };
  console.log(`KP_READY ${JSON.stringify(ready)}`);
} else {
  console.log(`
klantportaal is running
  site                     ${siteUrl(config)}
  preview site (drafts)    ${previewUrl(config)}
  rebuild server (webhook) ${publishing.url}/hooks/status
  stand-in API + sign-in   ${backendUrl(config)}

demo users (password ${DEMO_PASSWORD}):
${DEMO_USERS.map((user) => `  ${user.email.padEnd(28)} ${user.note}`).join("\n")}

Ctrl-C stops everything.`);
}
