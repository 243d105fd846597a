import { expect, test } from "@playwright/test";
import { CACHES } from "../../src/core/offline/cache-names.ts";
import { isPrivateEntry } from "../../src/core/offline/clear-private-caches.ts";
import { signIn } from "./support/auth.ts";
import { cacheEntries, waitForSavedNews, waitForServiceWorker } from "./support/offline.ts";

/** The service worker and the signed-in portal: nothing private is cached, and logout clears the rest. */

test("after signing in, using the portal and logging out, the cache storage holds no API or private entry", async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto("/nieuws");
  await waitForServiceWorker(page);
  await waitForSavedNews(page, "nl");

  await signIn(page, "hoofdgebruiker@example.com");
  // The dashboard shows the account manager's and sales support's portraits, from the same image
  // host as the news photos: the worker must not keep them.
  await page.goto("/mijn-account/dashboard");
  const portraits = page.locator("img.kp-person__photo");
  await expect(portraits.first()).toBeVisible({ timeout: 20_000 });
  await expect
    .poll(() => portraits.evaluateAll((images) => images.every((image) => (image as HTMLImageElement).naturalWidth > 0)), { timeout: 20_000 })
    .toBe(true);
  const portraitPaths = await portraits.evaluateAll((images) => images.map((image) => new URL((image as HTMLImageElement).src).pathname));
  const cachedPortraits = async (): Promise<string[]> =>
    Object.values(await cacheEntries(page))
      .flat()
      .filter((url) => portraitPaths.includes(new URL(url).pathname));
  for (const path of ["/mijn-account/facturen", "/mijn-account/account", "/mijn-account/gebruikers"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
  }
  const origin = new URL(page.url()).origin;
  const privateEntries = async (): Promise<string[]> =>
    Object.values(await cacheEntries(page))
      .flat()
      .filter((url) => isPrivateEntry(url, origin));
  // The worker itself kept nothing of the portal or the API, and none of the portraits.
  expect(await privateEntries()).toEqual([]);
  expect(await cachedPortraits()).toEqual([]);

  // Private data some other code put in the Cache Storage: logout must remove it too.
  await page.evaluate(async (pages) => {
    await (await caches.open("portal-screens")).put("/mijn-account/facturen", new Response("invoices"));
    await (await caches.open(pages)).put("/mijn-account/account", new Response("account"));
  }, CACHES.pages);
  expect(await privateEntries()).toHaveLength(2);

  await page.goto("/uitloggen");
  await page.waitForURL((url) => url.origin === origin && url.pathname === "/uitgelogd", { timeout: 20_000 });
  const after = await cacheEntries(page);
  expect(await privateEntries()).toEqual([]);
  expect(await cachedPortraits()).toEqual([]);
  expect(Object.keys(after)).not.toContain("portal-screens");
  // Public news stays readable offline after logout.
  expect(after[CACHES.pages]?.some((url) => url.endsWith("/nieuws"))).toBe(true);
});
