import { expect, test, type Page } from "@playwright/test";
import { waitForSavedNews, waitForServiceWorker } from "./support/offline.ts";

/** Site search (issue 8): Pagefind per language on /zoeken and /en/zoeken, reached from the header. */

async function search(page: Page, label: string, button: string, query: string): Promise<void> {
  await page.getByLabel(label).fill(query);
  await page.getByRole("button", { name: button, exact: true }).click();
}

const hits = (page: Page) => page.getByRole("list", { name: /Zoekresultaten|Search results/ }).getByRole("listitem");

test("the Dutch search finds a known article with its category and excerpt, and only Dutch pages", async ({ page }) => {
  await page.goto("/");
  await page.locator("[data-search-link]").click();
  await expect(page).toHaveURL(/\/zoeken$/);
  await search(page, "Zoekterm", "Zoeken", "meerprijs");
  await expect(page.getByRole("status")).toHaveText(/^\d+ (resultaat|resultaten) voor ‘meerprijs’$/);
  const hit = hits(page).filter({ hasText: "Direct-trade koffie uit Colombia" });
  await expect(hit.getByRole("link", { name: "Direct-trade koffie uit Colombia" })).toHaveAttribute(
    "href",
    "/nieuws/producten/koffie-van-de-boer",
  );
  await expect(hit).toContainText("Categorie: Nieuwe producten");
  await expect(hit.locator("mark").first()).toHaveText(/meerprijs/i);
  const hrefs = await hits(page).getByRole("link").evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  expect(hrefs.length).toBeGreaterThan(0);
  expect(hrefs.filter((href) => href.startsWith("/en"))).toEqual([]);
  // The query is kept in the URL, so the result list can be shared and reloaded.
  await expect(page).toHaveURL(/\/zoeken\?q=meerprijs$/);
  await page.reload();
  await expect(hits(page).filter({ hasText: "Direct-trade koffie uit Colombia" })).toHaveCount(1);
});

test("the English search finds the English article, and only English pages", async ({ page }) => {
  await page.goto("/en/zoeken?q=premium");
  const hit = hits(page).filter({ hasText: "Direct-trade coffee from Colombia" });
  await expect(hit.getByRole("link")).toHaveAttribute("href", "/en/nieuws/producten/koffie-van-de-boer");
  await expect(hit).toContainText("Category: New products");
  const hrefs = await hits(page).getByRole("link").evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  expect(hrefs.every((href) => href.startsWith("/en"))).toBe(true);
  // A Dutch-only word finds nothing on the English site.
  await search(page, "Search term", "Search", "meerprijs");
  await expect(page.getByRole("status")).toHaveText("No results for ‘meerprijs’. Try another or a shorter word.");
  await expect(hits(page)).toHaveCount(0);
});

test("nonsense finds nothing, and an empty query asks for a term", async ({ page }) => {
  await page.goto("/zoeken");
  await search(page, "Zoekterm", "Zoeken", "xqzvbnmplk");
  await expect(page.getByRole("status")).toHaveText("Geen resultaten voor ‘xqzvbnmplk’. Probeer een ander of korter woord.");
  await expect(hits(page)).toHaveCount(0);
  await search(page, "Zoekterm", "Zoeken", "   ");
  await expect(page.getByRole("status")).toHaveText("Vul een zoekterm in.");
  await expect(page.getByLabel("Zoekterm")).toHaveAttribute("aria-invalid", "true");
});

test("search works offline over the saved index", async ({ page, context }) => {
  await page.goto("/zoeken");
  await waitForServiceWorker(page);
  await waitForSavedNews(page, "nl");
  await context.setOffline(true);
  await page.goto("/zoeken?q=meerprijs");
  await expect(page.getByText("Je bent offline: je vindt alleen pagina's die op dit apparaat bewaard zijn.")).toBeVisible();
  await expect(hits(page).filter({ hasText: "Direct-trade koffie uit Colombia" })).toHaveCount(1);
});

test("the article page loads no search code", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script" || request.url().includes("/pagefind/")) scripts.push(request.url());
  });
  await page.goto("/nieuws/producten/koffie-van-de-boer");
  await page.waitForLoadState("networkidle");
  expect(scripts.filter((url) => url.includes("pagefind") || url.includes("zoeken"))).toEqual([]);
});
