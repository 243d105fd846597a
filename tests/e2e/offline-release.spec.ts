import { cp, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { currentRelease, newReleaseId, releaseStore, swapLive } from "../../scripts/lib/releases.ts";
import { buildServiceWorker } from "../../scripts/lib/service-worker.ts";
import { testStackConfig } from "../../scripts/lib/stack-config.ts";
import { CACHES } from "../../src/core/offline/cache-names.ts";
import { storeDirFor } from "../../scripts/rebuild-server/index.ts";
import { waitForSavedNews, waitForServiceWorker, workerBuild } from "./support/offline.ts";

/**
 * A new release while a reader has the site open: its worker takes over on the next navigation,
 * and the saved articles are fetched again from the new release, so offline reading never
 * shows a previous release's page (or points at its assets).
 */

const ARTICLE = "/nieuws/producten/koffie-van-de-boer";

/**
 * Publishes a copy of the live release with a worker of its own build and the article marked with
 * the release (an attribute on <html>: the stack is shared, other tests must see the same content).
 */
async function publishNewRelease(): Promise<{ build: string; id: string }> {
  const store = releaseStore(storeDirFor(testStackConfig().releasesDir, "live"));
  const live = await currentRelease(store);
  if (!live) throw new Error("no live release");
  const id = newReleaseId(store, new Date());
  const dir = path.join(store.releases, id);
  await cp(path.join(store.releases, live), dir, { recursive: true, verbatimSymlinks: true });
  const article = path.join(dir, `${ARTICLE}.html`);
  await writeFile(article, (await readFile(article, "utf8")).replace("<html ", `<html data-e2e-release="${id}" `));
  const build = `e2e-${id}`;
  await buildServiceWorker(dir, build);
  // The static server prefers precompressed copies; these two changed.
  for (const file of [article, path.join(dir, "sw.js")]) await Promise.all([rm(`${file}.br`, { force: true }), rm(`${file}.gz`, { force: true })]);
  await swapLive(store, id);
  return { build, id };
}

test("a new release's worker takes over on the next navigation and refreshes the saved articles", async ({ page, context }) => {
  test.setTimeout(90_000);
  await page.goto("/nieuws");
  await waitForServiceWorker(page);
  await waitForSavedNews(page, "nl");
  const first = await workerBuild(page);
  expect(first).toBeTruthy();

  const { build, id } = await publishNewRelease();
  await page.goto("/nieuws/producten");
  await expect.poll(() => workerBuild(page), { timeout: 20_000 }).toBe(build);

  // On activation the new worker fetched the saved article again from the new release.
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
  await page.goto(ARTICLE);
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
