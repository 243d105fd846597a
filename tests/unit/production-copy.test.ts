/**
 * What ships, proved on a copy: the repository without the stand-in (stand-in/), the tooling (dev/)
 * and the tests, installed the way a production host installs it (`npm install --omit=dev`), builds
 * the site against a content API and publishes a change through the publishing server
 * (publishing/server/main.ts, configured by its environment only). The content API is the stand-in,
 * run from this tree as the supplier's CMS would run elsewhere. tests/unit/production-install.test.ts
 * is the quick static half: every run-time import is a declared dependency.
 *
 * Slow by nature (an npm install and two site builds): a minute or three.
 */
import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { cp, mkdir, mkdtemp, readdir, rm } from "node:fs/promises";
import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runtimeSettingsFor } from "../../dev/lib/stack-config.ts";
import { sendContentWebhook } from "../../publishing/server/notify.ts";
import { TEST_ADMIN_SECRET } from "../../stand-in/content-admin.ts";
import { startTestBackend, type TestBackend } from "../support/backend.ts";
import { freePort } from "../support/free-port.ts";

const root = path.resolve(import.meta.dirname, "../..");
/** The folders a production host does not get. */
const NOT_SHIPPED = ["stand-in/", "dev/", "tests/"];
const WEBHOOK_SECRET = "production-copy-webhook-secret-0123456789";

type BuildRecord = { result: "success" | "failed"; path: string | null; error: string | null; triggers: { id?: string }[] };
type SiteStatus = { live: string | null; lastBuild: BuildRecord | null };

let copy = "";
let backend: TestBackend | undefined;
let server: ChildProcess | undefined;
let output = "";
let rebuildUrl = "";
let siteUrl = "";

/** The tracked files of the repository minus the folders that do not ship, copied to a temporary folder. */
async function copyShipped(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "kp-production-copy-"));
  const files = execFileSync("git", ["ls-files", "-z"], { cwd: root, encoding: "utf8" })
    .split("\0")
    .filter((file) => file !== "" && !NOT_SHIPPED.some((folder) => file.startsWith(folder)) && existsSync(path.join(root, file)));
  await Promise.all(
    files.map(async (file) => {
      await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
      await cp(path.join(root, file), path.join(dir, file));
    }),
  );
  return dir;
}

/** The environment without npm's own variables of the run that started this test (they would steer the install). */
const cleanEnv = (): NodeJS.ProcessEnv =>
  Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.toLowerCase().startsWith("npm_")));

function run(command: string, args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: cleanEnv(), stdio: ["ignore", "pipe", "pipe"] });
    let log = "";
    child.stdout.on("data", (chunk: Buffer) => (log += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (log += chunk.toString()));
    child.once("error", reject);
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} exited with ${code}:\n${log}`))));
  });
}

async function liveStatus(): Promise<SiteStatus> {
  const body = (await (await fetch(`${rebuildUrl}/hooks/status`, { headers: { authorization: "Bearer production-copy-admin-secret-0123456789" } })).json()) as { sites: { live: SiteStatus } };
  return body.sites.live;
}

/** Waits until the live site's last build satisfies `done`; fails at once when the server stopped. */
async function liveBuild(done: (build: BuildRecord) => boolean): Promise<BuildRecord> {
  for (;;) {
    if (server?.exitCode !== null) throw new Error(`the publishing server stopped:\n${output}`);
    const build = (await liveStatus().catch(() => null))?.lastBuild;
    if (build && done(build)) return build;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

describe("the production copy (no stand-in/, dev/ or tests/, npm install --omit=dev)", () => {
  beforeAll(async () => {
    copy = await copyShipped();
    await run("npm", ["install", "--omit=dev", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"], copy);
    backend = await startTestBackend({ ports: ["sitePort", "previewPort"] });
  }, 600_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server?.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    }
    await backend?.close();
    if (copy) await rm(copy, { recursive: true, force: true });
  });

  it("has only the shipped folders and no devDependency installed", async () => {
    for (const folder of NOT_SHIPPED) expect(existsSync(path.join(copy, folder)), folder).toBe(false);
    const installed = await readdir(path.join(copy, "node_modules"));
    expect(installed).toContain("astro");
    for (const dev of ["vitest", "@playwright", "oidc-provider", "eslint"]) expect(installed, dev).not.toContain(dev);
  });

  it("builds the site against the content API and publishes a change with the publishing server", async () => {
    if (!backend) throw new Error("no content API");
    const config = backend.config;
    const [rebuildPort, servePort] = [await freePort(), await freePort()];
    rebuildUrl = `http://127.0.0.1:${rebuildPort}`;
    siteUrl = `http://localhost:${servePort}`;
    // The copy's own Node (the `node` dependency), as its npm scripts would run it.
    server = spawn(path.join(copy, "node_modules/.bin/node"), ["publishing/server/main.ts"], {
      cwd: copy,
      env: {
        ...cleanEnv(),
        CONTENT_API_URL: backend.api,
        CONTENT_API_KEY: backend.key,
        SITE_URL: siteUrl,
        PREVIEW_SITE_URL: `http://localhost:${config.previewPort}`,
        KP_RUNTIME_SETTINGS: JSON.stringify(runtimeSettingsFor(config, siteUrl)),
        KP_RELEASES_DIR: path.join(copy, "releases"),
        KP_WEBHOOK_SECRET: WEBHOOK_SECRET,
        KP_REBUILD_ADMIN_SECRET: "production-copy-admin-secret-0123456789",
        KP_REBUILD_PORT: String(rebuildPort),
        KP_SERVE_PORT: String(servePort),
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    server.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    server.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));

    const first = await liveBuild(() => true);
    expect(first.result, `${first.error ?? ""}\n${output}`).toBe("success");
    expect((await liveStatus()).live).not.toBeNull();

    // One change, as the CMS sends it: an article retitled in the stand-in CMS, then its signed webhook.
    const latest = (await (
      await fetch(`${backend.api}/articles/latest?locale=nl-NL&count=1`, { headers: { "ocp-apim-subscription-key": backend.key } })
    ).json()) as { articles: { slug: string; categorySlug: string }[] };
    const article = latest.articles[0];
    if (!article) throw new Error("the seed has no article");
    const title = "Nieuw op de productiekopie";
    for (const action of ["edit", "publish"]) {
      const response = await fetch(`${backend.url}/admin/content/articles/${article.slug}/${action}`, {
        method: "POST",
        headers: { authorization: `Bearer ${TEST_ADMIN_SECRET}`, "content-type": "application/json" },
        body: JSON.stringify(action === "edit" ? { locale: "nl-NL", title } : {}),
      });
      expect(response.status, action).toBe(200);
    }
    const change = { action: "publish", type: "article", slug: article.slug, locale: "nl-NL" } as const;
    expect(await sendContentWebhook({ url: `${rebuildUrl}/hooks/content`, secret: WEBHOOK_SECRET, change })).toBe(202);
    const published = await liveBuild((build) => build.triggers.some((trigger) => trigger.id === `article:${article.slug}`));
    expect(published.result, `${published.error ?? ""}\n${output}`).toBe("success");

    const page = await fetch(`${siteUrl}/nieuws/${article.categorySlug}/${article.slug}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(title);
  }, 600_000);
});
