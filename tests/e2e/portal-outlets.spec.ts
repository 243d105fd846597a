import { expect as baseExpect, test, type Page } from "@playwright/test";
import { signedInAs } from "./support/auth.ts";

/** Screens load several calls on a machine shared by many test runs: wait a little longer than the default. */
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

const card = (page: Page, account: string) => page.locator(`[data-outlet="${account}"]`);
const text = async (page: Page, selector: string): Promise<string> => {
  const element = page.locator(selector).first();
  await expect(element).toHaveText(/\S/);
  return (await element.innerText()).trim();
};

test.describe("all outlets (main user of two outlets)", () => {
  test.use({ storageState: async ({ browser }, provide) => provide(await signedInAs(browser, "hoofdgebruiker@example.com")) });

  for (const prefix of ["", "/en"]) {
    test(`shows every outlet, opens one, and its figures read as on the outlet's own screens (${prefix || "nl"})`, async ({ page }) => {
      await page.goto(`${prefix}/mijn-account/dashboard`);
      // The portal navigation lists the screen for a person with two outlets.
      const navLink = page.locator('[data-portal-nav] [data-screen="outlets"]');
      await expect(navLink).toBeVisible();
      await navLink.locator("a").click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/mijn-account/vestigingen$`));
      await expect(page.locator("[data-outlet]")).toHaveCount(2);
      // Two outlets are "both", as a reader says it, not "all 2".
      await expect(page.locator('[data-outlets="totals"]')).toContainText(prefix ? "across both outlets" : "over beide vestigingen");

      const pace = await text(page, `[data-outlet="100002"] [data-figure="outlet-pace"]`);
      const owed = await text(page, `[data-outlet="100002"] [data-figure="outlet-total"]`);
      const band = await text(page, `[data-outlet="100002"] .kp-outlets__band`);
      // Opening an outlet makes it the selected account and shows its dashboard.
      await card(page, "100002").getByRole("link").click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/mijn-account/dashboard$`));
      expect(await text(page, '[data-figure="outstanding-total"]')).toBe(owed);
      // The dashboard's pacing block and the bonus overview's panel say what the outlet's card says.
      expect(await text(page, '[data-block="pacing"] [data-pacing="headline"]')).toBe(pace);
      // The bonus at this pace, under the same name on both screens.
      expect(await text(page, '[data-block="pacing"] [data-pacing="bonus"]')).toContain(band);
      await page.goto(`${prefix}/mijn-account/bonus-overzicht`);
      expect(await text(page, '[data-pacing="headline"]')).toBe(pace);
    });
  }
});

test.describe("all outlets (one outlet)", () => {
  test.use({ storageState: async ({ browser }, provide) => provide(await signedInAs(browser, "facturen@example.com")) });

  test("is not listed for a person with one outlet", async ({ page }) => {
    await page.goto("/mijn-account/dashboard");
    await expect(page.locator('[data-portal-nav] [data-screen="dashboard"]')).toBeVisible();
    await expect(page.locator('[data-portal-nav] [data-screen="outlets"]')).toBeHidden();
  });
});
