import { expect, test } from "@playwright/test";
import { DEMO_PASSWORD } from "../../dev/lib/stack-config.ts";
import { expectVisibleFocus, tabTo } from "../quality/keyboard.ts";

/**
 * Keyboard journeys without a mouse: the main menu, signing in, switching account and creating
 * (then removing) a user, with a visible focus indicator at each step and focus returned to where
 * it was after a menu, panel or dialog closes.
 */

test.setTimeout(120_000);

test("the main menu: open a sub menu, move through it, close it and follow a link", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/");
  await page.keyboard.press("Tab");
  await expect(page.locator(".kp-skip")).toBeFocused();
  await expectVisibleFocus(page);
  const toggle = page.locator('.kp-nav__main [aria-controls="kp-sub-main-nieuws"]');
  await tabTo(page, toggle);
  await expectVisibleFocus(page);
  await page.keyboard.press("Enter");
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  const sub = page.locator("#kp-sub-main-nieuws");
  await page.keyboard.press("ArrowDown");
  await expect(sub.locator("a").first()).toBeFocused();
  await expectVisibleFocus(page);
  await page.keyboard.press("Escape");
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(toggle).toBeFocused();
  await page.keyboard.press("Enter");
  await page.keyboard.press("ArrowDown");
  const target = await sub.locator("a").first().getAttribute("href");
  await page.keyboard.press("Enter");
  await page.waitForURL((url) => url.pathname === target);
});

test("the main menu on a phone: the burger opens it, Escape closes it and focus returns to the burger", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/en");
  const burger = page.locator("[data-burger]");
  await tabTo(page, burger);
  await expectVisibleFocus(page);
  await page.keyboard.press("Enter");
  await expect(burger).toHaveAttribute("aria-expanded", "true");
  const toggle = page.locator('.kp-nav__main [aria-controls^="kp-sub-"]').first();
  await tabTo(page, toggle);
  await expectVisibleFocus(page);
  await page.keyboard.press("Enter");
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Escape");
  await page.keyboard.press("Escape");
  await expect(burger).toHaveAttribute("aria-expanded", "false");
  await expect(burger).toBeFocused();
});

test("sign in, switch account, and create and remove a user, all with the keyboard", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/");

  // Sign in: the header's link, then the identity provider's form.
  const signIn = page.locator("[data-sign-in]");
  await tabTo(page, signIn);
  await expectVisibleFocus(page);
  await page.keyboard.press("Enter");
  const email = page.locator("#email");
  await expect(email).toBeVisible({ timeout: 15_000 });
  await tabTo(page, email);
  await page.keyboard.type("hoofdgebruiker@example.com");
  await page.keyboard.press("Tab");
  await expect(page.locator("#password")).toBeFocused();
  await expectVisibleFocus(page);
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press("Enter");
  await page.waitForURL((url) => url.pathname === "/mijn-account/dashboard", { timeout: 20_000 });

  // Switch account in the account panel; Escape closes it and gives focus back to its toggle.
  const toggle = page.locator(".kp-account__toggle");
  await expect(toggle).toBeVisible({ timeout: 15_000 });
  await tabTo(page, toggle);
  await expectVisibleFocus(page);
  await page.keyboard.press("Enter");
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Escape");
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(toggle).toBeFocused();
  await page.keyboard.press("Enter");
  const other = page.locator(".kp-account__panel").getByRole("button", { name: /100002/ });
  await tabTo(page, other);
  await expectVisibleFocus(page);
  await page.keyboard.press("Enter");
  await page.waitForLoadState("load");
  await expect(page.locator(".kp-account__toggle")).toBeVisible({ timeout: 15_000 });
  await expect.poll(() => page.evaluate(() => localStorage.getItem("selectedAccount"))).toBe("100002");

  // Users and billing: add a user with the form, by typing and Tab, a permission ticked with Space.
  await page.goto("/mijn-account/gebruikers");
  const add = page.getByRole("button", { name: "Gebruiker toevoegen" });
  await tabTo(page, add);
  await expectVisibleFocus(page);
  await page.keyboard.press("Enter");
  const firstName = page.getByLabel("Voornaam");
  await tabTo(page, firstName);
  const stamp = Date.now().toString(36);
  await page.keyboard.type("Toet");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Achternaam")).toBeFocused();
  await page.keyboard.type(`Senbord ${stamp}`);
  await tabTo(page, page.getByLabel("E-mailadres"));
  await page.keyboard.type(`toetsenbord-${stamp}@example.com`);
  await tabTo(page, page.getByLabel(/Telefoonnummer/));
  await page.keyboard.type("0612345678");
  const facturen = page.locator('[data-permission="FACTUREN"] input');
  await tabTo(page, facturen);
  await expectVisibleFocus(page);
  await page.keyboard.press("Space");
  await expect(facturen).toBeChecked();
  await page.keyboard.press("Enter");
  // The outcome is a status message a screen reader announces.
  await expect(page.locator('[data-notice][role="status"]', { hasText: "Gebruiker toegevoegd" })).toBeVisible({ timeout: 15_000 });

  // Remove it again from the row's action menu (Enter opens it, End goes to its last action): the
  // confirmation dialog starts on the safe choice, Escape closes it and focus returns to the menu's
  // button; then confirm.
  const actions = page.getByRole("button", { name: `Acties voor Toet Senbord ${stamp}` });
  const remove = page.getByRole("button", { name: `Toet Senbord ${stamp} verwijderen` });
  await tabTo(page, actions, { max: 120 });
  await expectVisibleFocus(page);
  await page.keyboard.press("Enter");
  await page.keyboard.press("End");
  await expect(remove).toBeFocused();
  await expectVisibleFocus(page);
  await page.keyboard.press("Enter");
  const dialog = page.locator("dialog[data-confirm-dialog]");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Annuleren" })).toBeFocused();
  await expectVisibleFocus(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(actions).toBeFocused();
  await page.keyboard.press("Enter");
  await page.keyboard.press("End");
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Shift+Tab");
  await expect(dialog.getByRole("button", { name: "Ja, verwijderen" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.locator('[data-notice][role="status"]', { hasText: "Gebruiker verwijderd" })).toBeVisible({ timeout: 15_000 });
  await expect(actions).toHaveCount(0);
});

test("the focus check fails on an element without a focus indicator", async ({ page }) => {
  await page.goto("/");
  // Inline style through the CSSOM (the CSP blocks a <style> element): the planted fault.
  await page.locator(".kp-skip").evaluate((element: HTMLElement) => {
    element.style.setProperty("outline", "none", "important");
    element.style.setProperty("box-shadow", "none", "important");
  });
  await page.keyboard.press("Tab");
  await expect(page.locator(".kp-skip")).toBeFocused();
  await expect(expectVisibleFocus(page)).rejects.toThrow(/no visible focus indicator/);
});
