import { expect as baseExpect, test, type Page } from "@playwright/test";
import { signedInAs } from "./support/auth.ts";

/** Screens load several calls on a machine shared by many test runs: wait a little longer than the default. */
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

/**
 * One truth per figure: the contract (number, dates, duration, remaining term) and what is
 * outstanding read the same on every screen that shows them, in both languages.
 */
const figure = (page: Page, name: string) => page.locator(`[data-figure="${name}"]`);

async function figuresOn(page: Page, path: string, names: string[]): Promise<Record<string, string>> {
  await page.goto(path);
  const read: Record<string, string> = {};
  for (const name of names) {
    await expect(figure(page, name)).toHaveText(/\S/);
    read[name] = (await figure(page, name).innerText()).trim();
  }
  return read;
}

test.use({
  storageState: async ({ browser }, provide) => provide(await signedInAs(browser, "hoofdgebruiker@example.com")),
});

for (const prefix of ["", "/en"]) {
  test(`the contract and the outstanding amount agree across screens (${prefix || "nl"})`, async ({ page }) => {
    const dashboard = await figuresOn(page, `${prefix}/mijn-account/dashboard`, [
      "contract-number",
      "contract-end",
      "contract-remaining",
      "outstanding-total",
    ]);
    const contract = await figuresOn(page, `${prefix}/mijn-account/swo`, [
      "contract-number",
      "contract-start",
      "contract-end",
      "contract-duration",
      "contract-remaining",
    ]);
    const account = await figuresOn(page, `${prefix}/mijn-account/account`, [
      "contract-number",
      "contract-start",
      "contract-end",
      "contract-duration",
    ]);
    const invoices = await figuresOn(page, `${prefix}/mijn-account/facturen`, ["outstanding-total"]);

    expect(contract["contract-number"]).toBe("SWO-2024-0117");
    expect(dashboard["contract-number"]).toBe(contract["contract-number"]);
    expect(account["contract-number"]).toBe(contract["contract-number"]);
    expect(dashboard["contract-end"]).toBe(contract["contract-end"]);
    expect(account["contract-end"]).toBe(contract["contract-end"]);
    expect(account["contract-start"]).toBe(contract["contract-start"]);
    expect(account["contract-duration"]).toBe(contract["contract-duration"]);
    expect(dashboard["contract-remaining"]).toBe(contract["contract-remaining"]);
    expect(invoices["outstanding-total"]).toBe(dashboard["outstanding-total"]);
  });
}
