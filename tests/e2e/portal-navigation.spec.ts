import { expect, test, type Page } from "@playwright/test";
import type { Lang } from "../../src/core/i18n/index.ts";
import { ASSIGNABLE_PERMISSIONS } from "../../src/core/api/schemas/people-requests.ts";
import { accountMenuTexts } from "./support/account-menu.ts";
import { signedInAs, signIn } from "./support/auth.ts";

/**
 * The portal navigation beside every portal screen (the CMS's account menu over the screen registry, filtered by the
 * selected account's permissions, the current screen marked) and the header's account panel,
 * which stays inside the screen with sign-out in view at laptop and phone sizes. Screenshots of
 * what was checked go to the test's output folder (test-results/), for a person to look at.
 */
test.describe.configure({ timeout: 60_000 });

const nav = (page: Page) => page.getByRole("navigation", { name: /^(Mijn onderneming|My account)$/ });
/** The navigation's links a person can see (the forbidden ones are hidden). */
const visibleLinks = (page: Page) => nav(page).locator("li:not([hidden]) a");

/** The account menu's texts the main user sees: every assignable permission, two accounts. */
const menuLabels = (lang: Lang): string[] => accountMenuTexts(lang, [...ASSIGNABLE_PERMISSIONS], 2);
/** The FACTUREN-only user's, on their one account. */
const invoicesOnly = accountMenuTexts("nl", ["FACTUREN"], 1);

async function waitForNav(page: Page): Promise<void> {
  await expect(nav(page)).toHaveAttribute("data-ready", "", { timeout: 20_000 });
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
}

test.describe("as a user with FACTUREN only", () => {
  test.use({
    viewport: { width: 1280, height: 800 },
    storageState: async ({ browser }, provide) => provide(await signedInAs(browser, "facturen@example.com")),
  });

  test("the side navigation lists only the screens the user may open, the current one marked", async ({ page }) => {
    await page.goto("/mijn-account/dashboard");
    await waitForNav(page);
    await expect(visibleLinks(page)).toHaveText(invoicesOnly);
    expect(invoicesOnly.slice(0, 2)).toEqual(["Dashboard", "Facturen"]);
    await expect(nav(page).locator("[aria-current=page]")).toHaveText("Dashboard");
    // The toggle of small screens is not there from 1024 px.
    await expect(nav(page).locator("[data-portal-nav-toggle]")).toBeHidden();
    await visibleLinks(page).filter({ hasText: "Facturen" }).click();
    await page.waitForURL(/\/mijn-account\/facturen$/);
    await waitForNav(page);
    await expect(nav(page).locator("[aria-current=page]")).toHaveText("Facturen");
    await expect(nav(page).locator("[aria-current=page]")).toHaveCount(1);
  });

  test("a screen the user may not open still offers the way to the others", async ({ page }) => {
    await page.goto("/mijn-account/gebruikers");
    await expect(page.locator("[data-no-permission]")).toBeVisible({ timeout: 20_000 });
    await waitForNav(page);
    await expect(visibleLinks(page)).toHaveText(invoicesOnly);
  });
});

test.describe("as the main user (every permission)", () => {
  test.use({ storageState: async ({ browser }, provide) => provide(await signedInAs(browser, "hoofdgebruiker@example.com")) });

  for (const { lang, path, links, current } of [
    {
      lang: "nl",
      path: "/mijn-account/dashboard",
      links: menuLabels("nl"),
      current: "Dashboard",
    },
    {
      lang: "en",
      path: "/en/mijn-account/dashboard",
      links: menuLabels("en"),
      current: "Dashboard",
    },
  ]) {
    test(`the side navigation lists every screen at 1280 px (${lang})`, async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(path);
      await waitForNav(page);
      await expect(visibleLinks(page)).toHaveText(links);
      await expect(nav(page).locator("[aria-current=page]")).toHaveText(current);
      const box = await nav(page).boundingBox();
      const main = await page.locator("main").boundingBox();
      // Beside the screen, not above it.
      expect(box && main && box.x + box.width <= main.x + 1).toBe(true);
      await expect(page.locator("[data-block=contacts]")).toHaveAttribute("data-state", "ready", { timeout: 20_000 });
      await shoot(page, `dashboard-${lang}-1280-nav`);
    });

    test(`the compact menu opens and closes with the keyboard at 390 px (${lang})`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(path);
      await waitForNav(page);
      const toggle = nav(page).locator("[data-portal-nav-toggle]");
      await expect(toggle).toBeVisible();
      await expect(toggle).toContainText(current);
      await expect(visibleLinks(page).first()).toBeHidden();
      await toggle.focus();
      await page.keyboard.press("Enter");
      await expect(toggle).toHaveAttribute("aria-expanded", "true");
      await expect(visibleLinks(page)).toHaveText(links);
      for (const link of await visibleLinks(page).all()) await expect(link).toBeInViewport();
      await page.keyboard.press("Tab");
      await expect(visibleLinks(page).first()).toBeFocused();
      await shoot(page, `dashboard-${lang}-390-nav-open`);
      await page.keyboard.press("Escape");
      await expect(toggle).toHaveAttribute("aria-expanded", "false");
      await expect(toggle).toBeFocused();
      await expect(visibleLinks(page).first()).toBeHidden();
    });
  }

  for (const size of [
    { width: 1280, height: 800 },
    { width: 1366, height: 768 },
    { width: 390, height: 844 },
    { width: 320, height: 640 },
  ]) {
    for (const path of ["/mijn-account/dashboard", "/en/mijn-account/dashboard", "/"]) {
      test(`the account panel lies within ${size.width}×${size.height} with sign-out in reach on ${path}`, async ({ page }) => {
        await page.setViewportSize(size);
        await page.goto(path);
        const toggle = page.locator(".kp-account__toggle");
        await expect(toggle).toBeVisible({ timeout: 20_000 });
        // Scrolled down first: the panel hangs from the sticky header wherever the page is.
        await page.mouse.wheel(0, 600);
        await toggle.press("Enter");
        const panel = page.locator(".kp-account__panel");
        await expect(panel).toBeVisible();
        // Both accounts are listed (the tallest panel this user gets).
        await expect(panel.locator("[data-account-selection] button")).toHaveCount(2);
        const box = await panel.boundingBox();
        expect(box).not.toBeNull();
        if (!box) return;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.y).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(size.width);
        expect(box.y + box.height).toBeLessThanOrEqual(size.height);
        const signOut = panel.getByRole("link", { name: /^(Uitloggen|Sign out)$/ });
        await expect(signOut).toBeInViewport({ ratio: 1 });
        // Clickable: visible, steady and the topmost element where it is (nothing covers it).
        await signOut.click({ trial: true, timeout: 5_000 });
        const name = path === "/" ? "home-nl" : path.startsWith("/en/") ? "dashboard-en" : "dashboard-nl";
        await shoot(page, `${name}-${size.width}x${size.height}-panel-open`);
      });
    }
  }
});

test("sign-out in the panel signs out at 320×640", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  // A session of its own: signing out must not end the cached states other tests use.
  await signIn(page, "hoofdgebruiker@example.com");
  const toggle = page.locator(".kp-account__toggle");
  await expect(toggle).toBeVisible({ timeout: 20_000 });
  await toggle.click();
  await page.locator(".kp-account__panel").getByRole("link", { name: "Uitloggen" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/uitloggen") && !url.pathname.startsWith("/mijn-account"), { timeout: 20_000 });
  await expect(page.locator(".kp-header__signin")).toBeVisible();
  await expect(page.locator(".kp-account__toggle")).toHaveCount(0);
});
