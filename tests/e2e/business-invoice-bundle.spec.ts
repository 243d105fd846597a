import { expect, test, type Page, type Response } from "@playwright/test";
import { strFromU8, unzipSync } from "fflate";
import type { InvoiceList } from "../../src/core/api/schemas/business.ts";
import { signedInAs } from "./support/auth.ts";
import { download, expectNoSeriousViolations, selectAccount } from "./support/business.ts";

// Screens load through sign-in, accounts and the API on a machine shared with other runs: allow time.
test.describe.configure({ timeout: 90_000 });

// On a phone: the rows are cards there, and the selection must work with a thumb.
test.use({
  viewport: { width: 390, height: 844 },
  storageState: async ({ browser }, provide) => provide(await signedInAs(browser, "hoofdgebruiker@example.com")),
});

const isList = (response: Response) => new URL(response.url()).pathname.endsWith("/invoices") && response.request().method() === "GET";

async function open(page: Page, search: string): Promise<InvoiceList> {
  const [response] = await Promise.all([page.waitForResponse(isList, { timeout: 20_000 }), page.goto(`/mijn-account/facturen${search}`)]);
  await expect(page.locator("[data-page=invoices] table tbody tr").first()).toBeVisible();
  return (await response.json()) as InvoiceList;
}

const names = (zip: Buffer): string[] => Object.keys(unzipSync(new Uint8Array(zip))).sort();

test("a bookkeeper's download: UBL beside the PDF, picked invoices and the whole period as one ZIP", async ({ page }) => {
  await selectAccount(page, "100001");
  const period = { from: "2026-09-01", to: "2026-10-31" };
  const list = await open(page, `?from=${period.from}&to=${period.to}&pageSize=100`);
  expect(list.total).toBeGreaterThan(2);
  const [first, second] = list.items;
  if (!first || !second) throw new Error("the period has too few invoices");

  // The e-invoice beside the PDF.
  const ubl = await download(page, () => page.getByRole("button", { name: `Factuur ${first.number} als UBL-e-factuur (XML) downloaden` }).click());
  expect(ubl.name).toBe(`factuur-${first.number}.xml`);
  expect(ubl.bytes.toString("utf8")).toContain("urn:fdc:peppol.eu:2017:poacc:billing:01:1.0");

  // Nothing selected: a clear message, no file.
  const bar = page.locator("[data-actions=invoices]");
  await bar.getByRole("button", { name: "ZIP downloaden" }).click();
  await expect(bar.locator("[data-refused=bundle_empty]")).toBeVisible();

  // Two invoices ticked on their cards.
  await page.getByRole("checkbox", { name: `Factuur ${first.number} selecteren` }).check();
  await page.getByRole("checkbox", { name: `Factuur ${second.number} selecteren` }).check();
  await expect(bar.getByRole("status").first()).toHaveText("2 geselecteerd");
  await expectNoSeriousViolations(page);
  const picked = await download(page, () => bar.getByRole("button", { name: "ZIP downloaden" }).click());
  expect(picked.name).toBe("facturen-100001.zip");
  expect(names(picked.bytes)).toEqual(
    [`factuur-${first.number}.pdf`, `factuur-${first.number}.xml`, `factuur-${second.number}.pdf`, `factuur-${second.number}.xml`, "btw-overzicht.csv", "btw-overzicht.xlsx"].sort(),
  );
  await expect(bar.getByText("De ZIP met 2 facturen is gedownload.")).toBeVisible();

  // Everything in the period, with the screen's filter.
  await page.getByRole("button", { name: `Alles in deze periode (${list.total})` }).click();
  await expect(bar.getByRole("status").first()).toHaveText(`Alle ${list.total} facturen van dit filter geselecteerd`);
  const whole = await download(page, () => bar.getByRole("button", { name: "ZIP downloaden" }).click());
  expect(whole.name).toBe(`facturen-100001-${period.from}_${period.to}.zip`);
  const files = unzipSync(new Uint8Array(whole.bytes));
  expect(Object.keys(files)).toHaveLength(list.total * 2 + 2);
  const summary = strFromU8(files["btw-overzicht.csv"] as Uint8Array);
  const together = summary.split("\r\n").find((line) => line.startsWith("Samen;Totaal;"));
  expect(together?.split(";")[2]).toBe(String(list.total));
});
