/**
 * The whole publishing loop on a stack of its own (the shared test stack's content stays untouched):
 * the content team acts in the stand-in's content admin, which signs and sends the CMS webhook to the
 * rebuild server, which builds, checks and swaps; the static servers then serve the new releases.
 * To keep the suite quick the live site starts from a copy of the shared stack's first release (same
 * seed), and one burst of actions makes one live build and one preview build.
 */
import { cp } from "node:fs/promises";
import type http from "node:http";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { headerContextFor } from "../../publishing/serving/headers.ts";
import { currentRelease, releaseStore, swapLive } from "../../publishing/releases/releases.ts";
import {
  backendUrl,
  contentApiUrl,
  DEMO_PASSWORD,
  standInEditorSignIn,
  previewUrl,
  runtimeSettingsFor,
  siteUrl,
  testStackConfig,
  type StackConfig,
} from "../../dev/lib/stack-config.ts";
import { setContentChangeListener, TEST_ADMIN_SECRET } from "../../stand-in/content-admin.ts";
import { startTestBackend, type TestBackend } from "../support/backend.ts";
import { startPublishing, storeDirFor, type Publishing } from "../../publishing/server/index.ts";
import { createLogger } from "../../publishing/server/log.ts";
import { sendContentWebhook } from "../../publishing/server/notify.ts";
import { CMS_CALLBACK_SECRET, secretFor } from "../../publishing/server/secrets.ts";
import { startStaticServer } from "../../publishing/serving/static-server.ts";

test.describe.configure({ mode: "serial" });
// What the static servers send is under test here, not what the news service worker kept from before.
test.use({ serviceWorkers: "block" });

const WEBHOOK_SECRET = "publishing-e2e-webhook-secret";

type ArticleSummary = { slug: string; categorySlug: string; title: string };

let config: StackConfig;
let backend: TestBackend;
let publishing: Publishing;
let servers: http.Server[] = [];
let initialRelease: string | null;

/** A content admin action, as the CLI or a CMS user would do it. */
async function admin(route: string, body: unknown): Promise<void> {
  const response = await fetch(`${backendUrl(config)}/admin/content/${route}`, {
    method: "POST",
    headers: { authorization: `Bearer ${TEST_ADMIN_SECRET}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.status, `content admin ${route}`).toBeLessThan(300);
}

type SiteStatus = { live: string | null; lastBuild: { result: string; error: string | null } | null; running: unknown; queued: unknown[] };

async function status(): Promise<Record<"live" | "preview", SiteStatus>> {
  const body = (await (await fetch(`${publishing.url}/hooks/status`, { headers: { authorization: "Bearer publishing-e2e-admin-secret" } })).json()) as {
    sites: Record<"live" | "preview", SiteStatus>;
  };
  return body.sites;
}

test.beforeAll(async () => {
  test.setTimeout(60_000);
  const shared = testStackConfig();
  backend = await startTestBackend({ ports: ["sitePort", "rebuildPort", "previewPort"] });
  config = backend.config;
  const { sitePort, rebuildPort, previewPort } = config;
  const live = { siteUrl: siteUrl(config), settings: runtimeSettingsFor(config) };
  const preview = { siteUrl: previewUrl(config), settings: runtimeSettingsFor(config, previewUrl(config)) };
  publishing = await startPublishing({
    releasesDir: config.releasesDir,
    contentApiUrl: contentApiUrl(config),
    contentApiKey: config.subscriptionKey,
    live,
    preview,
    webhookSecret: WEBHOOK_SECRET,
    adminSecret: "publishing-e2e-admin-secret",
    // The content team's sign-in at the stand-in provider, and the receipts back to its CMS.
    editorSignIn: standInEditorSignIn(config),
    cmsCallback: { url: `${backendUrl(config)}/cms/publish-receipts`, secret: await secretFor(config.dataDir, CMS_CALLBACK_SECRET, undefined) },
    port: rebuildPort,
    log: createLogger((line) => {
      if (line.includes('"build.failed"')) console.log(line);
    }),
    // Generous, so the burst of admin actions below becomes one build per site even on a busy machine.
    settleMs: 3000,
  });
  setContentChangeListener((change) =>
    sendContentWebhook({ url: `${publishing.url}/hooks/content`, secret: WEBHOOK_SECRET, change }).then(() => undefined),
  );

  // The shared stack's live release was built from the same seed: it stands in for our first build.
  const liveStore = releaseStore(storeDirFor(config.releasesDir, "live"));
  const sharedLive = path.join(storeDirFor(shared.releasesDir, "live"), "current");
  await cp(sharedLive, path.join(liveStore.releases, "20000101-000000-000"), { recursive: true, dereference: true });
  await swapLive(liveStore, "20000101-000000-000");
  initialRelease = await currentRelease(liveStore);

  servers = [
    await startStaticServer({ port: sitePort, root: () => liveStore.current, fallbackContext: headerContextFor(live.settings) }),
    await startStaticServer({
      port: previewPort,
      root: () => releaseStore(storeDirFor(config.releasesDir, "preview")).current,
      fallbackContext: headerContextFor(preview.settings, { preview: true }),
    }),
  ];
});

test.afterAll(async () => {
  setContentChangeListener(undefined);
  for (const server of servers) {
    server.closeAllConnections();
    server.close();
  }
  await publishing?.close();
  await backend?.close();
});

test("publish, unpublish and a draft edit in the content admin reach the live and preview sites", async ({ page, request }) => {
  test.setTimeout(300_000);
  const latest = (await (
    await fetch(`${contentApiUrl(config)}/articles/latest?locale=nl-NL&count=3`, {
      headers: { "ocp-apim-subscription-key": config.subscriptionKey },
    })
  ).json()) as { articles: ArticleSummary[] };
  const [toUnpublish, toEdit] = latest.articles;
  if (!toUnpublish || !toEdit) throw new Error("the seed has fewer than two articles");
  const live = siteUrl(config);
  const preview = previewUrl(config);
  const articlePath = (article: ArticleSummary): string => `/nieuws/${article.categorySlug}/${article.slug}`;

  /** The visible text of a page (entities decoded), after checking its status. */
  const visit = async (url: string, status = 200) => {
    expect((await page.goto(url))?.status(), url).toBe(status);
    return page.locator("main");
  };

  // Before: the seed's articles are live.
  await visit(`${live}${articlePath(toUnpublish)}`);
  await expect(await visit(`${live}${articlePath(toEdit)}`)).toContainText(toEdit.title);

  const created = { slug: "e2e-publicatie-test", categorySlug: toUnpublish.categorySlug, title: "Nieuw in het assortiment: e2e-publicatie" };
  const draftTitle = `${toEdit.title} (concept e2e)`;
  await admin("articles", {
    ...created,
    excerpt: "Een artikel dat de publicatietest plaatst.",
    bodyText: "Dit artikel is via de content-admin gepubliceerd.",
    publish: true,
  });
  await admin(`articles/${toUnpublish.slug}/unpublish`, {});
  await admin(`articles/${toEdit.slug}/edit`, { locale: "nl-NL", title: draftTitle });

  // The rebuild server builds both sites and swaps; wait until both are idle with a new release.
  await expect
    .poll(
      async () => {
        const sites = await status();
        const done = (site: SiteStatus): boolean => site.running === null && site.queued.length === 0 && site.lastBuild !== null;
        return done(sites.live) && done(sites.preview) && sites.live.live !== initialRelease
          ? { live: sites.live.lastBuild?.result, preview: sites.preview.lastBuild?.result }
          : "building";
      },
      { timeout: 280_000, intervals: [1000] },
    )
    .toEqual({ live: "success", preview: "success" });

  // Live: the published article is there, the unpublished one is gone (404), the draft is not shown.
  await expect(await visit(`${live}/nieuws/${created.categorySlug}/${created.slug}`)).toContainText(created.title);
  await visit(`${live}${articlePath(toUnpublish)}`, 404);
  const editedLive = await visit(`${live}${articlePath(toEdit)}`);
  await expect(editedLive).toContainText(toEdit.title);
  await expect(editedLive).not.toContainText(draftTitle);

  // Preview: the draft shows, on a site search engines are told to skip.
  await expect(await visit(`${preview}${articlePath(toEdit)}`)).toContainText(draftTitle);
  expect((await request.get(`${preview}${articlePath(toEdit)}`)).headers()["x-robots-tag"]).toBe("noindex, nofollow");
  expect((await request.get(`${live}${articlePath(toEdit)}`)).headers()["x-robots-tag"]).toBeUndefined();

  // The CMS heard of it: the signed receipt of the live build, kept and listed by the stand-in CMS.
  await publishing.cmsCallback?.idle();
  const receipts = (await (
    await fetch(`${backendUrl(config)}/admin/content/receipts`, { headers: { authorization: `Bearer ${TEST_ADMIN_SECRET}` } })
  ).json()) as { receipts: { site: string; result: string; changes: { id: string }[] }[] };
  const liveReceipt = receipts.receipts.find((receipt) => receipt.site === "live");
  expect(liveReceipt?.result).toBe("live");
  expect(liveReceipt?.changes.map((change) => change.id)).toContain(`article:${created.slug}`);
});

test("the content team signs in at the identity provider for the publish receipt; a customer is shown the door", async ({ page }) => {
  const signInAs = async (email: string): Promise<void> => {
    await page.locator("#email").fill(email);
    await page.locator("#password").fill(DEMO_PASSWORD);
    await page.locator('button[type="submit"]').click();
  };
  await page.goto(`${publishing.url}/publicaties`);
  await page.getByRole("link", { name: "Inloggen als redacteur" }).click();
  // A customer: signed in at the provider, but without the editor role.
  await signInAs("hoofdgebruiker@example.com");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Geen toegang tot publicaties");
  await expect(page.getByRole("alert")).toContainText("U bent ingelogd als Marleen de Vries, maar uw account heeft niet de rol redacteur.");
  expect((await page.request.get(`${publishing.url}/publicaties`)).status()).toBe(401);
  // Another account (the provider asks again): the editor, who lands on the receipt.
  await page.getByRole("link", { name: "Met een ander account inloggen" }).click();
  await signInAs("redacteur@example.com");
  await expect(page).toHaveURL(`${publishing.url}/publicaties`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Publicaties");
  await expect(page.locator("li.change").first()).toContainText(/Live om|In de voorvertoning om/);
});
