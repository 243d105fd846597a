import { expect as baseExpect, test, type Page } from "@playwright/test";
import { signedInAs } from "./support/auth.ts";
import { expectNoSeriousViolations, selectAccount } from "./support/business.ts";
import { apiAs } from "./support/portal.ts";

/** Screens load several calls on a machine shared by many test runs: wait a little longer than the default. */
const expect = baseExpect.configure({ timeout: 20_000 });

/** Account details: read-only without HOOFDDATA, the edit form's validation, a save, a failed save, a broken answer, the error boundary. */

test.describe.configure({ timeout: 180_000 });

const field = (page: Page, name: string) => page.locator(`#account-${name}`);

/** The message tied to a field through aria-describedby. */
async function messageOf(page: Page, name: string): Promise<string> {
  const ids = (await field(page, name).getAttribute("aria-describedby")) ?? "";
  const texts = await Promise.all(ids.split(" ").filter(Boolean).map((id) => page.locator(`[id="${id}"]`).textContent()));
  return texts.join(" ");
}

test.describe("without HOOFDDATA", () => {
  test.use({ storageState: async ({ browser }, provide) => provide(await signedInAs(browser, "facturen@example.com")) });

  test("every group is shown read-only, without the contract", async ({ page }) => {
    await page.goto("/mijn-account/account");
    await expect(page.locator("[data-read-only]")).toBeVisible();
    for (const group of ["company", "visiting", "post", "contact", "invoicing", "registration"]) {
      await expect(page.locator(`[data-group=${group}]`)).toBeVisible();
    }
    await expect(page.locator("[data-value=name] dd")).toHaveText("Café De Gouden Leeuw B.V.");
    await expect(page.locator("[data-value=accountnumber] dd")).toHaveText("100001");
    await expect(page.locator("[data-value=postalBoxNumber] dd")).toHaveText("1234");
    await expect(page.locator("[data-group=contract]")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Gegevens wijzigen" })).toHaveCount(0);
    await expect(page.locator("form")).toHaveCount(0);
    await expectNoSeriousViolations(page);
  });
});

test.describe("with HOOFDDATA, on account 100002", () => {
  test.use({ storageState: async ({ browser }, provide) => provide(await signedInAs(browser, "hoofdgebruiker@example.com")) });

  test("refuses every invalid input at its field, then saves, and the save survives a reload", async ({ page }) => {
    const api = await apiAs("hoofdgebruiker@example.com");
    const original = (await api.call("GET", "/accounts/details", "100002")).body as Record<string, unknown>;
    try {
      await selectAccount(page, "100002");
      await page.goto("/mijn-account/account");
      await expect(page.locator("[data-group=contract]")).toContainText("Er is geen samenwerkingsovereenkomst voor dit account.");
      await page.getByRole("button", { name: "Gegevens wijzigen" }).click();

      await field(page, "name").fill(" ");
      await field(page, "address1postalcode").fill("12345");
      await field(page, "telephone").fill("12");
      await field(page, "emailaddress1").fill("geen-mail");
      await field(page, "ibanNumber").fill("NL00 RABO 0312 4578 96");
      await field(page, "vatNumber").fill("NL12");
      await field(page, "chamberOfCommerceNumber").fill("1234567");
      await field(page, "hasDifferentPostAddress").check();
      await field(page, "postalboxaddress").check();
      await field(page, "emailinvoice").check();
      await field(page, "emailinvoicecc").fill("kopie@");
      await page.getByRole("button", { name: "Opslaan" }).click();

      await expect(page.locator("[data-notice=error]")).toContainText("Niet alle velden zijn correct ingevuld");
      const expected: Record<string, string> = {
        name: "Dit veld is verplicht.",
        address1postalcode: "Vul een geldige postcode in, bijvoorbeeld 1234 AB.",
        telephone: "Dit lijkt geen geldig Nederlands telefoonnummer.",
        emailaddress1: "Vul een geldig e-mailadres in",
        ibanNumber: "Vul een geldig Nederlands IBAN in",
        vatNumber: "Vul een geldig btw-nummer in",
        chamberOfCommerceNumber: "Een KvK-nummer bestaat uit 8 cijfers.",
        postalBoxNumber: "Dit veld is verplicht.",
        address2postalcode: "Dit veld is verplicht.",
        address2city: "Dit veld is verplicht.",
        emailinvoicecc: "Vul een geldig e-mailadres in",
      };
      for (const [name, text] of Object.entries(expected)) {
        await expect(field(page, name)).toHaveAttribute("aria-invalid", "true");
        expect(await messageOf(page, name), name).toContain(text);
      }
      await expect(field(page, "name")).toBeFocused();
      await expectNoSeriousViolations(page);

      await field(page, "name").fill(String(original["name"]));
      await field(page, "address1postalcode").fill("2011cg");
      await field(page, "telephone").fill("023-5123456");
      await field(page, "emailaddress1").fill("reserveren@zilverenanker.example");
      // The IBAN and the invoice addresses as they were: changing them needs a fresh sign-in (portal-step-up.spec.ts).
      await field(page, "ibanNumber").fill(String(original["ibanNumber"]).replace(/\s/g, "").toLowerCase());
      await field(page, "vatNumber").fill("NL859012347B01");
      await field(page, "chamberOfCommerceNumber").fill("34098765");
      await field(page, "postalBoxNumber").fill("777");
      await field(page, "address2postalcode").fill("2000 AA");
      await field(page, "address2city").fill("Haarlem");
      await field(page, "emailinvoice").uncheck();
      await page.getByRole("button", { name: "Opslaan" }).click();

      await expect(page.locator("[data-notice=success]")).toHaveText("Uw wijzigingen zijn opgeslagen.");
      await expect(page.locator("[data-value=postalBoxNumber] dd")).toHaveText("777");
      await page.reload();
      await expect(page.locator("[data-value=postalBoxNumber] dd")).toHaveText("777");
      await expect(page.locator("[data-value=address2postalcode] dd")).toHaveText("2000 AA");
      await expect(page.locator("[data-value=address1postalcode] dd")).toHaveText("2011 CG");
    } finally {
      // The PUT body is the editable fields; the API's schema drops the read-only ones.
      expect((await api.call("PUT", "/accounts", "100002", original)).status).toBe(200);
    }
  });

  test("a failing save keeps the edits and says so", async ({ page }) => {
    await selectAccount(page, "100002");
    await page.route(
      (url) => url.pathname.endsWith("/contentfulservice/api/v1/accounts"),
      async (route) => {
        if (route.request().method() !== "PUT") return route.continue();
        const origin = (await route.request().headerValue("origin")) ?? "*";
        return route.fulfill({ status: 500, contentType: "application/json", body: '{"statusCode":500}', headers: { "access-control-allow-origin": origin } });
      },
    );
    await page.goto("/mijn-account/account");
    await page.getByRole("button", { name: "Gegevens wijzigen" }).click();
    await field(page, "invoiceto").fill("Afdeling inkoop");
    await field(page, "emailaddress2").fill("tweede@zilverenanker.example");
    await page.getByRole("button", { name: "Opslaan" }).click();
    await expect(page.locator("[data-notice=error]")).toContainText("Uw wijzigingen zijn niet opgeslagen.");
    await expect(field(page, "invoiceto")).toHaveValue("Afdeling inkoop");
    await expect(field(page, "emailaddress2")).toHaveValue("tweede@zilverenanker.example");
  });

  test("the English page has the same groups and texts", async ({ page }) => {
    await page.goto("/en/mijn-account/account");
    await expect(page.getByRole("heading", { level: 1, name: "Account details" })).toBeVisible();
    await expect(page.locator("[data-group=registration] h2")).toHaveText("Registration numbers");
    await expect(page.locator("[data-group=contract] dd").nth(1)).toHaveText("January 1, 2024");
    await page.getByRole("button", { name: "Change details" }).click();
    await expect(page.getByLabel("Chamber of Commerce number")).toHaveValue("30123456");
    await expectNoSeriousViolations(page);
  });
});

test.describe("a broken answer", () => {
  test.use({ storageState: async ({ browser }, provide) => provide(await signedInAs(browser, "hoofdgebruiker@example.com")) });

  /** Answers the calls whose path ends in `suffix` with a body that breaks the contract. */
  async function breakAnswers(page: Page, suffix: string): Promise<() => Promise<void>> {
    const matcher = (url: URL): boolean => url.pathname.endsWith(suffix);
    await page.route(matcher, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: '{"unexpected":true}' });
    });
    return () => page.unroute(matcher);
  }

  // The same message and retry on a portal screen, a dashboard block and a business screen.
  for (const { path, call, block, loaded } of [
    { path: "/mijn-account/account", call: "/accounts/details", block: "account", loaded: "[data-value=name] dd" },
    { path: "/mijn-account/dashboard", call: "/accounts/details", block: "contacts", loaded: "[data-block=contacts] [data-contact]" },
    { path: "/mijn-account/facturen", call: "/invoices", block: "invoices", loaded: "[data-block=invoices] table tbody tr" },
  ]) {
    test(`stays in its block with a retry (${block} on ${path})`, async ({ page }) => {
      const repair = await breakAnswers(page, call);
      await page.goto(path);
      const shown = page.locator(`[data-block=${block}]`);
      await expect(shown).toHaveAttribute("data-state", "error");
      const alert = shown.getByRole("alert");
      await expect(alert).toHaveText(/Dit onderdeel kon niet worden geladen\./);
      await expect(alert).toHaveAttribute("data-failure", "contract");
      await expectNoSeriousViolations(page);
      await repair();
      await alert.getByRole("button", { name: "Opnieuw proberen" }).click();
      await expect(shown).toHaveAttribute("data-state", "ready");
      await expect(page.locator(loaded).first()).toBeVisible();
    });
  }
});

test.describe("the error boundary", () => {
  test.use({ storageState: async ({ browser }, provide) => provide(await signedInAs(browser, "hoofdgebruiker@example.com")) });

  /**
   * Plants a bug in rendering on the account page: formatting a date throws until repaired. The
   * contract dates of the selected account are formatted as the page renders.
   */
  async function breakRendering(page: Page): Promise<() => Promise<unknown>> {
    await page.addInitScript(() => {
      if (!window.location.pathname.endsWith("/mijn-account/account")) return;
      const flags = window as unknown as { kpBroken?: boolean };
      flags.kpBroken = true;
      const format = Object.getOwnPropertyDescriptor(Intl.DateTimeFormat.prototype, "format");
      Object.defineProperty(Intl.DateTimeFormat.prototype, "format", {
        configurable: true,
        get(this: Intl.DateTimeFormat) {
          if (flags.kpBroken) throw new Error("A planted rendering bug");
          return format?.get?.call(this);
        },
      });
    });
    return () => page.evaluate(() => ((window as unknown as { kpBroken?: boolean }).kpBroken = false));
  }

  test("shows the error, 'Herladen' renders the island again", async ({ page }) => {
    const repair = await breakRendering(page);
    await page.goto("/mijn-account/account");
    const screen = page.getByRole("alert").filter({ hasText: "Er is een fout opgetreden." });
    await expect(screen).toBeVisible();
    await expect(screen).toContainText("A planted rendering bug");
    await expectNoSeriousViolations(page);
    await repair();
    await screen.getByRole("button", { name: "Herladen" }).click();
    await expect(page.locator("[data-value=name] dd")).toHaveText("Café De Gouden Leeuw B.V.");
  });

  test("'Ga terug' goes back to the previous page", async ({ page }) => {
    await page.goto("/mijn-account/dashboard");
    await expect(page.locator("[data-welcome]")).toBeVisible();
    await breakRendering(page);
    await page.goto("/en/mijn-account/account");
    const screen = page.getByRole("alert").filter({ hasText: "An error occurred." });
    await expect(screen).toBeVisible();
    await screen.getByRole("button", { name: "Go back" }).click();
    await expect(page).toHaveURL(/\/mijn-account\/dashboard$/);
  });
});
