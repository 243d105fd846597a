import { expect as baseExpect, test } from "@playwright/test";
import { signIn, signedInAs } from "./support/auth.ts";
import { expectNoSeriousViolations, selectAccount } from "./support/business.ts";
import { apiAs, createUser } from "./support/portal.ts";

/** Screens load several calls on a machine shared by many test runs: wait a little longer than the default. */
const expect = baseExpect.configure({ timeout: 20_000 });

/** The own profile, as a fresh user so no other spec sees the names change. */

test.describe.configure({ timeout: 180_000 });

test("edits the own name and phone with the user form's checks; the e-mail is shown, not edited", async ({ page }) => {
  const main = await apiAs("hoofdgebruiker@example.com");
  const user = await createUser(main, "100002", ["FACTUREN"], "profiel");
  expect((await (await apiAs(user.email, user.password)).call("POST", "/users")).status).toBe(200);
  await signIn(page, user.email, { password: user.password });

  await page.goto("/mijn-account/profiel");
  await expect(page.locator("[data-profile-email]")).toHaveText(user.email);
  await expect(page.locator(`input[value="${user.email}"]`)).toHaveCount(0);
  await expect(page.locator("#profile-phonenumber")).toHaveValue("+31612345678");

  await page.locator("#profile-firstName").fill("");
  await page.locator("#profile-phonenumber").fill("12");
  await page.getByRole("button", { name: "Opslaan", exact: true }).click();
  await expect(page.locator("[data-notice=error]")).toContainText("Niet alle velden zijn correct ingevuld");
  await expect(page.locator("#profile-firstName")).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#profile-firstName-error")).toHaveText("Dit veld is verplicht.");
  await expect(page.locator("#profile-phonenumber-error")).toHaveText("Dit lijkt geen geldig Nederlands telefoonnummer.");
  await expect(page.locator("#profile-firstName")).toBeFocused();
  await expectNoSeriousViolations(page);

  // A fixed field stops showing its error as soon as it is valid; the other still shows its own.
  await page.locator("#profile-firstName").fill("Roos");
  await expect(page.locator("#profile-firstName-error")).toHaveText("");
  await expect(page.locator("#profile-firstName")).not.toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#profile-phonenumber-error")).toHaveText("Dit lijkt geen geldig Nederlands telefoonnummer.");
  await page.locator("#profile-phonenumber").fill("030 234 5678");
  await expect(page.locator("#profile-phonenumber-error")).toHaveText("");

  // A failing save keeps the input.
  await page.route(
    (url) => url.pathname.endsWith("/contentfulservice/api/v1/contacts/"),
    async (route) => {
      if (route.request().method() !== "PUT") return route.continue();
      const origin = (await route.request().headerValue("origin")) ?? "*";
      return route.fulfill({ status: 503, contentType: "application/json", body: "{}", headers: { "access-control-allow-origin": origin } });
    },
  );
  await page.locator("#profile-firstName").fill("Roos");
  await page.locator("#profile-lastName").fill("van Dijk");
  await page.locator("#profile-phonenumber").fill("030 234 5678");
  await page.getByRole("button", { name: "Opslaan", exact: true }).click();
  await expect(page.locator("[data-notice=error]")).toContainText("Uw wijzigingen zijn niet opgeslagen.");
  await expect(page.locator("#profile-firstName")).toHaveValue("Roos");
  await page.unrouteAll();

  await page.getByRole("button", { name: "Opslaan", exact: true }).click();
  await expect(page.locator("[data-notice=success]")).toHaveText("Uw profiel is bijgewerkt.");
  await expect(page.locator("#profile-phonenumber")).toHaveValue("+31302345678");
  await page.reload();
  await expect(page.locator("#profile-firstName")).toHaveValue("Roos");
  await expect(page.locator("#profile-lastName")).toHaveValue("van Dijk");

  await page.goto("/en/mijn-account/profiel");
  await expect(page.getByRole("heading", { level: 1, name: "My profile" })).toBeVisible();
  await expect(page.getByLabel(/^First name/)).toHaveValue("Roos");
  await expectNoSeriousViolations(page);
});

test("sets the own notification preferences, which the main user sees read-only on the users screen", async ({
  page,
  browser,
}) => {
  const main = await apiAs("hoofdgebruiker@example.com");
  const user = await createUser(main, "100002", ["FACTUREN"], "meldingen");
  expect((await (await apiAs(user.email, user.password)).call("POST", "/users")).status).toBe(200);
  await signIn(page, user.email, { password: user.password });

  await page.goto("/mijn-account/profiel");
  const preferences = page.locator("[data-notification-preferences]");
  await expect(preferences.locator("[data-kind=invoices] input[value=instant]")).toBeChecked();
  await preferences.locator("[data-kind=invoices]").getByLabel("Wekelijks overzicht").check();
  await preferences.locator("[data-kind=news]").getByLabel("Geen e-mail").check();
  await preferences.getByRole("button", { name: "Voorkeuren opslaan" }).click();
  await expect(preferences.locator("[data-notice=success]")).toHaveText(
    "Uw voorkeuren voor meldingen zijn opgeslagen.",
  );
  await expectNoSeriousViolations(page);
  await page.reload();
  await expect(page.locator("[data-kind=invoices] input[value=weekly]")).toBeChecked();
  await expect(page.locator("[data-kind=news] input[value=off]")).toBeChecked();

  // The main user sees them under 'show user', with nothing to change there.
  const context = await browser.newContext({
    storageState: await signedInAs(browser, "hoofdgebruiker@example.com"),
  });
  try {
    const mainPage = await context.newPage();
    await selectAccount(mainPage, "100002");
    await mainPage.goto("/en/mijn-account/gebruikers");
    const name = `Test meldingen`;
    await mainPage.getByRole("button", { name: `Actions for ${name}` }).click();
    await mainPage.getByRole("button", { name: `Show user: ${name}` }).click();
    const shown = mainPage.locator("[data-colleague-notifications]");
    await expect(shown.locator("[data-kind=invoices] dd")).toHaveText("Weekly summary");
    await expect(shown.locator("[data-kind=news] dd")).toHaveText("No email");
    // FACTUREN only on this account: no document notification reaches them, whatever they chose.
    await expect(shown.locator("[data-kind=documents] dd")).toHaveText("No email: no access to these notifications on this account");
    await expect(mainPage.locator("[data-kind] input")).toHaveCount(0);
  } finally {
    await context.close();
  }
});
