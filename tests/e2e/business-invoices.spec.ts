import { expect, test, type Page, type Response } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import type { InvoiceList } from "../../src/core/api/schemas/business.ts";
import { formatMoney } from "../../src/core/format.ts";
import { signedInAs } from "./support/auth.ts";
import { download, expectNoSeriousViolations, selectAccount } from "./support/business.ts";

// Screens load through sign-in, accounts and the API on a machine shared with other runs: allow time.
test.describe.configure({ timeout: 90_000 });

test.use({ storageState: async ({ browser }, provide) => provide(await signedInAs(browser, "hoofdgebruiker@example.com")) });

const isList = (response: Response) => new URL(response.url()).pathname.endsWith("/invoices") && response.request().method() === "GET";

/** Opens the invoices page at `search` and returns the list the page received. */
async function open(page: Page, search = ""): Promise<InvoiceList> {
  const [response] = await Promise.all([page.waitForResponse(isList, { timeout: 20_000 }), page.goto(`/mijn-account/facturen${search}`)]);
  const list = (await response.json()) as InvoiceList;
  await expect(page.locator("[data-page=invoices] table tbody tr").first()).toBeVisible();
  return list;
}

/** Runs `action` and returns the list the page fetched because of it. */
async function after(page: Page, action: () => Promise<unknown>): Promise<InvoiceList> {
  const [response] = await Promise.all([page.waitForResponse(isList), action()]);
  return (await response.json()) as InvoiceList;
}

const rows = (page: Page) => page.locator("[data-page=invoices] table tbody tr");

test.describe("invoices on the account with 5,000 invoices", () => {
  test.beforeEach(async ({ page }) => selectAccount(page, "100002"));

  test("shows the totals, filters by status, searches, sorts and pages, all kept in the URL", async ({ page }) => {
    const list = await open(page);
    expect(list.total).toBe(5000);
    await expect(page.locator("[data-total=open]")).toContainText(formatMoney(list.totals.open, "nl"));
    await expect(page.locator("[data-total=overdue]")).toContainText(formatMoney(list.totals.overdue, "nl"));
    await expect(page.getByText("5.000 facturen")).toBeVisible();
    await expect(page.locator("[data-page-of]")).toHaveText("Pagina 1 van 200");

    const overdue = await after(page, () => page.getByLabel("Status", { exact: true }).selectOption("overdue"));
    await expect(page).toHaveURL(/\?status=overdue$/);
    await expect(page.getByText(`${overdue.total} facturen`)).toBeVisible();
    await expect(rows(page)).toHaveCount(Math.min(25, overdue.total));
    for (const badge of await rows(page).locator(".kp-badge").allTextContents()) expect(badge).toBe("Vervallen");

    const sorted = await after(page, () => page.getByRole("button", { name: "Sorteer op Incl. btw" }).click());
    await expect(page).toHaveURL(/sort=amountInclVat/);
    await expect(page.locator("th[aria-sort=descending]")).toContainText("Incl. btw");
    const amounts = sorted.items.map((invoice) => invoice.amountInclVat);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    await expect(rows(page).first().locator("td").nth(3)).toHaveText(formatMoney(amounts[0] ?? 0, "nl"));

    const second = await after(page, () => page.getByRole("button", { name: "Volgende" }).click());
    await expect(page).toHaveURL(/page=2/);
    // The new page starts at its top, not at the pagination below the list.
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 5_000 }).toBe(0);
    expect(second.page).toBe(2);
    await expect(page.locator("[data-page-of]")).toHaveText(`Pagina 2 van ${Math.ceil(overdue.total / 25)}`);

    // A reload shows the same view; back goes to the previous one.
    const reloaded = await after(page, async () => {
      await page.reload();
    });
    expect(reloaded.items.map((i) => i.id)).toEqual(second.items.map((i) => i.id));
    await expect(page.getByLabel("Status", { exact: true })).toHaveValue("overdue");
    await after(page, () => page.goBack());
    await expect(page.locator("[data-page-of]")).toHaveText(`Pagina 1 van ${Math.ceil(overdue.total / 25)}`);

    await page.getByLabel("Zoek op factuurnummer").fill("0042");
    const found = await after(page, () => page.getByRole("button", { name: "Zoeken" }).click());
    await expect(page).toHaveURL(/q=0042/);
    expect(found.total).toBeGreaterThan(0);
    for (const number of await rows(page).locator("th").allTextContents()) expect(number).toContain("0042");
  });

  test("filters by period and shows an empty state for a search without matches", async ({ page }) => {
    await open(page);
    const period = await after(page, () => page.getByLabel("Factuurdatum vanaf").fill("2026-01-01"));
    expect(period.items.every((invoice) => invoice.invoiceDate >= "2026-01-01")).toBe(true);
    const ranged = await after(page, () => page.getByLabel("Factuurdatum tot en met").fill("2026-01-31"));
    expect(ranged.items.every((invoice) => invoice.invoiceDate <= "2026-01-31")).toBe(true);
    await expect(page).toHaveURL(/from=2026-01-01&to=2026-01-31/);
    // An end before the start says so beside the end date, keeps what was picked and leaves the list as it was.
    const to = page.getByLabel("Factuurdatum tot en met");
    await to.fill("2025-12-01");
    await expect(to).toHaveAccessibleDescription("De einddatum ligt voor de begindatum.");
    await expect(to).toHaveAttribute("aria-invalid", "true");
    await expect(to).toHaveValue("2025-12-01");
    await expect(page).toHaveURL(/from=2026-01-01&to=2026-01-31/);
    // Back to the range already shown: the message goes, nothing needs loading again.
    await to.fill("2026-01-31");
    await expect(to).not.toHaveAttribute("aria-invalid", "true");
    await expect(to).toHaveAccessibleDescription("");
    await page.getByLabel("Zoek op factuurnummer").fill("77777777");
    await after(page, () => page.getByRole("button", { name: "Zoeken" }).click());
    await expect(page.locator("[data-empty=invoices]")).toHaveText("Geen facturen gevonden voor dit filter.");
    await page.getByRole("button", { name: "Filters wissen" }).click();
    await expect(page).toHaveURL(/\/mijn-account\/facturen$/);
    await expect(rows(page)).toHaveCount(25);
  });

  test("downloads an invoice as a valid PDF", async ({ page }) => {
    const list = await open(page);
    const first = list.items[0];
    const file = await download(page, () => page.getByRole("button", { name: `Factuur ${first?.number} als PDF downloaden` }).click());
    expect(file.name).toBe(`factuur-${first?.number}.pdf`);
    expect(file.bytes.subarray(0, 5).toString()).toBe("%PDF-");
    const pdf = await PDFDocument.load(file.bytes);
    expect(pdf.getPageCount()).toBeGreaterThan(0);
    expect(pdf.getTitle()).toContain(first?.number ?? "missing");
  });

  test("exports the filtered list as CSV", async ({ page }) => {
    const list = await open(page, "?status=open&sort=number&order=asc");
    const file = await download(page, () => page.getByRole("button", { name: "Exporteer als CSV" }).click());
    expect(file.name).toBe("facturen-100002.csv");
    // A byte-order mark, then Dutch headings and values with semicolons, as Dutch Excel reads them.
    expect([...file.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = file.bytes.toString("utf8").replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(lines).toHaveLength(list.total + 1);
    expect(lines[0]).toMatch(/^Factuurnummer;Soort;Status;Factuurdatum;/);
    const body = lines.slice(1).map((line) => line.split(";"));
    // Open invoices read "Open"; an open credit note is a credit to the customer.
    expect(body.every((cells) => cells[2] === (cells[1] === "Creditnota" ? "Tegoed" : "Open"))).toBe(true);
    expect(body.every((cells) => /^\d\d-\d\d-\d{4}$/.test(cells[3] ?? "") && /^-?\d+,\d\d$/.test(cells[8] ?? ""))).toBe(true);
    expect(body.slice(0, list.items.length).map((cells) => cells[0])).toEqual(list.items.map((invoice) => invoice.number));
  });

  test("shows an error with a retry when the list cannot be loaded", async ({ page }) => {
    await page.route(/\/invoices\?/, (route) => route.abort("connectionrefused"));
    await page.goto("/mijn-account/facturen");
    await expect(page.locator("[data-state=error]")).toBeVisible({ timeout: 20_000 });
    await page.unroute(/\/invoices\?/);
    await page.getByRole("button", { name: "Opnieuw proberen" }).click();
    await expect(rows(page)).toHaveCount(25);
  });

  test("has no serious accessibility violations, in Dutch and English", async ({ page }) => {
    await open(page, "?status=overdue");
    await expectNoSeriousViolations(page);
    await page.goto("/en/mijn-account/facturen");
    await expect(page.getByRole("heading", { name: "Invoices" })).toBeVisible();
    await expect(rows(page).first()).toBeVisible({ timeout: 20_000 });
    await expect(page.locator("[data-total=open]")).toContainText("€");
    await expectNoSeriousViolations(page);
  });
});
