import type { Page } from "@playwright/test";

/**
 * The screens of the site and the portal, for checks and captures that visit every one of them
 * (the layout test, `npm run screens`). Paths are the Dutch ones; `inLang` gives the English path.
 */

export type Lang = "nl" | "en";

/** One route per public template, plus the pages that have a layout of their own. */
export const PUBLIC_ROUTES = [
  "/", // home
  "/over-ons", // content page
  "/over-ons/geschiedenis", // sub page
  "/nieuws", // news archive
  "/nieuws/pagina/app-bestellen", // a further archive page
  "/nieuws/duurzaamheid", // category
  "/nieuws/evenementen", // empty category
  "/nieuws/duurzaamheid/statiegeld-op-blik", // article
  "/contact", // contact form
  "/klant-worden", // become a customer
  "/vragen-tht", // FAQ
  "/perfect-fit", // full-screen steps with a dialog
  "/zoeken?q=bier", // search with results
  "/offline", // offline page
  "/bestaat-niet", // 404
  "/403", // no permission
] as const;

/** Every portal screen, signed in as the main user (every permission on two accounts). */
export const PORTAL_ROUTES = [
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
] as const;

/** The portal's demo user with every screen. */
export const MAIN_USER = "hoofdgebruiker@example.com";

export const inLang = (lang: Lang, path: string): string =>
  lang === "nl" ? path : path === "/" ? "/en" : `/en${path}`;

/** A file-name-safe name of a path (`/mijn-account/facturen` → `mijn-account-facturen`). */
export const slugOf = (path: string): string =>
  path
    .replace(/\?.*$/, "")
    .replace(/^\/|\/$/g, "")
    .replace(/\//g, "-") || "home";

/**
 * Waits until a page has its final content: the page loaded, a portal island past its loading
 * state (heading shown, nothing busy, the account toggle in the header), the typeface applied.
 */
export async function screenReady(page: Page, { portal }: { portal: boolean }): Promise<void> {
  await page.waitForLoadState("load");
  if (portal) {
    if ((await page.locator("[data-header]").count()) > 0)
      await page.locator(".kp-account__toggle").waitFor({ state: "visible", timeout: 15_000 });
    await page.locator("h1").first().waitFor({ state: "visible", timeout: 15_000 });
    await page.waitForLoadState("networkidle");
    await page.waitForFunction(
      () => document.querySelectorAll('[aria-busy="true"], .kp-skeleton').length === 0,
      undefined,
      {
        timeout: 15_000,
      },
    );
  }
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/**
 * Sets the viewport and waits until the page sees that size. The checks read geometry, which the
 * browser lays out on demand, so the applied size is the condition. It is polled on an interval,
 * not on animation frames: headless Chromium schedules no frame for a page with nothing to paint,
 * and a wait for one hung a layout test.
 */
export async function resize(page: Page, size: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(size);
  await page.waitForFunction(
    ({ width, height }) =>
      window.innerWidth === width &&
      window.innerHeight === height &&
      window.matchMedia(`(width: ${width}px)`).matches,
    size,
    { polling: 20 },
  );
}
