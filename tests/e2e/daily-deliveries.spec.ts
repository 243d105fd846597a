import { expect, test } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import type { DeliveryList } from "../../src/core/api/schemas/business.ts";
import { signedInAs } from "./support/auth.ts";
import { download, expectNoSeriousViolations } from "./support/business.ts";

// Screens load through sign-in, accounts and the API on a machine shared with other runs: allow time.
test.describe.configure({ timeout: 90_000 });

test.use({ storageState: async ({ browser }, provide) => provide(await signedInAs(browser, "hoofdgebruiker@example.com")) });

test("deliveries: the next one with its window, a delivery's lines and delivery note, to its invoice and back", async ({ page }) => {
  const [response] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname.endsWith("/deliveries") && r.request().method() === "GET"),
    page.goto("/mijn-account/leveringen"),
  ]);
  const list = (await response.json()) as DeliveryList;
  // Café De Gouden Leeuw: Tuesdays and Fridays between 07:00 and 09:00.
  const next = page.locator("[data-block=next-delivery]");
  await expect(next.locator("[data-window]")).toHaveText("tussen 07:00 en 09:00 uur");
  await expect(next.locator(`[data-next-delivery="${list.next?.date}"]`)).toBeVisible();
  await expectNoSeriousViolations(page);

  const first = list.items[0]!;
  const card = page.locator(`[data-delivery="${first.number}"]`);
  await card.locator("summary").click();
  await expect(card.locator("tbody tr")).toHaveCount(first.lines.length);
  const note = await download(page, () => card.getByRole("button", { name: `Pakbon ${first.number} downloaden (pdf)` }).click());
  expect(note.name).toBe(`pakbon-${first.number}.pdf`);
  expect((await PDFDocument.load(note.bytes)).getPageCount()).toBe(1);

  // To its invoice: the invoice list searched for its number, and from the invoice back to this delivery.
  await card.getByRole("link", { name: `Factuur ${first.invoice!.number}` }).click();
  await expect(page).toHaveURL(new RegExp(`/mijn-account/facturen\\?q=${first.invoice!.number}$`));
  const row = page.locator(`[data-invoice="${first.invoice!.number}"]`);
  await row.getByRole("link", { name: `Levering van factuur ${first.invoice!.number}` }).click();
  await expect(page).toHaveURL(new RegExp(`/mijn-account/leveringen\\?levering=${first.number}$`));
  const opened = page.locator(`[data-block=delivery] [data-delivery="${first.number}"]`);
  await expect(opened).toHaveAttribute("open", "");
  await expect(opened.locator("tbody tr")).toHaveCount(first.lines.length);
});

test("deliveries: a period with the end before the start is named beside the field and not asked", async ({ page }) => {
  await page.goto("/en/mijn-account/leveringen");
  await expect(page.locator("[data-block=deliveries]")).toHaveAttribute("data-state", "ready");
  let asked = 0;
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.endsWith("/deliveries")) asked++;
  });
  await page.getByLabel("From").fill("2026-10-01");
  await page.getByLabel("Up to and including").fill("2026-09-01");
  await expect(page.getByText("The end date is before the start date.")).toBeVisible();
  await expect(page.getByLabel("Up to and including")).toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("Up to and including").fill("2026-10-31");
  await expect(page).toHaveURL(/from=2026-10-01&to=2026-10-31/);
  await expect(page.locator("[data-block=deliveries]")).toHaveAttribute("data-state", "ready");
  expect(asked).toBeGreaterThan(0);
});
