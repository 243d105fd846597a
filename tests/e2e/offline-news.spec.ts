import { expect, test } from "@playwright/test";
import { isPrivateEntry } from "../../src/core/offline/clear-private-caches.ts";
import { CACHES } from "../../src/core/offline/cache-names.ts";
import { cacheEntries, waitForSavedNews, waitForServiceWorker } from "./support/offline.ts";

/**
 * Offline news reading with the browser context really offline: what one online visit
 * saves, what an unsaved page and a private route show offline.
 */

type WarmList = {
  nl: { articles: { href: string; title: string }[] };
  en: { articles: { href: string; title: string }[] };
};

test("after one online visit the archive and an unopened article read offline, with images", async ({
  page,
  context,
}) => {
  await page.goto("/nieuws");
  await waitForServiceWorker(page);
  await waitForSavedNews(page, "nl");
  const list = (await (await page.request.get("/offline-news.json")).json()) as WarmList;
  const article = list.nl.articles[5];
  if (!article) throw new Error("the seed has fewer than 6 articles");
  // Online the mark tells the reader nothing: it appears when the connection drops and goes when it returns.
  await page.reload();
  const marks = page.locator(".kp-card .kp-offline-mark");
  await context.setOffline(true);
  await expect(marks.first()).toHaveText("Offline beschikbaar");
  await context.setOffline(false);
  await expect(marks).toHaveCount(0);

  await context.setOffline(true);
  await page.goto("/nieuws");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nieuws");
  // The cards of saved articles carry the mark.
  await expect(page.locator(".kp-card .kp-offline-mark").first()).toHaveText("Offline beschikbaar");

  await page.goto(article.href);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(article.title);
  const hero = page.locator(".kp-hero img");
  await expect(hero).toBeVisible();
  await expect
    .poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  // Styled from the asset cache, not a bare page.
  await expect(page.locator(".kp-header")).toHaveCSS("display", /flex|block|grid/);
});

test("an article the reader opened stays readable offline", async ({ page, context }) => {
  await page.goto("/nieuws");
  await waitForServiceWorker(page);
  await waitForSavedNews(page, "nl");
  const list = (await (await page.request.get("/offline-news.json")).json()) as WarmList;
  const saved = new Set(list.nl.articles.map((entry) => entry.href));
  // An article outside the latest 20: only opening it saves it.
  // The archive's third page (the seed's 15th to 24th article): partly older than the saved 20.
  await page.goto("/nieuws/pagina/prijswijziging-2026");
  const older = await page
    .locator(".kp-card a[data-field='link']")
    .evaluateAll(
      (links, known) =>
        links.map((link) => link.getAttribute("href") ?? "").find((href) => !known.includes(href)),
      [...saved],
    );
  if (!older) throw new Error("no article outside the saved list on the archive's third page");
  await page.goto(older);
  const title = await page.getByRole("heading", { level: 1 }).textContent();

  await context.setOffline(true);
  await page.goto("/nieuws");
  await page.goto(older);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title ?? "");
});

test("an uncached page offline shows the offline page in the reader's language", async ({
  page,
  context,
}) => {
  await page.goto("/en/nieuws");
  await waitForServiceWorker(page);
  await waitForSavedNews(page, "en");
  await context.setOffline(true);

  await page.goto("/contact");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("U bent offline");
  await expect(page.getByRole("link", { name: "Nieuwsoverzicht" })).toHaveAttribute("href", "/nieuws");

  await page.goto("/en/contact");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You are offline");
  // Links to what is available: the saved English articles by title.
  await expect(page.locator("[data-offline-articles] a").first()).toBeVisible();
  const hrefs = await page
    .locator("[data-offline-articles] a")
    .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
  expect(hrefs.every((href) => href?.startsWith("/en/nieuws/"))).toBe(true);
});

test("a private route offline says it needs a connection and shows no saved data", async ({
  page,
  context,
}) => {
  await page.goto("/nieuws");
  await waitForServiceWorker(page);
  await waitForSavedNews(page, "nl");
  await context.setOffline(true);

  for (const [path, heading] of [
    ["/mijn-account/facturen", "Hiervoor is een verbinding nodig"],
    ["/en/mijn-account/dashboard", "This needs a connection"],
    ["/tht", "Hiervoor is een verbinding nodig"],
    ["/bonus/1", "Hiervoor is een verbinding nodig"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    await expect(page.locator(".kp-offline__available")).toBeHidden();
    await expect(page.locator("[data-offline-articles] li")).toHaveCount(0);
  }
  const entries = await cacheEntries(page);
  const origin = new URL(page.url()).origin;
  expect(
    Object.values(entries)
      .flat()
      .filter((url) => isPrivateEntry(url, origin)),
  ).toEqual([]);
  expect(Object.keys(entries)).toContain(CACHES.pages);
});
