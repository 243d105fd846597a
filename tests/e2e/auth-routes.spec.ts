import { expect, test } from "@playwright/test";
import { signedInAs } from "./support/auth.ts";

test.describe.configure({ timeout: 90_000 });

test.describe("callback, settings and debug routes", () => {
  test("/callback without sign-in details says so, with a way forward", async ({ page }) => {
    await page.goto("/callback");
    const message = page.locator('[data-auth-error="no_callback_params"]');
    await expect(message).toContainText("er zijn geen inloggegevens meegestuurd", { timeout: 20_000 });
    await expect(message.getByRole("link", { name: "Opnieuw inloggen" })).toHaveAttribute("href", "/inloggen");
  });

  test("/callback with a state that was never issued ends in 'Invalid state'", async ({ page }) => {
    await page.goto("/callback?code=made-up&state=never-issued");
    await expect(page.locator('[data-auth-error="invalid_state"]')).toContainText("De inlogpoging is verlopen of ongeldig", { timeout: 20_000 });
    expect(await page.evaluate(() => Object.keys(localStorage).some((key) => key.startsWith("oidc.user:")))).toBe(false);
  });

  test("the English callback error is in English", async ({ page }) => {
    await page.goto("/en/callback");
    await expect(page.locator('[data-auth-error="no_callback_params"]')).toContainText("no sign-in details were sent", { timeout: 20_000 });
  });

  test("without settings.js a private page goes to the not-found route", async ({ page }) => {
    await page.route("**/settings.js", (route) => route.abort());
    await page.goto("/mijn-account/dashboard");
    await page.waitForURL((url) => url.pathname === "/404", { timeout: 20_000 });
  });

  test("with settings still holding placeholders the portal refuses to start, clearly", async ({ page }) => {
    await page.route("**/settings.js", async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(/"apiUrl": "[^"]*"/, '"apiUrl": "#{ApiUrl}#"');
      await route.fulfill({ response, body });
    });
    await page.goto("/mijn-account/dashboard");
    await expect(page.locator("[data-settings-error]")).toContainText("placeholder #{ApiUrl}#", { timeout: 20_000 });
  });

  test("the debug route shows the token claims when debug is on, and does not exist when it is off", async ({ browser }) => {
    const context = await browser.newContext({ storageState: await signedInAs(browser, "facturen@example.com") });
    const page = await context.newPage();
    await page.goto("/debug");
    await expect(page.locator("[data-id-claims]")).toContainText("https://klantportaal.example/claims", { timeout: 20_000 });
    await expect(page.locator("[data-id-claims]")).toContainText("FACTUREN");

    await page.route("**/settings.js", async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: (await response.text()).replace(/"debug": true/, '"debug": false') });
    });
    await page.goto("/debug");
    await page.waitForURL((url) => url.pathname === "/404", { timeout: 20_000 });
    await context.close();
  });

  test("with debug off, /debug is not found for a signed-out visitor too, without a sign-in redirect first", async ({ page }) => {
    await page.route("**/settings.js", async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: (await response.text()).replace(/"debug": true/, '"debug": false') });
    });
    const visited: string[] = [];
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });
    await page.goto("/en/debug");
    await page.waitForURL((url) => url.pathname === "/en/404", { timeout: 20_000 });
    expect(visited.filter((path) => /inloggen|authorize|login/.test(path))).toEqual([]);
  });
});
