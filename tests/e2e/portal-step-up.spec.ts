import { expect as baseExpect, test } from "@playwright/test";
import { fillLoginForm, signIn, testHook } from "./support/auth.ts";
import { apiAs, mailsTo } from "./support/portal.ts";

/** Screens load several calls on a machine shared by many test runs: wait a little longer than the default. */
const expect = baseExpect.configure({ timeout: 20_000 });

/**
 * Money changes need a fresh sign-in (docs/api-people.md, "Step-up for money changes"): the API
 * refuses a new IBAN with a sign-in more than five minutes old on the stand-in's clock; the form says
 * so beside the field, keeps what was typed through signing in again, and then saves; the main user
 * gets a mail. On account 100001 as its ADMINISTRATOR (no other spec changes its details).
 */
test.describe.configure({ timeout: 180_000 });

const ADMIN = "admin@example.com";
const MAIN = "hoofdgebruiker@example.com";
const NEW_IBAN = "NL91 ABNA 0417 1643 00";
const NEW_COPY = "kopie.stapup@degoudenleeuw.example";

test("a money change is refused at the API with an old auth_time, and the form saves after signing in again", async ({
  page,
}) => {
  const api = await apiAs(ADMIN);
  const original = (await api.call("GET", "/accounts/details", "100001")).body as Record<string, unknown>;
  try {
    // The page's own clock, to run it ahead later (a browser whose clock is fast).
    await page.clock.install();
    await signIn(page, ADMIN, { returnTo: "/mijn-account/account" });
    // Five minutes and a second later on the stand-in's clock: both sign-ins above are too old.
    await testHook("POST", "clock", { advanceSeconds: 301 });
    const refused = await api.call("PUT", "/accounts", "100001", { ...original, ibanNumber: NEW_IBAN });
    expect(refused).toEqual({
      status: 403,
      body: { statusCode: 2, errors: [{ field: "ibanNumber", code: "step_up_required" }] },
    });

    await page.getByRole("button", { name: "Gegevens wijzigen" }).click();
    await expect(page.locator("[data-step-up-note]")).toContainText(
      "vragen wij u eerst opnieuw in te loggen",
    );
    await page.locator("#account-ibanNumber").fill(NEW_IBAN);
    await page.locator("#account-emailinvoicecc").fill(NEW_COPY);
    await page.getByRole("button", { name: "Opslaan" }).click();

    // Refused at the API (this tab's own clock still calls the sign-in fresh): a message, the values kept.
    await expect(page.locator("[data-notice=error]")).toContainText("Log opnieuw in om dit op te slaan");
    await expect(page.locator("#account-ibanNumber-error")).toHaveText(
      "Log opnieuw in om deze wijziging op te slaan.",
    );
    await expect(page.locator("#account-ibanNumber")).toHaveValue(NEW_IBAN);
    await expect(page.locator("#account-emailinvoicecc")).toHaveValue(NEW_COPY);

    await page.getByRole("button", { name: "Opnieuw inloggen" }).click();
    // The provider asks for the password although its session is alive, the address filled in.
    await expect(page.locator("#email")).toHaveValue(ADMIN);
    await expect(page.locator("p.intro")).toHaveText("Voor deze wijziging vragen wij u uw wachtwoord nog een keer in te vullen.");
    await fillLoginForm(page, ADMIN, "Welkom123!");
    await page.waitForURL((url) => url.pathname === "/mijn-account/account");
    await expect(page.locator("[data-notice=success]")).toHaveText(
      "U bent opnieuw ingelogd. Controleer uw wijzigingen en kies Opslaan.",
    );
    await expect(page.locator("#account-ibanNumber")).toHaveValue(NEW_IBAN);
    await expect(page.locator("#account-emailinvoicecc")).toHaveValue(NEW_COPY);
    // Even when this browser's clock runs ten minutes ahead, the fresh sign-in is not asked for again: the API judges.
    await page.clock.fastForward("10:00");
    await page.getByRole("button", { name: "Opslaan" }).click();

    await expect(page.locator("[data-notice=success]")).toHaveText("Uw wijzigingen zijn opgeslagen.");
    await expect(page.locator("[data-value=ibanNumber] dd")).toHaveText(NEW_IBAN);
    await expect(page.locator("[data-value=emailinvoicecc] dd")).toHaveText(NEW_COPY);

    const mail = (await mailsTo(MAIN)).findLast((sent) => sent.subject.startsWith("Betaalgegevens"));
    expect(mail?.body).toContain("- IBAN: ");
    expect(mail?.body).toContain("→ •••• •••• •••• ••43 00");
    expect(mail?.body).toContain("→ k•••••••••••@degoudenleeuw.example");
    expect(mail?.body).toContain("“Sanne Jansen” (admin@example.com)");
  } finally {
    // A fresh sign-in of its own (the clock moved): the details as they were.
    expect((await (await apiAs(ADMIN)).call("PUT", "/accounts", "100001", original)).status).toBe(200);
  }
});
