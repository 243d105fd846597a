import { expect as baseExpect, test, type Page } from "@playwright/test";
import { formatMoney } from "../../src/core/format.ts";
import { signedInAs, testHook } from "./support/auth.ts";
import { expectNoSeriousViolations, selectAccount } from "./support/business.ts";

/** The status page asks on a schedule (1 s, 2 s, 3 s, …): give it a few of those. */
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

test.use({
  storageState: async ({ browser }, provide) =>
    provide(await signedInAs(browser, "hoofdgebruiker@example.com")),
});

const figure = async (page: Page, name: string): Promise<string> =>
  (await page.locator(`[data-figure="${name}"]`).innerText()).trim();
const cents = (money: string): number =>
  Math.round(Number(money.replace(/[^\d,-]/g, "").replace(",", ".")) * 100);

/**
 * Paying an open invoice online, end to end against the stand-in provider: the invoices screen's
 * Pay button, the provider's hosted checkout (iDEAL first), back on the status page before the
 * webhook (it waits, never guessing), the webhook lands (paid), and the outstanding balance on the
 * dashboard is lower by the invoice's amount. 100002: 100001's figures are pinned by portal-figures.
 */
test("pay an overdue invoice: checkout, back before the webhook, paid, balance lowered", async ({ page }) => {
  await selectAccount(page, "100002");
  await testHook("POST", "payment-provider", { holdWebhooks: true });
  try {
    await page.goto("/mijn-account/dashboard");
    const before = cents(await figure(page, "outstanding-total"));

    await page.goto("/mijn-account/facturen?status=overdue&sort=amountInclVat&order=asc");
    const row = page.locator("[data-page=invoices] tbody tr").first();
    const number = (await row.locator("th").innerText()).trim();
    const amount = (await row.locator("td").nth(3).innerText()).trim();
    await row.getByRole("button", { name: `Factuur ${number} online betalen` }).click();

    // The provider's checkout: the amount, iDEAL first and chosen.
    await expect(page.getByRole("heading", { name: "Betalen" })).toBeVisible();
    await expect(page.locator("[data-amount]")).toHaveText(amount);
    await expect(page.getByRole("radio", { name: /iDEAL/ })).toBeChecked();
    await expect(page.getByRole("radio", { name: "Betaald" })).toBeChecked();
    await expectNoSeriousViolations(page);
    await page.getByRole("button", { name: `Betalen ${amount}` }).click();

    // Back before the webhook: the page waits for the confirmation and says so.
    await expect(page).toHaveURL(/\/mijn-account\/betaling\?id=pay_[^&]+&terug=1$/);
    await expect(page.locator("[data-payment-view]")).toHaveAttribute("data-payment-view", "confirming");
    await expect(
      page.getByRole("heading", { name: "Wij wachten op de bevestiging van uw bank" }),
    ).toBeVisible();

    await testHook("POST", "payment-provider/release");
    await expect(page.locator("[data-payment-view]")).toHaveAttribute("data-payment-view", "paid");
    await expect(page.getByRole("heading", { name: "Betaald, dank u wel" })).toBeVisible();
    await expect(page.locator('[data-figure="payment-amount"]')).toHaveText(amount);
    await expectNoSeriousViolations(page);

    await page.getByRole("link", { name: "Naar uw facturen" }).click();
    await expect(page.locator("[data-page=invoices] tbody tr").first()).toBeVisible();
    await page.goto(`/mijn-account/facturen?q=${number}`);
    const paidRow = page.locator(`[data-page=invoices] tr[data-invoice="${number}"]`);
    await expect(paidRow.locator(".kp-badge")).toHaveText("Betaald");
    await expect(paidRow.locator("[data-pay]")).toHaveCount(0);
    await page.goto("/mijn-account/dashboard");
    await expect
      .poll(async () => cents(await figure(page, "outstanding-total")))
      .toBe(before - cents(amount));
    expect(formatMoney(before - cents(amount), "nl")).toBe(await figure(page, "outstanding-total"));
  } finally {
    await testHook("POST", "payment-provider", { holdWebhooks: false });
  }
});
