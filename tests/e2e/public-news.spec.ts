import { expect, test } from "@playwright/test";

const cards = "[data-cards] > li";

/** A further page's URL: named by its newest article, not by a number. */
const FURTHER_PAGE = /^\/nieuws\/pagina\/[a-z0-9-]+$/;

test("load more appends the next page in place from its JSON", async ({ page }) => {
  await page.goto("/nieuws");
  const list = page.locator("[data-cards] > li");
  const first = await list.count();
  expect(first).toBeGreaterThanOrEqual(9);
  const more = page.getByRole("link", { name: "Meer artikelen laden" });
  const next = (await more.getAttribute("href")) ?? "";
  expect(next).toMatch(FURTHER_PAGE);
  const json = page.waitForResponse((response) => new URL(response.url()).pathname === `${next}.json`);
  await more.click();
  expect((await json).status()).toBe(200);
  await expect.poll(() => list.count()).toBeGreaterThan(first);
  const added = (await list.count()) - first;
  await expect(page).toHaveURL(/\/nieuws$/);
  // The first new card is the page's namesake, and it has the focus.
  await expect(list.nth(first).getByRole("link")).toBeFocused();
  await expect(list.nth(first).getByRole("link")).toHaveAttribute(
    "href",
    new RegExp(`/${next.split("/").pop()}$`),
  );
  await expect(list.nth(first).locator("time")).toHaveText(/\d{4}$/);
  await expect(list.nth(first).locator("img")).toHaveAttribute("srcset", /320w/);
  await expect(more).toHaveAttribute("href", FURTHER_PAGE);
  await expect(more).not.toHaveAttribute("href", next);
  await expect(page.getByRole("status").filter({ hasText: `${added} artikelen toegevoegd` })).toBeAttached();
  // Until the last page, after which the control goes away.
  // One page at a time: click again only after the previous page has been appended.
  while (await more.isVisible()) {
    const before = await list.count();
    await more.click();
    await expect.poll(() => list.count()).toBeGreaterThan(before);
  }
  // Every article once, newest first across pages, none left out (the sitemap lists every Dutch article).
  const dates = await list
    .locator("time")
    .evaluateAll((times) => times.map((time) => time.getAttribute("datetime") ?? ""));
  expect([...dates].sort().reverse()).toEqual(dates);
  const hrefs = await list
    .locator("a[data-field=link]")
    .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
  expect(new Set(hrefs).size).toBe(hrefs.length);
  const index = await (await page.request.get("/sitemap.xml")).text();
  const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? "").pathname);
  const sitemap = (await Promise.all(files.map(async (file) => (await page.request.get(file)).text()))).join("\n");
  const articles = sitemap.match(/<loc>https?:\/\/[^/<]+\/nieuws\/[^/<]+\/[^/<]+<\/loc>/g) ?? [];
  expect(hrefs.length).toBe(articles.length);
});

test("load more in English appends English articles from the English JSON", async ({ page }) => {
  await page.goto("/en/nieuws");
  const more = page.getByRole("link", { name: "Load more articles" });
  const next = (await more.getAttribute("href")) ?? "";
  expect(next).toMatch(/^\/en\/nieuws\/pagina\/[a-z0-9-]+$/);
  const json = page.waitForResponse((response) => new URL(response.url()).pathname === `${next}.json`);
  await more.click();
  expect((await json).status()).toBe(200);
  const list = page.locator("[data-cards] > li");
  await expect.poll(() => list.count()).toBeGreaterThan(9);
  const hrefs = await list
    .locator("a[data-field=link]")
    .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
  for (const href of hrefs) expect(href).toMatch(/^\/en\/nieuws\/[a-z0-9-]+\/[a-z0-9-]+$/);
  await expect(page.getByRole("status").filter({ hasText: /^\d+ articles added$/ })).toBeAttached();
});

test("a category shows its newest articles, all of them while they fit on one page", async ({ page }) => {
  await page.goto("/en/nieuws/producten");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("New products");
  const hrefs = await page
    .locator("[data-cards] a[data-field=link]")
    .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
  expect(hrefs.length).toBeGreaterThanOrEqual(9);
  for (const href of hrefs) expect(href).toMatch(/^\/en\/nieuws\/producten\//);
  await expect(page.getByRole("link", { name: "Load more articles" })).toHaveCount(0);
});

test("a failing load keeps the list and says so", async ({ page }) => {
  await page.route("**/pagina/*.json", (route) => route.fulfill({ status: 500, body: "" }));
  await page.goto("/nieuws");
  const first = await page.locator("[data-cards] > li").count();
  await page.getByRole("link", { name: "Meer artikelen laden" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "Het laden van meer artikelen is mislukt. Probeer het opnieuw.",
  );
  await expect(page.locator("[data-cards] > li")).toHaveCount(first);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("load more is a link to the next static page, titled with the days it covers", async ({ page }) => {
    await page.goto("/nieuws");
    const more = page.getByRole("link", { name: "Meer artikelen laden" });
    const next = (await more.getAttribute("href")) ?? "";
    await more.click();
    await expect(page).toHaveURL(new RegExp(`${next}$`));
    const dates = await page.locator(`${cards} time`).allTextContents();
    expect(dates.length).toBeGreaterThanOrEqual(5);
    // "Nieuws – 3 t/m 12 maart 2026": from the oldest card's day to the newest card's date.
    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).toHaveText(new RegExp(`^Nieuws – ${dates.at(-1)?.split(" ")[0]} .*${dates[0]}$`));
    await expect(page).toHaveTitle(new RegExp(`^${await heading.textContent()}`));
    await expect(page.getByRole("link", { name: "Meer artikelen laden" })).toHaveAttribute(
      "href",
      FURTHER_PAGE,
    );
    await expect(page.getByRole("link", { name: "Meer artikelen laden" })).not.toHaveAttribute("href", next);
  });

  test("an English further page is titled in English", async ({ page }) => {
    await page.goto("/en/nieuws");
    await page.getByRole("link", { name: "Load more articles" }).click();
    await expect(page).toHaveURL(/\/en\/nieuws\/pagina\/[a-z0-9-]+$/);
    const newest = (await page.locator(`${cards} time`).first().textContent()) ?? "";
    // "News – March 3–12, 2026": the newest card's year ends it.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      new RegExp(`^News – [A-Z][a-z]+ \\d.*${newest.slice(-4)}$`),
    );
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
  await expect(body.getByRole("link", { name: "Een gewone, veilige link" })).toHaveAttribute(
    "href",
    "https://www.vandamdranken.example/",
  );
  const schemes = await page
    .locator("a[href]")
    .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  expect(schemes.filter((href) => /^\s*(javascript|data|vbscript):/i.test(href))).toEqual([]);
  await body.getByText("Klik hier (javascript-link)").click();
  expect(dialogs).toEqual([]);
  await expect(page.locator(".kp-intro")).toHaveText(
    "<img src=x onerror=alert(1)> Deze tekst moet letterlijk verschijnen.",
  );
});

test("a page without content says so in both languages", async ({ page }) => {
  await page.goto("/vacatures");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Vacatures");
  await expect(page.locator("[data-empty=page]")).toHaveText("Deze pagina heeft geen inhoud");
  await page.goto("/en/vacatures");
  await expect(page.locator("[data-empty=page]")).toHaveText("This page has no content");
});
