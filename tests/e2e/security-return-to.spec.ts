import { expect, test, type Page } from "@playwright/test";
import { fillLoginForm, signedInAs } from "./support/auth.ts";

/**
 * Return paths from a URL never lead off the site: each shape below resolves, in a browser, to a
 * path that starts with `//` or to another host. The fake host answers if the browser gets there,
 * so a failure shows as a page on evil.example rather than a network error.
 */
const ESCAPES = ["/.//evil.example/e", "/%2e//evil.example/e", "/a/..//evil.example/e", "/\t/evil.example/e", "//evil.example/e", "/\\evil.example/e"];

async function trapEvilHost(page: Page): Promise<void> {
  await page.route(/^https?:\/\/evil\.example\//, (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<h1>evil</h1>" }));
}

/** Waits until the browser has moved on to the dashboard or to the fake host. */
const movedOn = (page: Page, dashboard: string): Promise<void> =>
  page.waitForURL((url) => url.hostname === "evil.example" || url.pathname === dashboard, { timeout: 20_000 });

test.describe("return paths", () => {
  test.setTimeout(90_000);

  test("consent moves on only within the site, whatever returnTo says", async ({ browser }) => {
    const context = await browser.newContext({ storageState: await signedInAs(browser, "hoofdgebruiker@example.com") });
    const page = await context.newPage();
    await trapEvilHost(page);
    const site = new URL(process.env["KP_SITE_URL"] ?? "").origin;
    for (const returnTo of ESCAPES) {
      await page.goto(`/consent?returnTo=${encodeURIComponent(returnTo)}`);
      // A consented user moves straight on: to the dashboard, since the target would leave the site.
      await movedOn(page, "/mijn-account/dashboard");
      expect(new URL(page.url()).origin, returnTo).toBe(site);
      expect(new URL(page.url()).pathname, returnTo).toBe("/mijn-account/dashboard");
    }
    await context.close();
  });

  test("sign-in with a target that would leave the site lands on the dashboard of the page's language", async ({ page }) => {
    await trapEvilHost(page);
    await page.goto(`/en/inloggen?returnTo=${encodeURIComponent("/.//evil.example/e")}`);
    await fillLoginForm(page, "facturen@example.com", "Welkom123!");
    await movedOn(page, "/en/mijn-account/dashboard");
    expect(new URL(page.url()).origin).toBe(new URL(process.env["KP_SITE_URL"] ?? "").origin);
    expect(new URL(page.url()).pathname).toBe("/en/mijn-account/dashboard");
  });
});
