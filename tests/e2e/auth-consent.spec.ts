import { expect, test } from "@playwright/test";
import { fillLoginForm } from "./support/auth.ts";

test.describe("consent", () => {
  test.setTimeout(90_000);

  test("the consent user is led through consent; declining signs out, accepting continues, and it is asked once", async ({ page }) => {
    // Signing in lands on the dashboard, whose accounts call answers 403 statusCode 1: on to /consent.
    await page.goto("/mijn-account/dashboard?van=consent");
    await fillLoginForm(page, "nieuw@example.com", "Welkom123!");
    await page.waitForURL((url) => url.pathname === "/consent", { timeout: 20_000 });
    expect(new URL(page.url()).searchParams.get("returnTo")).toBe("/mijn-account/dashboard?van=consent");
    // Full screen: no site header or footer, the terms and privacy text from content.
    await expect(page.locator("header.kp-header")).toHaveCount(0);
    await expect(page.locator("footer")).toHaveCount(0);
    await expect(page.locator(".kp-consent__text")).toHaveCount(2);
    await expect(page.locator(".kp-consent__text .kp-richtext").first()).not.toBeEmpty();

    // Declining first says what it means; 'Terug' returns to the question without signing out.
    await page.getByRole("button", { name: "Ik ga niet akkoord" }).click();
    await expect(page.getByRole("alert")).toHaveText("Als u niet akkoord gaat, kunt u Mijn onderneming niet gebruiken en wordt u uitgelogd.");
    await expect(page.getByRole("alert")).toBeFocused();
    await page.getByRole("button", { name: "Terug", exact: true }).click();
    await expect(page.getByRole("button", { name: "Ik ga niet akkoord" })).toBeFocused();
    expect(new URL(page.url()).pathname).toBe("/consent");
    await page.getByRole("button", { name: "Ik ga niet akkoord" }).click();
    await page.getByRole("button", { name: "Toch niet akkoord, uitloggen" }).click();
    await page.waitForURL((url) => url.pathname === "/uitgelogd", { timeout: 20_000 });
    await expect(page.locator("html")).toHaveAttribute("data-auth", "anonymous");
    expect(await page.evaluate(() => Object.keys(localStorage).some((key) => key.startsWith("oidc.user:")))).toBe(false);

    await page.goto("/mijn-account/dashboard");
    await fillLoginForm(page, "nieuw@example.com", "Welkom123!");
    await page.waitForURL((url) => url.pathname === "/consent", { timeout: 20_000 });
    await page.getByRole("button", { name: "Ik ga akkoord" }).click();
    await page.waitForURL((url) => url.pathname === "/mijn-account/dashboard", { timeout: 20_000 });
    await expect(page.locator("[data-welcome]")).toBeVisible({ timeout: 20_000 });

    // Consented once: never asked again, and /consent itself moves straight on.
    await page.reload();
    await expect(page.locator("[data-welcome]")).toBeVisible({ timeout: 20_000 });
    expect(new URL(page.url()).pathname).toBe("/mijn-account/dashboard");
    await page.goto("/consent?returnTo=%2Fmijn-account%2Fdashboard");
    await page.waitForURL((url) => url.pathname === "/mijn-account/dashboard", { timeout: 20_000 });
  });
});
