import { expect, test, type Page } from "@playwright/test";
import { accountMenuTexts } from "./support/account-menu.ts";
import { signedInAs, signIn } from "./support/auth.ts";

/**
 * Opens the header's account panel and returns its links' texts: the account menu (on pages without
 * the portal navigation) and sign-out.
 */
async function openPanel(page: Page): Promise<string[]> {
  const toggle = page.locator(".kp-account__toggle");
  await expect(toggle).toBeVisible({ timeout: 15_000 });
  // Keyboard, not a click: on a busy machine the header keeps moving while the portal loads.
  await toggle.press("Enter");
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await expect(page.locator(".kp-account__logout")).toBeVisible();
  // A screen-reader-only note (a link opening in a new tab) is a line of its own in innerText.
  const texts = await page.locator(".kp-account__menu a, .kp-account__logout").allInnerTexts();
  return texts.map((text) => text.replace(/\s+/g, " ").trim());
}

test.describe("accounts, selection and permissions", () => {
  test.setTimeout(60_000);
  test("switching account saves it, reloads, and survives another reload", async ({ page }) => {
    // Signs in itself: the switch is stored in this context's localStorage.
    await signIn(page, "hoofdgebruiker@example.com");
    await openPanel(page);
    const current = page.locator(".kp-account__panel [data-current-account]");
    await expect(current).toHaveAttribute("data-current-account", "100001");
    await page.locator(".kp-account__panel").getByRole("button", { name: /100002/ }).press("Enter");
    await page.waitForLoadState("load");
    await openPanel(page);
    await expect(current).toHaveAttribute("data-current-account", "100002");
    expect(await page.evaluate(() => localStorage.getItem("selectedAccount"))).toBe("100002");
    await page.reload();
    await openPanel(page);
    await expect(current).toHaveAttribute("data-current-account", "100002");
  });

  test("the account panel opens and closes with the keyboard, Escape and an outside click", async ({ browser }) => {
    const context = await browser.newContext({ storageState: await signedInAs(browser, "hoofdgebruiker@example.com") });
    const page = await context.newPage();
    await page.goto("/mijn-account/dashboard");
    const toggle = page.locator(".kp-account__toggle");
    await expect(toggle).toBeVisible({ timeout: 15_000 });
    await toggle.press("Enter");
    await expect(page.locator(".kp-account__panel")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.locator(".kp-account__panel")).toBeHidden();
    await expect(toggle).toBeFocused();
    await toggle.press("Space");
    await expect(page.locator(".kp-account__panel")).toBeVisible();
    await page.mouse.click(5, 300);
    await expect(page.locator(".kp-account__panel")).toBeHidden();
    await context.close();
  });

  test("the FACTUREN-only user sees only what they may", async ({ browser }) => {
    const context = await browser.newContext({ storageState: await signedInAs(browser, "facturen@example.com") });
    const page = await context.newPage();
    // On a public page: a portal page lists the screens in its own navigation instead.
    await page.goto("/");
    expect(await openPanel(page)).toEqual([...accountMenuTexts("nl", ["FACTUREN"], 1, { hyphenated: false }), "Uitloggen"]);
    await page.goto("/mijn-account/bonus-overzicht");
    await expect(page.locator("[data-no-permission]")).toContainText("Vraag de hoofdgebruiker om uw rechten aan te passen");
    await expect(page.locator("[data-no-permission] a")).toHaveText("Terug naar de vorige pagina");
    await page.goto("/mijn-account/facturen");
    await expect(page.locator("main")).toBeVisible();
    await expect(page.locator("[data-no-permission]")).toHaveCount(0);
    await context.close();
  });

  test("the administrator sees everything", async ({ browser }) => {
    const context = await browser.newContext({ storageState: await signedInAs(browser, "admin@example.com") });
    const page = await context.newPage();
    await page.goto("/");
    expect(await openPanel(page)).toEqual([...accountMenuTexts("nl", ["ADMINISTRATOR"], 1, { hyphenated: false }), "Uitloggen"]);
    await page.goto("/mijn-account/bonus-overzicht");
    await expect(page.locator("main h1").first()).toBeVisible({ timeout: 15_000 });
    await expect(page.locator("[data-no-permission]")).toHaveCount(0);
    await context.close();
  });

  test("an anonymous visitor downloads no React on a public page", async ({ page }) => {
    const scripts: string[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") scripts.push(response.url());
    });
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    await expect(page.locator("[data-account-panel]")).toBeEmpty();
    const bodies = await Promise.all(scripts.map(async (url) => (await page.request.get(url)).text()));
    expect(bodies.some((body) => body.includes("react.production") || body.includes("__reactFiber") || body.includes("createRoot"))).toBe(false);
  });
});
