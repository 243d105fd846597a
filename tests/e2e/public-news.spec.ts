import { expect, test } from "@playwright/test";

const cards = "[data-cards] > li";

test("load more appends the next page in place from its JSON", async ({ page }) => {
  await page.goto("/nieuws");
  const list = page.locator("[data-cards] > li");
  const first = await list.count();
  expect(first).toBe(9);
  const more = page.getByRole("link", { name: "Meer artikelen laden" });
  await expect(more).toHaveAttribute("href", "/nieuws/pagina/2");
  const json = page.waitForResponse((response) => response.url().endsWith("/nieuws/pagina/2.json"));
  await more.click();
  expect((await json).status()).toBe(200);
  await expect(list).toHaveCount(18);
  await expect(page).toHaveURL(/\/nieuws$/);
  await expect(list.nth(9).getByRole("link")).toBeFocused();
  await expect(list.nth(9).locator("time")).toHaveText(/\d{4}$/);
  await expect(list.nth(9).locator("img")).toHaveAttribute("srcset", /320w/);
  await expect(more).toHaveAttribute("href", "/nieuws/pagina/3");
  await expect(page.getByRole("status").filter({ hasText: "9 artikelen toegevoegd" })).toBeAttached();
  // Every article once, newest first across pages.
  const dates = await list.locator("time").evaluateAll((times) => times.map((time) => time.getAttribute("datetime") ?? ""));
  expect([...dates].sort().reverse()).toEqual(dates);
  // Until the last page, after which the control goes away.
  // One page at a time: click again only after the previous page has been appended.
  while (await more.isVisible()) {
    const before = await list.count();
    await more.click();
    await expect.poll(() => list.count()).toBeGreaterThan(before);
  }
  const total = await list.count();
  const hrefs = await list.locator("a[data-field=link]").evaluateAll((links) => links.map((link) => link.getAttribute("href")));
  expect(new Set(hrefs).size).toBe(total);
  expect(total).toBeGreaterThan(18);
});

test("load more in a category stays in that category (English)", async ({ page }) => {
  await page.goto("/en/nieuws/producten");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("New products");
  await page.getByRole("link", { name: "Load more articles" }).click();
  const list = page.locator("[data-cards] > li");
  await expect.poll(() => list.count()).toBeGreaterThan(9);
  const hrefs = await list.locator("a[data-field=link]").evaluateAll((links) => links.map((link) => link.getAttribute("href")));
  for (const href of hrefs) expect(href).toMatch(/^\/en\/nieuws\/producten\//);
  await expect(page.getByRole("link", { name: "Load more articles" })).toHaveCount(0);
});

test("a failing load keeps the list and says so", async ({ page }) => {
  await page.route("**/pagina/2.json", (route) => route.fulfill({ status: 500, body: "" }));
  await page.goto("/nieuws");
  await page.getByRole("link", { name: "Meer artikelen laden" }).click();
  await expect(page.getByRole("alert")).toHaveText("Het laden van meer artikelen is mislukt. Probeer het opnieuw.");
  await expect(page.locator("[data-cards] > li")).toHaveCount(9);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("load more is a link to the next static page", async ({ page }) => {
    await page.goto("/nieuws");
    await page.getByRole("link", { name: "Meer artikelen laden" }).click();
    await expect(page).toHaveURL(/\/nieuws\/pagina\/2$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nieuws – pagina 2");
    await expect(page.locator(cards)).toHaveCount(9);
    await expect(page.getByRole("link", { name: "Meer artikelen laden" })).toHaveAttribute("href", "/nieuws/pagina/3");
  });
});

test("an empty category says so in both languages", async ({ page }) => {
  await page.goto("/nieuws/evenementen");
  await expect(page.getByText("Deze categorie bevat geen artikelen")).toBeVisible();
  await expect(page.getByRole("link", { name: "Meer artikelen laden" })).toHaveCount(0);
  await page.goto("/en/nieuws/evenementen");
  await expect(page.getByText("This category contains no articles")).toBeVisible();
});

test("the category navigation marks the current category", async ({ page }) => {
  await page.goto("/nieuws/horeca-tips");
  const nav = page.getByRole("navigation", { name: "Categorieën" });
  await expect(nav.getByRole("link", { name: "Horecatips" })).toHaveAttribute("aria-current", "page");
  await nav.getByRole("link", { name: "Alle artikelen" }).click();
  await expect(page).toHaveURL(/\/nieuws$/);
});

test("the hostile rich-text article renders inert", async ({ page }) => {
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto("/nieuws/nieuws-algemeen/veiligheidstest");
  const body = page.locator(".kp-richtext");
  await expect(body.getByText("<script>alert(1)</script>")).toBeVisible();
  await expect(body.getByText("<img src=x onerror=alert(1)>")).toBeVisible();
  await expect(page.getByRole("heading", { name: "<h1>Niet als HTML</h1>" })).toBeVisible();
  await expect(body.locator("script, img[onerror], svg, [onmouseover]")).toHaveCount(0);
  // The javascript: and data: links keep their words and lose their link.
  await expect(body.getByText("Klik hier (javascript-link)")).toBeVisible();
  await expect(body.getByRole("link", { name: /javascript-link/ })).toHaveCount(0);
  await expect(body.getByRole("link", { name: /data-link/ })).toHaveCount(0);
  await expect(body.getByRole("link", { name: "Een gewone, veilige link" })).toHaveAttribute("href", "https://www.vandamdranken.example/");
  const schemes = await page.locator("a[href]").evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  expect(schemes.filter((href) => /^\s*(javascript|data|vbscript):/i.test(href))).toEqual([]);
  await body.getByText("Klik hier (javascript-link)").click();
  expect(dialogs).toEqual([]);
  await expect(page.locator(".kp-intro")).toHaveText("<img src=x onerror=alert(1)> Deze tekst moet letterlijk verschijnen.");
});

test("a page without content says so in both languages", async ({ page }) => {
  await page.goto("/vacatures");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Vacatures");
  await expect(page.locator("[data-empty=page]")).toHaveText("Deze pagina heeft geen inhoud");
  await page.goto("/en/vacatures");
  await expect(page.locator("[data-empty=page]")).toHaveText("This page has no content");
});
