import { expect, test } from "@playwright/test";
import { signedInAs } from "./support/auth.ts";
import { expectNoSeriousViolations } from "./support/business.ts";

// Screens load through sign-in, accounts and the API on a machine shared with other runs: allow time.
test.describe.configure({ timeout: 90_000 });

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

test.use({ storageState: async ({ browser }, provide) => provide(await signedInAs(browser, "hoofdgebruiker@example.com")) });

test("the tht form refuses invalid input field by field, then saves a registration", async ({ page }) => {
  await page.goto("/tht");
  const form = page.locator("form[data-form=tht]");
  await expect(form).toBeVisible({ timeout: 20_000 });
  await expect(page.locator("[data-fact=status]")).toHaveText("Nog niet geregistreerd");
  await expect(page.getByRole("link", { name: "Veelgestelde vragen over de THT-regeling" })).toHaveAttribute("href", "/vragen-tht");

  // Nothing filled in: every field of the row and the attachments say what is wrong.
  await form.getByRole("button", { name: "Registratie opslaan" }).click();
  const summary = page.locator("[data-error-summary]");
  await expect(summary.getByRole("heading")).toHaveText("Niet alle velden zijn goed ingevuld");
  await expect(summary.getByRole("link", { name: "Regel 1, Aantal: Vul een aantal van minimaal 1 in." })).toHaveAttribute(
    "href",
    "#kp-tht-lines.0.quantity",
  );
  // Each line names its field, not only its row: "Dit veld is verplicht." alone says nothing.
  await expect(summary.getByRole("link", { name: "Regel 1, Product: Dit veld is verplicht." })).toHaveAttribute("href", "#kp-tht-lines.0.productId");
  await expect(summary.getByRole("link", { name: "Regel 1, Houdbaar tot (THT): Dit veld is verplicht." })).toBeVisible();
  await expect(summary.getByRole("link", { name: "Foto's of bonnen: Voeg minstens één foto of bon toe." })).toHaveAttribute("href", "#kp-tht-attachments");
  await expect(page.locator("#kp-tht-lines\\.0\\.productId-error")).toHaveText("Dit veld is verplicht.");
  await expect(page.locator("#kp-tht-lines\\.0\\.quantity-error")).toHaveText("Vul een aantal van minimaal 1 in.");
  await expect(page.locator("#kp-tht-lines\\.0\\.bestBeforeDate-error")).toHaveText("Dit veld is verplicht.");
  await expect(page.locator("#kp-tht-attachments-error")).toHaveText("Voeg minstens één foto of bon toe.");
  await expect(page.getByLabel("Aantal")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Aantal")).toHaveAttribute("aria-describedby", "kp-tht-lines.0.quantity-error");
  await expectNoSeriousViolations(page);

  await page.getByLabel("Product").selectOption({ label: "Hollands Pils 50 l" });
  await page.getByLabel("Aantal").fill("2,5");
  await page.getByLabel("Houdbaar tot (THT)").fill("2019-06-30");
  await form.getByRole("button", { name: "Registratie opslaan" }).click();
  await expect(page.locator("#kp-tht-lines\\.0\\.quantity-error")).toHaveText("Vul een heel getal in.");
  await expect(page.locator("#kp-tht-lines\\.0\\.bestBeforeDate-error")).toHaveText(
    "De regeling geldt voor houdbaarheidsdata vanaf 1 maart 2020.",
  );

  // A GIF is not accepted, whatever its name says.
  await page.getByLabel("Bestand kiezen").setInputFiles({ name: "kelder.png", mimeType: "image/png", buffer: Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;") });
  await expect(page.locator("[data-files=tht] [data-state=failed]")).toContainText("Dit bestand is geen PDF, PNG of JPEG.");
  await page.getByLabel("Bestand kiezen").setInputFiles({ name: "kelder.png", mimeType: "image/png", buffer: PNG });
  await expect(page.locator("[data-files=tht] [data-state=done]")).toContainText("kelder.png");

  await page.getByLabel("Aantal").fill("12");
  await page.getByLabel("Houdbaar tot (THT)").fill("2026-09-30");
  await page.getByRole("button", { name: "Regel toevoegen" }).click();
  const second = page.locator("[data-line='1']");
  await second.getByLabel("Product").selectOption({ label: "Polderwit 24 × 30 cl" });
  await second.getByLabel("Aantal").fill("40");
  await second.getByLabel("Houdbaar tot (THT)").fill("2026-10-15");
  await form.getByRole("button", { name: "Registratie opslaan" }).click();
  await expect(page.locator("[data-saved]")).toHaveText("Uw registratie is opgeslagen.");
  await expect(page.locator("[data-fact=status]")).toHaveText("In behandeling");
  await expect(page.locator("[data-fact=reference]")).toHaveText("THT-100001-01");

  // Submitted: shown as sent, read-only, with what the status means.
  const sent = page.locator("[data-tht-summary]");
  await expect(form).toHaveCount(0);
  await expect(sent).toContainText("Uw registratie is ingediend en wordt beoordeeld.");
  await expect(sent.locator("[data-line='1'] [data-fact=product]")).toHaveText("Polderwit 24 × 30 cl");

  // Saved for real: a reload shows both lines and the photo, still read-only.
  await page.reload();
  await expect(page.locator("[data-line]")).toHaveCount(2, { timeout: 20_000 });
  await expect(page.locator("[data-line='1'] [data-fact=quantity]")).toHaveText("40");
  await expect(page.locator("[data-attachments]")).toContainText("kelder.png");
  await expect(page.locator("form[data-form=tht]")).toHaveCount(0);

  // Still under review, so it can be changed: the fields come back with what was sent.
  await page.getByRole("button", { name: "Registratie wijzigen" }).click();
  await expect(page.locator("[data-line='1']").getByLabel("Aantal")).toHaveValue("40");
  await expect(page.locator("[data-files=tht]")).toContainText("kelder.png");
});

test("the tht page in English shows the saved registration of another account", async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem("selectedAccount", "100002"));
  await page.goto("/en/tht");
  await expect(page.getByRole("heading", { name: "THT scheme" })).toBeVisible({ timeout: 20_000 });
  await expect(page.locator("[data-fact=status]")).toHaveText("Being processed");
  await expect(page.locator("[data-attachments]")).toContainText("foto-voorraad.png");
  await expectNoSeriousViolations(page);
});

test("the THT FAQ leads to the tool, and the tool back to the FAQ, in both languages", async ({ page }) => {
  for (const prefix of ["", "/en"]) {
    await page.goto(`${prefix}/vragen-tht`);
    const toTool = page.locator("[data-tht-tool] a");
    await expect(toTool).toHaveAttribute("href", `${prefix}/tht`);
    await toTool.click();
    // The tool, as a form or (once another test submitted the registration) read-only.
    await expect(page.locator("[data-fact=status]")).toBeVisible({ timeout: 20_000 });
    await expect(page.locator(`[data-page=tht] a[href="${prefix}/vragen-tht"]`)).toBeVisible();
  }
});
