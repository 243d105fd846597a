/**
 * The rebuild server on its own, for a real deployment (no stand-in backend):
 * `node publishing/server/main.ts`, configured entirely by environment variables (listed in
 * docs/publishing.md). Each swap can be followed by KP_DEPLOY_COMMAND, e.g. a sync to an object
 * store behind a CDN and a purge; KP_SERVE_PORT additionally serves the live release itself.
 */
import * as v from "valibot";
import { parseRuntimeSettings } from "../../src/core/settings.ts";
import { headerContextFor } from "../serving/headers.ts";
import { releaseStore } from "../releases/releases.ts";
import { startStaticServerProcess } from "../serving/static-server-process.ts";
import { startPublishing, storeDirFor } from "./index.ts";
import { createLogger } from "./log.ts";

const Url = v.pipe(v.string(), v.url());
const Port = v.pipe(v.string(), v.transform(Number), v.integer(), v.minValue(1), v.maxValue(65_535));
const Secret = v.pipe(v.string(), v.minLength(32, "use at least 32 characters"));

const EnvSchema = v.object({
  CONTENT_API_URL: Url,
  CONTENT_API_KEY: v.pipe(v.string(), v.nonEmpty()),
  SITE_URL: Url,
  PREVIEW_SITE_URL: Url,
  /** The live site's settings.js values as JSON (the preview gets the same with its own redirect URI). */
  KP_RUNTIME_SETTINGS: v.pipe(v.string(), v.parseJson()),
  KP_RELEASES_DIR: v.pipe(v.string(), v.nonEmpty()),
  KP_WEBHOOK_SECRET: Secret,
  KP_REBUILD_ADMIN_SECRET: Secret,
  KP_REBUILD_PORT: v.optional(Port, "4322"),
  KP_REBUILD_HOST: v.optional(v.string(), "127.0.0.1"),
  KP_DEPLOY_COMMAND: v.optional(v.string()),
  KP_IMAGE_ORIGIN: v.optional(Url),
  KP_SERVE_PORT: v.optional(Port),
  /** The editor sign-in of the publish receipt: all four, or none (the publishing key alone). */
  KP_EDITOR_ISSUER: v.optional(Url),
  KP_EDITOR_CLIENT_ID: v.optional(v.pipe(v.string(), v.nonEmpty())),
  KP_EDITOR_CLIENT_SECRET: v.optional(v.pipe(v.string(), v.nonEmpty())),
  KP_EDITOR_REDIRECT_URI: v.optional(Url),
  KP_EDITOR_ROLE: v.optional(v.pipe(v.string(), v.nonEmpty()), "editor"),
  /** The signed receipt to the CMS after each change: both, or none. */
  KP_CMS_CALLBACK_URL: v.optional(Url),
  KP_CMS_CALLBACK_SECRET: v.optional(Secret),
});
const EDITOR_VARIABLES = ["KP_EDITOR_ISSUER", "KP_EDITOR_CLIENT_ID", "KP_EDITOR_CLIENT_SECRET", "KP_EDITOR_REDIRECT_URI"] as const;

const parsed = v.safeParse(EnvSchema, process.env);
if (!parsed.success) {
  for (const issue of parsed.issues) console.error(`${v.getDotPath(issue) ?? "environment"}: ${issue.message}`);
  process.exit(2);
}
const env = parsed.output;
const editorSet = EDITOR_VARIABLES.filter((name) => env[name] !== undefined);
if (editorSet.length > 0 && editorSet.length < EDITOR_VARIABLES.length) {
  for (const name of EDITOR_VARIABLES.filter((name) => env[name] === undefined)) console.error(`${name}: needed with ${editorSet.join(", ")}`);
  process.exit(2);
}
if (Boolean(env.KP_CMS_CALLBACK_URL) !== Boolean(env.KP_CMS_CALLBACK_SECRET)) {
  console.error("KP_CMS_CALLBACK_URL and KP_CMS_CALLBACK_SECRET: set both, or neither");
  process.exit(2);
}
const cmsCallback = env.KP_CMS_CALLBACK_URL && env.KP_CMS_CALLBACK_SECRET ? { url: env.KP_CMS_CALLBACK_URL, secret: env.KP_CMS_CALLBACK_SECRET } : undefined;
const editorSignIn =
  env.KP_EDITOR_ISSUER && env.KP_EDITOR_CLIENT_ID && env.KP_EDITOR_CLIENT_SECRET && env.KP_EDITOR_REDIRECT_URI
    ? { issuer: env.KP_EDITOR_ISSUER, clientId: env.KP_EDITOR_CLIENT_ID, clientSecret: env.KP_EDITOR_CLIENT_SECRET, redirectUri: env.KP_EDITOR_REDIRECT_URI, role: env.KP_EDITOR_ROLE }
    : undefined;
const settings = parseRuntimeSettings(env.KP_RUNTIME_SETTINGS);
const previewSettings = { ...settings, auth: { ...settings.auth, redirectUri: `${env.PREVIEW_SITE_URL.replace(/\/$/, "")}/callback` } };
const log = createLogger();

const publishing = await startPublishing({
  releasesDir: env.KP_RELEASES_DIR,
  contentApiUrl: env.CONTENT_API_URL,
  contentApiKey: env.CONTENT_API_KEY,
  live: { siteUrl: env.SITE_URL, settings },
  preview: { siteUrl: env.PREVIEW_SITE_URL, settings: previewSettings },
  imageOrigin: env.KP_IMAGE_ORIGIN,
  webhookSecret: env.KP_WEBHOOK_SECRET,
  adminSecret: env.KP_REBUILD_ADMIN_SECRET,
  editorSignIn,
  cmsCallback,
  deployCommand: env.KP_DEPLOY_COMMAND,
  port: env.KP_REBUILD_PORT,
  host: env.KP_REBUILD_HOST,
  log,
});
publishing.trigger("live", "startup");
publishing.trigger("preview", "startup");

if (env.KP_SERVE_PORT) {
  const store = releaseStore(storeDirFor(env.KP_RELEASES_DIR, "live"));
  // In a process of its own: a visitor's answer never waits for a publish's work in this one.
  await startStaticServerProcess({
    port: env.KP_SERVE_PORT,
    host: "0.0.0.0",
    root: store.current,
    fallbackContext: headerContextFor(settings, { imageOrigin: env.KP_IMAGE_ORIGIN }),
  });
  log("static.listening", { port: env.KP_SERVE_PORT });
}

const stop = async (): Promise<void> => {
  await publishing.close();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
