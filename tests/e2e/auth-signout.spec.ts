import { expect, test, type Page, type Route } from "@playwright/test";
import { backendUrl, fillLoginForm, signIn } from "./support/auth.ts";

/**
 * Honest sign-out (docs/security.md): whatever fails at sign-out, the provider's session ends or
 * the next sign-in asks for the password. The provider is made slow or silent from the browser's
 * side: its requests are held (Playwright routes) and the page's timers run on Playwright's clock,
 * so the provider's 10-second timeouts pass at once and the test is exact, not slow.
 */
test.setTimeout(60_000);

const provider = (): string => new URL(backendUrl()).origin;
/** The provider's own paths: everything of its origin but the API. */
const isProviderCall = (url: URL): boolean => url.origin === provider() && !url.pathname.startsWith("/contentfulservice");

const loginFormShown = (page: Page) => expect(page.locator("#email")).toBeVisible({ timeout: 20_000 });

test("a slow provider still ends its session: the next sign-in asks for the password", async ({ page }) => {
  await signIn(page, "hoofdgebruiker@example.com");
  await page.route((url) => isProviderCall(url), async (route: Route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await page.goto("/uitloggen");
  // The provider's logout returns to the page that says "U bent uitgelogd".
  await page.waitForURL((url) => url.origin !== provider() && url.pathname === "/uitgelogd", { timeout: 30_000 });
  await expect(page.locator("html")).toHaveAttribute("data-auth", "anonymous");
  await page.unrouteAll({ behavior: "ignoreErrors" });

  await page.goto("/mijn-account/dashboard");
  await loginFormShown(page);
});

test("a provider that does not answer: signed out here, the page says so, and the next sign-in asks for the password", async ({ page }) => {
  await signIn(page, "hoofdgebruiker@example.com");
  await page.clock.install();
  const held: Route[] = [];
  // The provider hears nothing and answers nothing: every request to it hangs.
  await page.route((url) => isProviderCall(url), (route) => void held.push(route));
  // Not until "load": a page that asked the silent provider for anything (a frame included) never
  // finishes loading, and what this test waits for is the page's message, below.
  await page.goto("/uitloggen", { waitUntil: "commit" });
  // Past the provider's timeouts (revocation, then the logout's own discovery call): the page's clock
  // moves on 11 s at a time until the page has given up on the provider, however slowly it loads.
  await expect
    .poll(
      async () => {
        await page.clock.runFor(11_000);
        // The sign-out page's message, not the account panel's sign-out link (which carries the same mark).
        return page.locator("section[data-sign-out]").count();
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThan(0);
  const message = page.locator("[data-sign-out=unreachable]");
  await expect(message).toBeVisible({ timeout: 20_000 });
  await expect(message).toContainText("U bent uitgelogd.");
  await expect(message).toContainText("vraagt de inlogpagina bij de volgende keer inloggen op deze computer opnieuw om uw wachtwoord");
  expect(await page.evaluate(() => Object.keys(localStorage).some((key) => key.startsWith("oidc.user:")))).toBe(false);
  await page.unrouteAll({ behavior: "ignoreErrors" });
  for (const route of held) await route.abort().catch(() => undefined);

  // The provider's session outlived the sign-out (its cookie is still here), yet the next sign-in
  // asks for the password instead of passing straight back to the dashboard.
  await page.goto("/mijn-account/dashboard");
  await loginFormShown(page);
  await fillLoginForm(page, "hoofdgebruiker@example.com", "Welkom123!");
  await page.waitForURL((url) => url.pathname === "/mijn-account/dashboard", { timeout: 20_000 });

  // A sign-in with the password settles it: later sign-ins may pass on the provider's session again.
  expect(await page.evaluate(() => localStorage.getItem("kp.auth.password-next"))).toBeNull();
});

test("the English sign-out page says the same in English", async ({ page }) => {
  // No session in this browser: nothing to end at the provider, and the page says what that means.
  await page.goto("/en/uitloggen");
  const message = page.locator("[data-sign-out=no-session]");
  await expect(message).toBeVisible({ timeout: 20_000 });
  await expect(message).toContainText("You are signed out.");
  await expect(message).toContainText("will ask for your password again the next time you sign in on this computer");
  await expect(page.getByRole("link", { name: "Go to the homepage" })).toHaveAttribute("href", "/en");
});
