import path from "node:path";
import { LOCAL_SUBSCRIPTION_KEY } from "../../src/content-build/local-defaults.ts";
import type { RuntimeSettings } from "../../src/core/settings.ts";

/** Everything the local stack needs to know; one object for `npm start`, another for the tests. */
export type StackConfig = {
  mode: "local" | "test";
  backendPort: number;
  sitePort: number;
  rebuildPort: number;
  previewPort: number;
  /** SQLite and generated secrets live here. */
  dataDir: string;
  /** Release folders of the live and preview sites. */
  releasesDir: string;
  subscriptionKey: string;
  clientId: string;
  audience: string;
  claimNamespace: string;
};

const root = path.resolve(import.meta.dirname, "../..");

const shared = {
  subscriptionKey: LOCAL_SUBSCRIPTION_KEY,
  clientId: "klantportaal-web",
  audience: "https://api.klantportaal.example",
  claimNamespace: "https://klantportaal.example/claims",
};

/** The stack `npm start` runs, on the ports the README promises. */
export function localStackConfig(): StackConfig {
  return {
    mode: "local",
    backendPort: 4010,
    sitePort: 4321,
    rebuildPort: 4322,
    previewPort: 4323,
    dataDir: path.join(root, ".data"),
    releasesDir: path.join(root, ".releases"),
    ...shared,
  };
}

/**
 * The stack the tests run: other fixed ports and a data folder of its own, so a running `npm start`
 * is never touched. KP_TEST_PORT_BASE moves every port at once (default 5000: backend 5010, site 5321).
 */
export function testStackConfig(): StackConfig {
  const base = Number(process.env["KP_TEST_PORT_BASE"] ?? 5000);
  const dir = path.join(root, ".test-data", String(base));
  return {
    mode: "test",
    backendPort: base + 10,
    sitePort: base + 321,
    rebuildPort: base + 322,
    previewPort: base + 323,
    dataDir: path.join(dir, "data"),
    releasesDir: path.join(dir, "releases"),
    ...shared,
  };
}

export const backendUrl = (config: StackConfig): string => `http://localhost:${config.backendPort}`;
export const siteUrl = (config: StackConfig): string => `http://localhost:${config.sitePort}`;
export const previewUrl = (config: StackConfig): string => `http://localhost:${config.previewPort}`;
export const rebuildUrl = (config: StackConfig): string => `http://localhost:${config.rebuildPort}`;

/**
 * The publishing server's confidential client at the stand-in provider (the editor sign-in of the
 * publish receipt). A fixed secret: the stand-in is never deployed; a real deployment registers its
 * own client and passes KP_EDITOR_CLIENT_SECRET.
 */
export const PUBLISHING_CLIENT = {
  id: "klantportaal-publishing",
  secret: "standin-publishing-client-secret-not-for-production",
  callbackPath: "/publicaties/callback",
} as const;

/** The publishing server's editor sign-in at the stand-in provider (redacteur@example.com holds the role). */
export const standInEditorSignIn = (config: StackConfig) => ({
  issuer: `${backendUrl(config)}/`,
  clientId: PUBLISHING_CLIENT.id,
  clientSecret: PUBLISHING_CLIENT.secret,
  redirectUri: `${rebuildUrl(config)}${PUBLISHING_CLIENT.callbackPath}`,
  role: "editor",
});
export const contentApiUrl = (config: StackConfig): string =>
  `${backendUrl(config)}/contentfulservice/api/v1`;

/** The values a deploy pipeline would write into settings.js for this stack. */
export function runtimeSettingsFor(config: StackConfig, origin = siteUrl(config)): RuntimeSettings {
  return {
    apiUrl: backendUrl(config),
    subscriptionKey: config.subscriptionKey,
    auth: {
      domain: `${backendUrl(config)}/`,
      clientId: config.clientId,
      audience: config.audience,
      redirectUri: `${origin}/callback`,
      claimNamespace: config.claimNamespace,
      organization: "",
      expiryMarginSeconds: config.mode === "test" ? 5 : 60,
    },
    debug: config.mode === "test",
  };
}

/** The demo users of the README; every one signs in with DEMO_PASSWORD. */
export const DEMO_PASSWORD = "Welkom123!";
export const DEMO_USERS = [
  { email: "hoofdgebruiker@example.com", note: "main user of 100001 and 100002, every permission" },
  { email: "facturen@example.com", note: "FACTUREN only, on 100001" },
  { email: "admin@example.com", note: "ADMINISTRATOR on 100001" },
  { email: "nieuw@example.com", note: "every permission on 100003, not yet consented" },
  { email: "redacteur@example.com", note: "content team (editor role): the publish receipt at the rebuild server's /publicaties" },
] as const;
