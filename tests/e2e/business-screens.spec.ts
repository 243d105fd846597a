import { expect, test, type Page } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import type { BonusOverview, SalesContract } from "../../src/core/api/schemas/business.ts";
import { yearSummary } from "../../src/core/business/bonus-summary.ts";
import { formatHl } from "../../src/core/business/format.ts";
import { signedInAs } from "./support/auth.ts";
import { download, expectNoSeriousViolations, selectAccount } from "./support/business.ts";

// Screens load through sign-in, accounts and the API on a machine shared with other runs: allow time.
test.describe.configure({ timeout: 90_000 });

/** The JSON of the first API answer whose path ends with `suffix`, while `open` runs. */
async function answerOf<T>(page: Page, suffix: string, open: () => Promise<unknown>): Promise<T> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname.endsWith(suffix) && r.request().method() === "GET", { timeout: 20_000 }),
    open(),
  ]);
  return (await response.json()) as T;
}

test.describe("as the main user", () => {
  test.use({ storageState: async ({ browser }, provide) => provide(await signedInAs(browser, "hoofdgebruiker@example.com")) });

  test("documents: filter by type and download one", async ({ page }) => {
    await page.goto("/mijn-account/documenten");
    const table = page.locator("[data-page=documents] table");
    await expect(table.locator("tbody tr").first()).toBeVisible({ timeout: 20_000 });
    for (const type of ["Contract", "Prijslijst", "Factuurkopie", "Overig"]) {
      await expect(table.locator("tbody td", { hasText: type }).first()).toBeVisible();
    }
    await page.getByLabel("Soort document").selectOption("price_list");
    await expect(page).toHaveURL(/\?type=price_list$/);
    await expect(table.locator("tbody th")).toHaveText(["Prijslijst 2026", "Prijslijst 2025", "Prijslijst 2024"]);
    const file = await download(page, () => page.getByRole("button", { name: "Downloaden Prijslijst 2026" }).click());
    expect(file.name).toBe("prijslijst-2026-100001.pdf");
    expect((await PDFDocument.load(file.bytes)).getTitle()).toBe("Prijslijst 2026");
    await expectNoSeriousViolations(page);
  });

  test("bonus overview: the chart's figures are in its table alternative and match the settlements", async ({ page }) => {
    const overview = await answerOf<BonusOverview>(page, "/actualssalesdata/", () => page.goto("/mijn-account/bonus-overzicht"));
    const chart = page.locator("svg[data-chart=tiers]");
    await expect(chart).toBeVisible();
    await expect(chart).toHaveAttribute("role", "img");
    // Exact: the pacing bar's label ("… aan het eind van het jaar") holds the word too.
    await page.getByRole("combobox", { name: "Jaar", exact: true }).selectOption("2025");
    const summary = yearSummary(overview.items, overview.tiers, 2025);
    await expect(page.locator("[data-fact=volume]")).toHaveText(formatHl(summary.volumeHl, "nl"));
    const quarters = page.locator("[data-table=quarters] tbody tr");
    await expect(quarters).toHaveCount(4);
    await expect(quarters.nth(3).locator("td").nth(1)).toHaveText(formatHl(summary.volumeHl, "nl"));
    await expect(page.locator("[data-table=tiers] tbody tr")).toHaveCount(overview.tiers.length);
    await expect(page.locator("[data-table=tiers] tr[aria-current=true] th")).toHaveText(
      { bronze: "Brons", silver: "Zilver", gold: "Goud" }[summary.tier.id],
    );
    await expect(page.locator("[data-table=settlements] tr[data-period='2025-Q4'] .kp-badge")).toHaveText("Goedgekeurd");
    await expect(page.locator("[data-table=settlements] tr[data-period='2024-Q1'] .kp-badge")).toHaveText("Uitbetaald");
    await expectNoSeriousViolations(page);
  });

  test("sales contract: dates, term, agreed against actual volumes, documents", async ({ page }) => {
    const contract = await answerOf<SalesContract>(page, "/salescontract", () => page.goto("/mijn-account/swo"));
    await expect(page.locator("[data-fact=number]")).toHaveText("SWO-2024-0117");
    await expect(page.locator("[data-fact=start]")).toHaveText("1 januari 2024");
    await expect(page.locator("[data-fact=end]")).toHaveText("31 december 2028");
    await expect(page.locator("[data-fact=duration]")).toHaveText("60 maanden");
    await expect(page.locator("[data-fact=remaining]")).toHaveText(/^\d+ maand(en)? en \d+ dag(en)?$/);
    await expect(page.locator("svg[data-chart=volumes]")).toBeVisible();
    const rows = page.locator("[data-table=volumes] tbody tr");
    await expect(rows).toHaveCount(4);
    for (const [i, volume] of contract.volumes.entries()) {
      await expect(rows.nth(i).locator("td").nth(0)).toHaveText(formatHl(volume.agreedHl, "nl"));
      await expect(rows.nth(i).locator("td").nth(1)).toHaveText(formatHl(volume.actualHl, "nl"));
    }
    await expect(rows.first().locator("th")).toHaveText("Pils");
    await expect(page.getByRole("button", { name: "Downloaden Samenwerkingsovereenkomst" })).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test("sales contract: an account without one says so", async ({ page }) => {
    await selectAccount(page, "100002");
    await page.goto("/en/mijn-account/swo");
    await expect(page.locator("[data-empty=contract]")).toHaveText("There is no sales contract for this account.", { timeout: 20_000 });
  });
});

test.describe("as the FACTUREN-only user", () => {
  test.use({ storageState: async ({ browser }, provide) => provide(await signedInAs(browser, "facturen@example.com")) });

  test("reaches invoices but none of the other business screens", async ({ page }) => {
    await page.goto("/mijn-account/facturen");
    await expect(page.locator("[data-page=invoices] table tbody tr").first()).toBeVisible({ timeout: 20_000 });
    for (const path of ["/mijn-account/documenten", "/mijn-account/bonus-overzicht", "/mijn-account/swo", "/bonus/periode"]) {
      await page.goto(path);
      await expect(page.locator("[data-no-permission]"), path).toBeVisible({ timeout: 20_000 });
      await expect(page.locator("[data-page]")).toHaveCount(0);
    }
    await expectNoSeriousViolations(page);
  });

  test("is refused by the API with statusCode 2 on documents, bonus and the sales contract", async ({ page }) => {
    await page.goto("/mijn-account/facturen");
    await expect(page.locator("[data-page=invoices] table tbody tr").first()).toBeVisible({ timeout: 20_000 });
    const answers = await page.evaluate(async () => {
      const settings = (window as unknown as { settings: { apiUrl: string; subscriptionKey: string } }).settings;
      const stored = Object.keys(localStorage).find((key) => key.startsWith("oidc.user:")) ?? "";
      const token = (JSON.parse(localStorage.getItem(stored) ?? "{}") as { access_token?: string }).access_token ?? "";
      const call = async (path: string) => {
        const response = await fetch(`${settings.apiUrl}/contentfulservice/api/v1${path}?accountNumber=100001`, {
          headers: { authorization: `Bearer ${token}`, "ocp-apim-subscription-key": settings.subscriptionKey },
        });
        return { path, status: response.status, body: (await response.json()) as unknown };
      };
      return Promise.all(["/invoices", "/documents", "/actualssalesdata/", "/salescontract"].map(call));
    });
    expect(answers[0]?.status).toBe(200);
    expect(answers.slice(1)).toEqual([
      { path: "/documents", status: 403, body: { statusCode: 2 } },
      { path: "/actualssalesdata/", status: 403, body: { statusCode: 2 } },
      { path: "/salescontract", status: 403, body: { statusCode: 2 } },
    ]);
  });
});
