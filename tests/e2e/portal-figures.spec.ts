import { expect as baseExpect, test, type Page } from "@playwright/test";
import { signedInAs, testHook } from "./support/auth.ts";

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

/**
 * The review's day: "today" of the stand-in's business rules is 27-11-2026, so the overdue figure is
 * exact whenever the test runs. Serial, so the date is put back only after both languages ran.
 */
test.describe.configure({ mode: "serial" });
test.beforeAll(async () => {
  await testHook("POST", "business-date", { date: "2026-11-27" });
});
test.afterAll(async () => {
  await testHook("POST", "business-date", {});
});

/** The amount in a figure's text ("waarvan € 9.661,62 vervallen" -> "€ 9.661,62"). */
const amountIn = (text: string | undefined): string =>
  /-?€\s?-?[\d.,]+/.exec((text ?? "").replace(/\u00a0/g, " "))?.[0] ?? `no amount in "${text}"`;

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
      "outstanding-overdue",
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
    const invoices = await figuresOn(page, `${prefix}/mijn-account/facturen`, ["outstanding-total", "outstanding-overdue"]);
    // Due 16-11-2026 and unpaid: overdue on the 27th, whatever word was stored; the credit note never is.
    const overdueWord = prefix ? "Overdue" : "Vervallen";
    await expect(page.locator('[data-invoice="91000059"] .kp-badge')).toHaveText(overdueWord);
    await expect(page.locator('[data-invoice="91000041"] .kp-badge')).not.toHaveText(overdueWord);

    expect(contract["contract-number"]).toBe("SWO-2024-0117");
    expect(dashboard["contract-number"]).toBe(contract["contract-number"]);
    expect(account["contract-number"]).toBe(contract["contract-number"]);
    expect(dashboard["contract-end"]).toBe(contract["contract-end"]);
    expect(account["contract-end"]).toBe(contract["contract-end"]);
    expect(account["contract-start"]).toBe(contract["contract-start"]);
    expect(account["contract-duration"]).toBe(contract["contract-duration"]);
    expect(dashboard["contract-remaining"]).toBe(contract["contract-remaining"]);
    expect(invoices["outstanding-total"]).toBe(dashboard["outstanding-total"]);
    // 91000042, -48, -56, -57 and -59, past due and unpaid on 27-11-2026; not the credit note 91000041.
    expect(amountIn(invoices["outstanding-overdue"])).toBe(prefix ? "€9,661.62" : "€ 9.661,62");
    expect(amountIn(dashboard["outstanding-overdue"])).toBe(amountIn(invoices["outstanding-overdue"]));
  });
}
