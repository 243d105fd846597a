import { expect, test, type Page } from "@playwright/test";
import { signedInAs } from "./support/auth.ts";

/** The next steps every error page offers, and the sign-in one only anonymous visitors see. */
async function expectNextSteps(page: Page, lang: "nl" | "en", signedIn: boolean): Promise<void> {
  const next = page.locator(".kp-error-screen__next");
  await expect(next.getByRole("search")).toBeVisible();
  await expect(next.getByLabel(lang === "nl" ? "Zoek op onze site" : "Search our site")).toBeVisible();
  const signIn = next.getByRole("link", { name: lang === "nl" ? "Inloggen bij Mijn onderneming" : "Sign in to My account" });
  if (signedIn) await expect(signIn).toBeHidden();
  else await expect(signIn).toHaveAttribute("href", lang === "nl" ? "/inloggen" : "/en/inloggen");
}

test.describe("error pages for anonymous visitors", () => {
  test("403 offers sign-in, home and search, never 'ask your main user'", async ({ page }) => {
    await page.goto("/403");
    await expect(page.locator("html")).toHaveAttribute("data-auth", "anonymous");
    await expect(page.getByText("Deze pagina is voor klanten.", { exact: false })).toBeVisible();
    await expect(page.getByText("hoofdgebruiker", { exact: false })).toBeHidden();
    await expectNextSteps(page, "nl", false);
    await expect(page.getByRole("link", { name: "Naar de homepage", exact: true })).toHaveAttribute("href", "/");

    await page.goto("/en/403");
    await expect(page.getByText("main user", { exact: false })).toBeHidden();
    await expectNextSteps(page, "en", false);
  });

  test("404 offers sign-in and a search that leads to the search page", async ({ page }) => {
    await page.goto("/en/no-such-page");
    await expectNextSteps(page, "en", false);
    await page.goto("/bestaat-niet");
    await expectNextSteps(page, "nl", false);
    await page.getByLabel("Zoek op onze site").fill("statiegeld");
    await page.getByLabel("Zoek op onze site").press("Enter");
    await expect(page).toHaveURL(/\/zoeken\?q=statiegeld$/);
  });
});

test.describe("error pages for signed-in people", () => {
  test.use({ storageState: async ({ browser }, provide) => provide(await signedInAs(browser, "hoofdgebruiker@example.com")) });

  test("403 says to ask the main user and offers no sign-in", async ({ page }) => {
    await page.goto("/403");
    await expect(page.locator("html")).toHaveAttribute("data-auth", "signed-in");
    await expect(page.getByText("Vraag de hoofdgebruiker van uw onderneming om uw rechten aan te passen.")).toBeVisible();
    await expect(page.getByText("Deze pagina is voor klanten.", { exact: false })).toBeHidden();
    await expectNextSteps(page, "nl", true);
    await page.goto("/en/403");
    await expect(page.getByText("Ask the main user of your company to adjust your rights.")).toBeVisible();
    await expectNextSteps(page, "en", true);
  });
});
