import { expect, test } from "@playwright/test";

/** Every public route type renders the stand-in's content, in Dutch and in English. */
const routes = [
  { name: "home", nl: "/", en: "/en", heading: { nl: "Uw drankengroothandel voor horeca en bedrijven", en: "Your beverage wholesaler for hospitality and business" } },
  { name: "content page", nl: "/over-ons", en: "/en/over-ons", heading: null },
  { name: "sub page", nl: "/over-ons/geschiedenis", en: "/en/over-ons/geschiedenis", heading: null },
  { name: "news archive", nl: "/nieuws", en: "/en/nieuws", heading: { nl: "Nieuws", en: "News" } },
  { name: "category", nl: "/nieuws/duurzaamheid", en: "/en/nieuws/duurzaamheid", heading: { nl: "Duurzaamheid", en: "Sustainability" } },
  { name: "article", nl: "/nieuws/duurzaamheid/statiegeld-op-blik", en: "/en/nieuws/duurzaamheid/statiegeld-op-blik", heading: null },
  { name: "become a customer", nl: "/klant-worden", en: "/en/klant-worden", heading: { nl: "Klant worden?", en: "Become a customer?" } },
  { name: "tht FAQ", nl: "/vragen-tht", en: "/en/vragen-tht", heading: null },
  { name: "perfect fit", nl: "/perfect-fit", en: "/en/perfect-fit", heading: { nl: "Perfect Fit: de drankenkaart die bij uw zaak past", en: "Perfect Fit: the drinks menu that suits your venue" } },
  { name: "403", nl: "/403", en: "/en/403", heading: { nl: "Geen toegang", en: "No access" } },
] as const;

for (const route of routes) {
  for (const lang of ["nl", "en"] as const) {
    test(`${route.name} (${lang}) renders its content`, async ({ page }) => {
      const response = await page.goto(route[lang]);
      expect(response?.status()).toBe(200);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      const h1 = page.getByRole("heading", { level: 1 });
      await expect(h1).toHaveCount(1);
      if (route.heading) await expect(h1).toHaveText(route.heading[lang]);
      else await expect(h1).not.toBeEmpty();
    });
  }
}

test("content pages come from the API in each language", async ({ page, request }) => {
  const backend = process.env["KP_BACKEND_URL"];
  const api = `${backend}/contentfulservice/api/v1`;
  for (const [locale, path] of [["nl-NL", "/over-ons"], ["en-US", "/en/over-ons"]] as const) {
    const content = (await (
      await request.get(`${api}/pages/over-ons?locale=${locale}`, { headers: { "Ocp-Apim-Subscription-Key": "local-subscription-key" } })
    ).json()) as { title: string; intro: string | null };
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(content.title);
    if (content.intro) await expect(page.locator(".kp-intro")).toHaveText(content.intro);
  }
});

test("an article shows date, category, a sized hero with srcset and related articles", async ({ page }) => {
  await page.goto("/nieuws/duurzaamheid/statiegeld-op-blik");
  const meta = page.locator(".kp-article__meta");
  await expect(meta.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T/);
  await expect(meta.locator("time")).toHaveText(/\d{1,2} (januari|februari|maart|april|mei|juni|juli|augustus|september|oktober|november|december) \d{4}/);
  await expect(meta.getByRole("link", { name: "Duurzaamheid" })).toHaveAttribute("href", "/nieuws/duurzaamheid");
  const hero = page.locator(".kp-hero img");
  await expect(hero).toHaveAttribute("width", /\d+/);
  await expect(hero).toHaveAttribute("height", /\d+/);
  await expect(hero).toHaveAttribute("srcset", /\?w=320 320w, .*\?w=640 640w/);
  await expect(page.getByRole("heading", { name: "Gerelateerde artikelen" })).toBeVisible();

  await page.goto("/en/nieuws/duurzaamheid/statiegeld-op-blik");
  await expect(page.locator(".kp-article__meta time")).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
  await expect(page.getByRole("heading", { name: "Related articles" })).toBeVisible();
});

test("the head carries title, description, canonical, hreflang and Open Graph", async ({ page }) => {
  await page.goto("/en/over-ons");
  const site = new URL(page.url()).origin;
  await expect(page).toHaveTitle(/\| Van Dam Dranken$/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.+/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${site}/en/over-ons`);
  await expect(page.locator('link[hreflang="nl-NL"]')).toHaveAttribute("href", `${site}/over-ons`);
  await expect(page.locator('link[hreflang="en-US"]')).toHaveAttribute("href", `${site}/en/over-ons`);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /\/images\/.+\?w=\d+/);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /.+/);
});

test("private and error screens are not indexed", async ({ page }) => {
  await page.goto("/403");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await expect(page.getByRole("link", { name: "Terug naar de vorige pagina" })).toBeVisible();
});

test("an unknown path answers 404 with the not-found page in its language", async ({ page }) => {
  const nl = await page.goto("/deze-pagina-bestaat-niet");
  expect(nl?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pagina niet gevonden");
  await expect(page.getByRole("link", { name: "Terug naar de vorige pagina" })).toBeVisible();
  const en = await page.goto("/en/no-such-page/at-all");
  expect(en?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  await expect(page.getByRole("link", { name: "Back to the homepage" })).toHaveAttribute("href", "/en");
});

test("the Dutch 404 link goes back to the previous page", async ({ page }) => {
  await page.goto("/over-ons");
  await page.goto("/bestaat-niet");
  await page.evaluate(() => {
    // The static server's 404 keeps the referrer of a same-site navigation; emulate following a dead link.
    Object.defineProperty(document, "referrer", { value: `${location.origin}/over-ons` });
  });
  await page.getByRole("link", { name: "Terug naar de vorige pagina" }).click();
  await expect(page).toHaveURL(/\/over-ons$/);
});

test("the 500 page is a static file", async ({ request }) => {
  const response = await request.get("/500.html");
  expect(response.status()).toBe(200);
  expect(await response.text()).toContain("Er is iets misgegaan");
});

test("sitemap.xml indexes sitemap files that list public pages in both languages; robots.txt points to it", async ({ request }) => {
  const index = await (await request.get("/sitemap.xml")).text();
  expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? "").pathname);
  expect(files).toContain("/sitemap-paginas.xml");
  expect(files).toContain("/sitemap-nieuws-duurzaamheid.xml");
  const answers = await Promise.all(files.map((file) => request.get(file)));
  for (const answer of answers) expect(answer.headers()["content-type"]).toMatch(/^(application|text)\/xml/);
  const sitemap = (await Promise.all(answers.map((answer) => answer.text()))).join("\n");
  expect(sitemap).toMatch(/<loc>[^<]+\/en\/nieuws\/duurzaamheid\/statiegeld-op-blik<\/loc>/);
  expect(sitemap).toMatch(/<loc>[^<]+\/en\/klant-worden<\/loc>/);
  expect(sitemap).toContain('hreflang="nl-NL"');
  expect(sitemap).not.toContain("mijn-account");
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toMatch(/Sitemap: .+\/sitemap\.xml/);
});
