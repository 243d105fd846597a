import { expect, test, type Page } from "@playwright/test";
import { seriousViolations } from "../quality/axe.ts";
import { signedInAs } from "./support/auth.ts";

/**
 * axe (WCAG 2.2 A and AA) on every route type, in both languages, at a phone's and a desktop's
 * width, with the main menu (and its sub menu) and, signed in, the account panel open: no violation
 * of serious or critical impact. One page per route type: they share their templates.
 */

// A scan takes seconds on a busy 2-core machine; a page is loaded and scanned up to three times.
test.setTimeout(120_000);

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

/** Public route types (Dutch paths; the English ones are the same under /en). */
const PUBLIC_ROUTES = [
  "/", // home
  "/over-ons", // content page
  "/over-ons/geschiedenis", // sub page
  "/nieuws", // news archive
  "/nieuws/pagina/app-bestellen", // a further archive page
  "/nieuws/duurzaamheid", // category
  "/nieuws/evenementen", // empty category
  "/nieuws/duurzaamheid/statiegeld-op-blik", // article
  "/contact", // content page with the contact form
  "/klant-worden", // become a customer
  "/vragen-tht", // FAQ
  "/perfect-fit", // full-screen steps
  "/zoeken", // search
  "/offline", // offline page
  "/bestaat-niet", // 404
];

/** Portal route types, signed in as the main user (every permission). */
const PORTAL_ROUTES = [
  "/mijn-account/dashboard",
  "/mijn-account/meldingen",
  "/mijn-account/account",
  "/mijn-account/profiel",
  "/mijn-account/gebruikers",
  "/mijn-account/activiteit",
  "/mijn-account/facturen",
  "/mijn-account/documenten",
  "/mijn-account/leveringen",
  "/mijn-account/emballage",
  "/mijn-account/service",
  "/mijn-account/bonus-overzicht",
  "/mijn-account/swo",
  "/bonus",
  "/tht",
];

const inLang = (lang: "nl" | "en", path: string): string =>
  lang === "nl" ? path : path === "/" ? "/en" : `/en${path}`;

/** Opens the main menu's first sub menu (and on a phone the burger first), if the page has a header. */
async function openMainMenu(page: Page): Promise<boolean> {
  const burger = page.locator("[data-burger]");
  if ((await burger.count()) === 0) return false;
  if (await burger.isVisible()) {
    await burger.click();
    await expect(burger).toHaveAttribute("aria-expanded", "true");
  }
  const sub = page.locator('.kp-nav__main [aria-controls^="kp-sub-"]').first();
  await sub.click();
  await expect(sub).toHaveAttribute("aria-expanded", "true");
  return true;
}

/**
 * Waits until the portal island has rendered past its loading state. Returns whether the page has
 * the header with its account panel (the full-screen bonus tool has neither).
 */
async function portalReady(page: Page): Promise<boolean> {
  await page.waitForLoadState("load");
  const header = (await page.locator("[data-header]").count()) > 0;
  if (header) await expect(page.locator(".kp-account__toggle")).toBeVisible({ timeout: 15_000 });
  await expect(page.locator("h1").first()).toBeVisible({ timeout: 15_000 });
  await page.waitForLoadState("networkidle");
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 10_000 });
  return header;
}

async function openAccountPanel(page: Page): Promise<void> {
  const toggle = page.locator(".kp-account__toggle");
  await toggle.press("Enter");
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  // The panel's body is a chunk of its own: check the panel as it shows once that has arrived.
  await expect(page.locator(".kp-account__logout")).toBeVisible();
}

for (const lang of ["nl", "en"] as const) {
  test.describe(`public pages (${lang})`, () => {
    for (const route of PUBLIC_ROUTES) {
      const path = inLang(lang, route);
      test(`${path}: desktop and phone, menus open`, async ({ page }) => {
        const found: string[] = [];
        await page.setViewportSize(DESKTOP);
        await page.goto(path);
        const menu = await openMainMenu(page);
        found.push(...(await seriousViolations(page, menu ? "desktop, sub menu open" : "desktop")));
        await page.setViewportSize(PHONE);
        await page.goto(path);
        found.push(
          ...(await seriousViolations(page, (await openMainMenu(page)) ? "phone, menu open" : "phone")),
        );
        expect(found).toEqual([]);
      });
    }
  });

  test.describe(`portal pages signed in (${lang})`, () => {
    for (const route of PORTAL_ROUTES) {
      const path = inLang(lang, route);
      test(`${path}: desktop and phone, account panel and menu open`, async ({ browser }) => {
        const context = await browser.newContext({
          storageState: await signedInAs(browser, "hoofdgebruiker@example.com"),
        });
        const page = await context.newPage();
        const found: string[] = [];
        await page.setViewportSize(DESKTOP);
        await page.goto(path);
        if (await portalReady(page)) {
          found.push(...(await seriousViolations(page, "desktop")));
          // The open panel lies over the page, which was just checked: the panel itself is checked now
          // (an overlay covering part of a button beneath it is no target of the page's own).
          await openAccountPanel(page);
          found.push(...(await seriousViolations(page, "desktop, account panel open", ".kp-account")));
        } else found.push(...(await seriousViolations(page, "desktop")));
        await page.setViewportSize(PHONE);
        await page.goto(path);
        if (await portalReady(page)) {
          await openAccountPanel(page);
          found.push(...(await seriousViolations(page, "phone, account panel open")));
          await page.keyboard.press("Escape");
          if (await openMainMenu(page)) found.push(...(await seriousViolations(page, "phone, menu open")));
        } else found.push(...(await seriousViolations(page, "phone")));
        await context.close();
        expect(found).toEqual([]);
      });
    }
  });
}

test("the scan catches a planted fault: a field without a label", async ({ page }) => {
  await page.goto("/contact");
  expect(await seriousViolations(page, "clean")).toEqual([]);
  await page.locator("main").evaluate((main) => {
    const input = document.createElement("input");
    input.type = "text";
    input.id = "kp-planted";
    main.prepend(input);
  });
  const found = await seriousViolations(page, "planted");
  expect(found.some((line) => line.includes("label") && line.includes("#kp-planted"))).toBe(true);
});
