import { expect as baseExpect, test } from "@playwright/test";
import { signIn } from "./support/auth.ts";
import { expectNoSeriousViolations } from "./support/business.ts";
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
  await page.getByRole("button", { name: "Opslaan" }).click();
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
  await page.getByRole("button", { name: "Opslaan" }).click();
  await expect(page.locator("[data-notice=error]")).toContainText("Uw wijzigingen zijn niet opgeslagen.");
  await expect(page.locator("#profile-firstName")).toHaveValue("Roos");
  await page.unrouteAll();

  await page.getByRole("button", { name: "Opslaan" }).click();
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
