import { expect, test } from "@playwright/test";
import { fillLoginForm, signIn } from "./support/auth.ts";

test.describe("sign-in through the stand-in provider", () => {
  test("signs in through the login page and lands on the dashboard", async ({ page }) => {
    await signIn(page, "hoofdgebruiker@example.com");
    await expect(page.locator("[data-welcome]")).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("data-auth", "signed-in");
  });

  test("the code exchange is tried again when the network drops it, up to three times in all", async ({ page }) => {
    const tokenEndpoint = `${process.env["KP_BACKEND_URL"] ?? ""}/oauth/token`;
    const attempts: string[] = [];
    await page.route(tokenEndpoint, async (route) => {
      attempts.push(new URLSearchParams(route.request().postData() ?? "").get("grant_type") ?? "");
      // The first two never reach the provider (a dropped connection); the third goes through.
      if (attempts.length <= 2) await route.abort("failed");
      else await route.continue();
    });
    await signIn(page, "hoofdgebruiker@example.com");
    await expect(page.locator("[data-welcome]")).toBeVisible();
    expect(attempts).toEqual(["authorization_code", "authorization_code", "authorization_code"]);
  });

  test("a deep link to a private page goes to sign-in and back to it with its query", async ({ page }) => {
    await page.goto("/mijn-account/dashboard?jaar=2024&tab=open");
    await expect(page).toHaveURL(/\/authorize|\/login\//, { timeout: 15_000 });
    await fillLoginForm(page, "facturen@example.com", "Welkom123!");
    await page.waitForURL((url) => url.pathname === "/mijn-account/dashboard");
    expect(new URL(page.url()).search).toBe("?jaar=2024&tab=open");
    await expect(page.locator("[data-welcome]")).toBeVisible();
  });

  test("a wrong password is refused and leaves no session", async ({ page }) => {
    await page.goto("/inloggen");
    await fillLoginForm(page, "hoofdgebruiker@example.com", "Fout-wachtwoord-1");
    await expect(page.locator("#email")).toBeVisible();
    await expect(page.locator("[role=alert], .error, #login-error").first()).toBeVisible();
    await page.goto("/mijn-account/dashboard");
    await expect(page).toHaveURL(/\/authorize|\/login\//, { timeout: 15_000 });
  });

  for (const target of ["//evil.example/steal", "https://evil.example/", "javascript:alert(1)", "/\\evil.example", "/\t/evil.example"]) {
    test(`the open redirect attempt ${JSON.stringify(target)} lands on the dashboard`, async ({ page }) => {
      await page.goto(`/inloggen?returnTo=${encodeURIComponent(target)}`);
      await fillLoginForm(page, "hoofdgebruiker@example.com", "Welkom123!");
      await page.waitForURL((url) => url.pathname === "/mijn-account/dashboard", { timeout: 15_000 });
      expect(new URL(page.url()).origin).toBe(process.env["KP_SITE_URL"]);
    });
  }
});
