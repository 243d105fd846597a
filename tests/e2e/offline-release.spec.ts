import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import type http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { headerContextFor } from "../../publishing/serving/headers.ts";
import { newReleaseId, releaseStore, swapLive, type ReleaseStore } from "../../publishing/releases/releases.ts";
import { buildServiceWorker } from "../../publishing/build/service-worker.ts";
import { runtimeSettingsFor, testStackConfig } from "../../dev/lib/stack-config.ts";
import { storeDirFor } from "../../publishing/server/index.ts";
import { startStaticServer } from "../../publishing/serving/static-server.ts";
import { CACHES } from "../../src/core/offline/cache-names.ts";
import { waitForSavedNews, waitForServiceWorker, workerBuild } from "./support/offline.ts";

/**
 * A new release while a reader has the site open: its worker takes over once the browser finds it,
 * and the saved articles are fetched again from the new release, so offline reading never
 * shows a previous release's page (or points at its assets).
 */

const ARTICLE = "/nieuws/producten/koffie-van-de-boer";

/*
 * The releases change on a static server of this test's own, serving copies of the shared stack's
 * live release: a new worker on the shared site would take over the pages of every test running
 * beside this one, in the middle of their navigations. Another port is another origin, so this
 * test's worker and caches are its own too.
 */
let dir: string;
let store: ReleaseStore;
let server: http.Server;
let site: string;

test.beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "kp-offline-release-e2e-"));
  store = releaseStore(dir);
  const first = "20000101-000000-000";
  await cp(
    path.join(storeDirFor(testStackConfig().releasesDir, "live"), "current"),
    path.join(store.releases, first),
    {
      recursive: true,
      dereference: true,
    },
  );
  await swapLive(store, first);
  server = await startStaticServer({
    port: 0,
    root: () => store.current,
    fallbackContext: headerContextFor(runtimeSettingsFor(testStackConfig())),
  });
  site = `http://localhost:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  server?.closeAllConnections();
  server?.close();
  await rm(dir, { recursive: true, force: true });
});

/** Publishes a copy of the live release with a worker of its own build and the article marked with the release. */
async function publishNewRelease(): Promise<{ build: string; id: string }> {
  const id = newReleaseId(store, new Date());
  const dir = path.join(store.releases, id);
  await cp(store.current, dir, { recursive: true, dereference: true });
  const article = path.join(dir, `${ARTICLE}.html`);
  await writeFile(
    article,
    (await readFile(article, "utf8")).replace("<html ", `<html data-e2e-release="${id}" `),
  );
  const build = `e2e-${id}`;
  await buildServiceWorker(dir, build);
  // The static server prefers precompressed copies; these two changed.
  for (const file of [article, path.join(dir, "sw.js")])
    await Promise.all([rm(`${file}.br`, { force: true }), rm(`${file}.gz`, { force: true })]);
  await swapLive(store, id);
  return { build, id };
}

test("a new release's worker takes over the open page and refreshes the saved articles", async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await page.goto(`${site}/nieuws`);
  await waitForServiceWorker(page);
  await waitForSavedNews(page, "nl");
  const first = await workerBuild(page);
  expect(first).toBeTruthy();

  const { build, id } = await publishNewRelease();
  await page.goto(`${site}/nieuws/producten`);
  // A browser looks for a new worker shortly after a navigation, but puts that off for as long as
  // the page keeps loading; the test asks at once, as the browser eventually does, and waits for
  // the new worker to install and activate (or for the reason it did not).
  const newWorker = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    await registration?.update();
    const worker = registration?.installing ?? registration?.waiting ?? registration?.active;
    if (!worker) return "no worker";
    await new Promise<void>((resolve) => {
      const settled = (): boolean => worker.state === "activated" || worker.state === "redundant";
      if (settled()) resolve();
      worker.addEventListener("statechange", () => settled() && resolve());
    });
    return worker.state;
  });
  expect(newWorker).toBe("activated");
  await expect.poll(() => workerBuild(page), { timeout: 20_000 }).toBe(build);

  // Once it took over, the new worker fetched the saved article again from the new release.
  await expect
    .poll(
      () =>
        page.evaluate(
          async ({ url, cacheName }) => (await (await caches.match(url, { cacheName }))?.text()) ?? "",
          { url: ARTICLE, cacheName: CACHES.pages },
        ),
      { timeout: 20_000 },
    )
    .toContain(`data-e2e-release="${id}"`);

  await context.setOffline(true);
  await page.goto(`${site}${ARTICLE}`);
  await expect(page.locator("html")).toHaveAttribute("data-e2e-release", id);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Direct-trade koffie uit Colombia");
  // Every stylesheet the saved page names is there offline.
  const sheets = await page.evaluate(() =>
    [...document.styleSheets].map((sheet) => {
      try {
        return sheet.cssRules.length;
      } catch {
        return -1;
      }
    }),
  );
  expect(sheets.length).toBeGreaterThan(0);
  expect(sheets.every((rules) => rules > 0)).toBe(true);
});
