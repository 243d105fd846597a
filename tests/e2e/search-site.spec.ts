import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { waitForSavedNews, waitForSavedSearchIndex, waitForServiceWorker } from "./support/offline.ts";

/** Site search: Pagefind per language on /zoeken and /en/zoeken, reached from the header. */

async function search(page: Page, label: string, button: string, query: string): Promise<void> {
  await page.getByLabel(label).fill(query);
  await page.getByRole("button", { name: button, exact: true }).click();
}

const hits = (page: Page) => page.getByRole("list", { name: /Zoekresultaten|Search results/ }).getByRole("listitem");

test("the Dutch search finds a known article with its category and excerpt, and only Dutch pages", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("banner").getByRole("link", { name: "Zoeken", exact: true }).click();
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
  await waitForSavedSearchIndex(page, "nl");
  await context.setOffline(true);
  await page.goto("/zoeken?q=meerprijs");
  await expect(page.getByText("U bent offline: u vindt alleen pagina's die op dit apparaat bewaard zijn.")).toBeVisible();
  const hit = hits(page).filter({ hasText: "Direct-trade koffie uit Colombia" });
  await expect(hit).toHaveCount(1);
  // It is among the latest articles, saved in the background: marked as readable now.
  await expect(hit.locator(".kp-offline-mark")).toHaveText("Offline beschikbaar");
  await hit.getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Direct-trade koffie uit Colombia");
});

test("the search and offline pages have no serious accessibility violations", async ({ page, context }) => {
  test.setTimeout(90_000);
  const check = async (): Promise<void> => {
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
    const serious = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
    expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
  };
  await page.goto("/zoeken?q=koffie");
  await expect(hits(page).first()).toBeVisible();
  await check();
  await page.goto("/en/zoeken");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText("Enter a search term.");
  await check();
  await waitForServiceWorker(page);
  await waitForSavedNews(page, "en");
  await context.setOffline(true);
  await page.goto("/en/contact");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You are offline");
  await check();
  await page.goto("/mijn-account/facturen");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hiervoor is een verbinding nodig");
  await check();
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
