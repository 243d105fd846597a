import { expect, test } from "@playwright/test";
import type { ServiceRequest } from "../../src/core/api/schemas/business/service.ts";
import { runServiceCli } from "../../stand-in/service-admin-cli.ts";
import { signedInAs } from "./support/auth.ts";
import { expectNoSeriousViolations } from "./support/business.ts";

// Screens load through sign-in, accounts and the API on a machine shared with other runs: allow time.
test.describe.configure({ timeout: 90_000 });

test.use({ storageState: async ({ browser }, provide) => provide(await signedInAs(browser, "hoofdgebruiker@example.com")) });

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

test("service: 'Klopt niet' on an empties line with a photo; the supplier answers; the customer sees the status and the notification", async ({ page }) => {
  await page.goto("/mijn-account/emballage");
  const dispute = page.locator("[data-empties=lines] [data-dispute]").first();
  const delivery = (await dispute.getAttribute("data-dispute")) ?? "";
  await dispute.click();

  // The form opens with the line as reference and a return as the subject.
  await expect(page.getByRole("heading", { level: 1, name: "Nieuw serviceverzoek" })).toBeVisible();
  await expect(page.locator("[data-reference]")).toHaveAttribute("data-reference", `empties:${delivery}`);
  await expect(page.getByLabel("Waar gaat het om?")).toHaveValue("return");

  // Sent without a description: named beside the field, nothing sent.
  await page.getByRole("button", { name: "Verzoek versturen" }).click();
  await expect(page.locator("#kp-service-description-error")).toHaveText("Beschrijf wat er aan de hand is.");

  await page.getByLabel("Wat is er aan de hand?").fill("Er zijn twee fusten van 50 liter opgehaald, niet één.");
  await page.locator("#kp-service-attachmentIds").setInputFiles({ name: "pakbon.png", mimeType: "image/png", buffer: PNG });
  await expect(page.locator('[data-files=service-photos] [data-file="pakbon.png"]')).toHaveAttribute("data-state", "done");
  const [created] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.endsWith("/service-requests")),
    page.getByRole("button", { name: "Verzoek versturen" }).click(),
  ]);
  const request = (await created.json()) as ServiceRequest;
  await expect(page.locator("[data-sent]")).toContainText(request.number);
  await expect(page).toHaveURL(new RegExp(`/mijn-account/service\\?id=${request.id}$`));
  await expect(page.locator("[data-request] .kp-service-reference [data-status]")).toHaveText("Ontvangen");
  await expect(page.locator('[data-files=service-photos] [data-file="pakbon.png"]')).toBeVisible();
  await expectNoSeriousViolations(page);

  // The supplier's service desk answers through the stand-in's admin CLI.
  const log: string[] = [];
  const code = await runServiceCli(["answer", request.number, "--status", "in_progress", "--text", "De chauffeur telt het morgen na.", "--test"], (line) => log.push(line));
  expect(code, log.join("\n")).toBe(0);

  await page.reload();
  await expect(page.locator("[data-request] .kp-service-reference [data-status]")).toHaveText("In behandeling");
  await expect(page.locator("[data-history] li").last()).toContainText("De chauffeur telt het morgen na.");

  await page.goto("/mijn-account/meldingen");
  const notice = page.locator("[data-inbox-item]").filter({ hasText: `Serviceverzoek ${request.number}: in behandeling` });
  await expect(notice).toHaveAttribute("data-read", "false");
  await notice.getByRole("link").click();
  await page.locator("[data-notification-link]").click();
  await expect(page).toHaveURL(new RegExp(`/mijn-account/service\\?id=${request.id}$`));
  await expect(page.locator("[data-request] .kp-service-reference [data-status]")).toHaveText("In behandeling");

  // On the English screen the Dutch texts say they are Dutch (WCAG 3.1.2): a screen reader reads them as Dutch.
  expect(request.locale).toBe("nl-NL");
  await page.goto(`/en/mijn-account/service?id=${request.id}`);
  await expect(page.locator("[data-request] .kp-service-reference [data-status]")).toHaveText("In progress");
  await expect(page.locator(".kp-service-description")).toHaveAttribute("lang", "nl-NL");
  await expect(page.locator("[data-history] li").last().locator("[lang]")).toHaveAttribute("lang", "nl-NL");
});
