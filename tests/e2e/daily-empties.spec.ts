import { expect, test } from "@playwright/test";
import type { EmptiesLedger } from "../../src/core/api/schemas/business.ts";
import { emptiesSummary } from "../../src/core/business/empties.ts";
import { formatMoney } from "../../src/core/format.ts";
import { signedInAs } from "./support/auth.ts";
import { download, expectNoSeriousViolations } from "./support/business.ts";

// Screens load through sign-in, accounts and the API on a machine shared with other runs: allow time.
test.describe.configure({ timeout: 90_000 });

test.use({ storageState: async ({ browser }, provide) => provide(await signedInAs(browser, "hoofdgebruiker@example.com")) });

const isLedger = (url: string) => new URL(url).pathname.endsWith("/empties");

test("empties: the balance per kind with its deposit, each delivery's movements, a period and the export", async ({ page }) => {
  const [response] = await Promise.all([page.waitForResponse((r) => isLedger(r.url())), page.goto("/mijn-account/emballage")]);
  const ledger = (await response.json()) as EmptiesLedger;
  const summary = emptiesSummary(ledger);
  await expect(page.locator("[data-figure=empties-value]")).toHaveText(formatMoney(summary.value, "nl"));
  // Café De Gouden Leeuw keeps 50 l kegs back: they are on the list with their deposit.
  const kegs = summary.rows.find((row) => row.kind === "keg_50")!;
  await expect(page.locator("[data-empties=summary] [data-kind=keg_50] [data-balance]")).toHaveText(String(kegs.balance));
  await expect(page.locator("[data-empties=lines] tbody tr")).toHaveCount(new Set(ledger.lines.map((line) => line.deliveryNumber)).size);
  await expectNoSeriousViolations(page);

  const file = await download(page, () => page.getByRole("button", { name: "Exporteren (csv)" }).click());
  expect(file.name).toBe("emballage-100001.csv");
  expect(file.bytes.toString("utf8")).toContain("Datum;Levering;Factuur;Soort;Geleverd;Retour;Statiegeld per stuk");

  // A period: asked from the API, kept in the URL; the balance at its end follows.
  const [asked] = await Promise.all([
    page.waitForResponse((r) => isLedger(r.url()) && new URL(r.url()).searchParams.get("to") === "2026-10-31"),
    page.getByLabel("Tot en met").fill("2026-10-31"),
  ]);
  const october = (await asked.json()) as EmptiesLedger;
  await expect(page).toHaveURL(/to=2026-10-31/);
  await expect(page.locator("[data-figure=empties-value]")).toHaveText(formatMoney(emptiesSummary(october).value, "nl"));
  await expect(page.getByRole("heading", { name: "Uw saldo op 31 oktober 2026" })).toBeVisible();
});

test("empties: the balance reads the same on the dashboard and the ledger; the dashboard names the next delivery", async ({ page }) => {
  await page.goto("/mijn-account/dashboard");
  const onDashboard = page.locator("[data-block=daily] [data-figure=empties-value]");
  await expect(onDashboard).toHaveText(/€/, { timeout: 30_000 });
  const dashboardValue = await onDashboard.textContent();
  await expect(page.locator("[data-block=daily] [data-next-delivery]")).toContainText("tussen 07:00 en 09:00 uur");
  await page.locator("[data-block=daily]").getByRole("link", { name: "Bekijk uw emballage" }).click();
  await expect(page).toHaveURL(/\/mijn-account\/emballage$/);
  await expect(page.locator("[data-page=empties] [data-figure=empties-value]")).toHaveText(dashboardValue ?? "");
});
