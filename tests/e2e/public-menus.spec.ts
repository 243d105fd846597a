import { expect, test, type Page } from "@playwright/test";

const DESKTOP = { width: 1280, height: 900 };
const MOBILE = { width: 390, height: 844 };

const mainNav = (page: Page) => page.getByRole("navigation", { name: "Hoofdmenu" });
const submenu = (page: Page, id: string) => page.locator(`#kp-sub-${id}`);

test.describe("desktop (1024 px and up)", () => {
  test.use({ viewport: DESKTOP });

  test("sub menus open on hover, in columns with headings", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("[data-burger]")).toBeHidden();
    const news = submenu(page, "main-nieuws");
    await expect(news).toBeHidden();
    await mainNav(page).getByRole("link", { name: "Nieuws", exact: true }).hover();
    await expect(news).toBeVisible();
    await expect(news.locator(".kp-submenu__column")).toHaveCount(2);
    await expect(news.locator(".kp-submenu__heading")).toHaveText(["Categorieën", "Uitgelicht"]);
    await expect(news.getByRole("link", { name: "Horecatips" })).toHaveAttribute("href", "/nieuws/horeca-tips");
    await page.mouse.move(5, 800);
    await expect(news).toBeHidden();
  });

  test("a sub page shows its parents as a breadcrumb, and the menu marks the section it is in", async ({ page }) => {
    await page.goto("/over-ons/geschiedenis");
    const crumbs = page.getByRole("navigation", { name: "Kruimelpad" }).getByRole("link");
    await expect(crumbs).toHaveText(["Home", "Over Van Dam Dranken"]);
    await expect(crumbs.last()).toHaveAttribute("href", "/over-ons");
    await expect(mainNav(page).getByRole("link", { name: "Over ons", exact: true })).toHaveAttribute("aria-current", "true");
    await expect(mainNav(page).getByRole("link", { name: "Nieuws", exact: true })).not.toHaveAttribute("aria-current", /./);

    await page.goto("/en/over-ons/geschiedenis");
    const enCrumbs = page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link");
    await expect(enCrumbs).toHaveText(["Home", "About Van Dam Dranken"]);
    await expect(enCrumbs.last()).toHaveAttribute("href", "/en/over-ons");
    const mainEn = page.getByRole("navigation", { name: "Main menu" });
    await expect(mainEn.getByRole("link", { name: "About us", exact: true })).toHaveAttribute("aria-current", "true");

    // An article lies in the news section; the parent's own page is the current page, not a section.
    await page.goto("/nieuws/producten/koffie-van-de-boer");
    await expect(mainNav(page).getByRole("link", { name: "Nieuws", exact: true })).toHaveAttribute("aria-current", "true");
    await page.goto("/over-ons");
    await expect(mainNav(page).getByRole("link", { name: "Over ons", exact: true })).toHaveAttribute("aria-current", "page");
  });

  test("keys: Enter opens, arrows move, Escape closes and returns focus", async ({ page }) => {
    await page.goto("/");
    const toggle = page.locator('[aria-controls="kp-sub-main-assortiment"]');
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(submenu(page, "main-assortiment")).toBeVisible();
    await page.keyboard.press("ArrowDown");
    await expect(submenu(page, "main-assortiment").getByRole("link").first()).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(submenu(page, "main-assortiment").getByRole("link").nth(1)).toBeFocused();
    await page.keyboard.press("ArrowUp");
    await expect(submenu(page, "main-assortiment").getByRole("link").first()).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(submenu(page, "main-assortiment")).toBeHidden();
    await expect(toggle).toBeFocused();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    // Right arrow moves to the next top-level item; Space toggles like Enter.
    await page.keyboard.press("ArrowRight");
    await expect(mainNav(page).getByRole("link", { name: "Nieuws", exact: true })).toBeFocused();
    const newsToggle = page.locator('[aria-controls="kp-sub-main-nieuws"]');
    await newsToggle.focus();
    await page.keyboard.press(" ");
    await expect(submenu(page, "main-nieuws")).toBeVisible();
  });

  test("an outside click closes an open menu; focus is visible", async ({ page }) => {
    await page.goto("/");
    const toggle = page.locator('[aria-controls="kp-sub-main-over-ons"]');
    // A mouse click on the toggle keeps the hover-opened menu open rather than toggling it shut.
    await toggle.click();
    await expect(submenu(page, "main-over-ons")).toBeVisible();
    await page.mouse.move(5, 800);
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(submenu(page, "main-over-ons")).toBeVisible();
    await page.mouse.click(5, 800);
    await expect(submenu(page, "main-over-ons")).toBeHidden();
    await page.keyboard.press("Tab");
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement as Element).outlineStyle);
    expect(outline).not.toBe("none");
  });

  test("anonymous visitors get one 'Klant worden', shown as the menu's button, and a sign-in link", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("data-auth", "anonymous");
    // One call to action in the header: the menu's item, last, styled as a button; no second button beside it.
    const header = page.locator("[data-header]");
    await expect(header.getByRole("link", { name: /^Klant worden\??$/ })).toHaveCount(1);
    await expect(mainNav(page).getByRole("link", { name: "Klant worden" })).toBeVisible();
    await expect(mainNav(page).getByRole("link").last()).toHaveText("Klant worden");
    await expect(mainNav(page).getByRole("link", { name: "Klant worden" })).toHaveCSS("background-color", "rgb(10, 74, 140)");
    await expect(page.getByRole("link", { name: "Inloggen" })).toHaveAttribute("href", "/inloggen");
    await expect(mainNav(page).getByRole("link", { name: "Mijn onderneming" })).toBeHidden();
    await page.goto("/en");
    await expect(page.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/en/inloggen");
  });

  test("with the sign-in hint the signed-in variant shows from the first paint", async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem("kp_signed_in", "1"));
    // Only the head's hint script runs: the account panel would (rightly) drop a hint without a session.
    await page.route(/\/_astro\/.+\.js$/, (route) => route.abort());
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("data-auth", "signed-in");
    await expect(mainNav(page).getByRole("link", { name: "Mijn onderneming" })).toBeVisible();
    await expect(mainNav(page).getByRole("link", { name: "Mijn onderneming" })).toHaveAttribute("href", "/mijn-account/dashboard");
    await expect(mainNav(page).getByRole("link", { name: "Klant worden" })).toBeHidden();
    await expect(page.getByRole("link", { name: "Inloggen" })).toBeHidden();
  });

  test("external links open in a new tab without opener", async ({ page }) => {
    await page.goto("/");
    const external = page.getByRole("navigation", { name: "Servicemenu" }).getByRole("link", { name: /Bekijk ons assortiment/ });
    await expect(external).toHaveAttribute("target", "_blank");
    await expect(external).toHaveAttribute("rel", "noopener noreferrer");
    const social = page.locator(".kp-social a").first();
    await expect(social).toHaveAttribute("target", "_blank");
    await expect(social.locator("img")).toHaveAttribute("alt", "Facebook");
  });

  test("the footer puts its first 3 items in one column and the rest in a second", async ({ page }) => {
    await page.goto("/");
    const columns = page.getByRole("navigation", { name: "Footermenu" }).locator(".kp-footer__column");
    await expect(columns).toHaveCount(2);
    await expect(columns.nth(0).getByRole("link")).toHaveText(["Over ons", "Contact", "Klant worden"]);
    await expect(columns.nth(1).getByRole("link")).toHaveText(["Vragen over de THT-regeling", "Privacyverklaring", "Algemene voorwaarden"]);
    await expect(page.getByRole("heading", { name: "Volg ons" })).toBeVisible();
    await expect(page.locator(".kp-usp__item")).toHaveCount(4);
    await expect(page.locator(".kp-usp__item img").first()).toHaveAttribute("alt", "Bezorging");
  });
});

test.describe("mobile (below 1024 px)", () => {
  test.use({ viewport: MOBILE });

  test("the burger opens the menu; sub menus open on click; following a link closes it", async ({ page }) => {
    await page.goto("/");
    const burger = page.locator("[data-burger]");
    await expect(mainNav(page)).toBeHidden();
    // The one 'Klant worden' is the menu's item: closed with the menu.
    await expect(page.locator("[data-header]").getByRole("link", { name: /^Klant worden/ })).toBeHidden();
    await burger.click();
    await expect(burger).toHaveAttribute("aria-expanded", "true");
    await expect(mainNav(page)).toBeVisible();
    // Hovering does nothing below 1024 px; a click does.
    await mainNav(page).getByRole("link", { name: "Over ons", exact: true }).hover();
    await expect(submenu(page, "main-over-ons")).toBeHidden();
    await page.locator('[aria-controls="kp-sub-main-over-ons"]').click();
    await expect(submenu(page, "main-over-ons")).toBeVisible();
    await submenu(page, "main-over-ons").getByRole("link", { name: "Onze geschiedenis" }).click();
    await expect(page).toHaveURL(/\/over-ons\/geschiedenis$/);
    await expect(mainNav(page)).toBeHidden();
  });

  test("Escape and an outside click close the menu", async ({ page }) => {
    await page.goto("/en");
    const burger = page.locator("[data-burger]");
    await burger.click();
    await expect(page.getByRole("navigation", { name: "Main menu" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("navigation", { name: "Main menu" })).toBeHidden();
    await expect(burger).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("navigation", { name: "Main menu" })).toBeVisible();
    await page.locator("footer").click({ position: { x: 5, y: 5 } });
    await expect(page.getByRole("navigation", { name: "Main menu" })).toBeHidden();
  });

  test("without JavaScript the menu stays open", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: MOBILE });
    const page = await context.newPage();
    await page.goto("/");
    await expect(mainNav(page)).toBeVisible();
    await context.close();
  });
});
