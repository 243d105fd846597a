import { test, type Page } from "@playwright/test";
import { signedInAs, testHook } from "./support/auth.ts";
import { selectAccount } from "./support/business.ts";

test.describe.configure({ timeout: 300_000 });
test.use({ storageState: async ({ browser }, provide) => provide(await signedInAs(browser, "hoofdgebruiker@example.com")) });

const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/pay-shots/${name}.png`, fullPage: true });

for (const lang of ["nl", "en"] as const) {
  for (const width of [390, 1280]) {
    test(`screens ${lang} ${width}`, async ({ page }) => {
      const prefix = lang === "en" ? "/en" : "";
      await page.setViewportSize({ width, height: 900 });
      await selectAccount(page, "100002");
      await page.goto(`${prefix}/mijn-account/facturen?status=overdue&sort=amountInclVat&order=asc`);
      await page.locator("[data-pay]").first().waitFor();
      await shot(page, `invoices-${lang}-${width}`);
      // Provider away: the message under the button.
      await testHook("POST", "payment-provider", { reachable: false });
      await page.locator("[data-pay]").first().click();
      await page.locator("[data-pay-message]").first().waitFor();
      await page.locator("[data-pay-message]").first().scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/pay-shots/unavailable-${lang}-${width}.png` });
      await testHook("POST", "payment-provider", { reachable: true, holdWebhooks: true });
      if (process.env["ONLY_LIST"]) return;
      const index = width === 390 ? (lang === "en" ? 2 : 1) : lang === "en" ? 4 : 3;
      await page.locator("[data-pay]").nth(index).click();
      await page.locator("[data-amount]").waitFor();
      await shot(page, `checkout-${lang}-${width}`);
      const checkout = page.url();
      await page.locator("button.pay").click();
      await page.locator("[data-payment-view=confirming]").waitFor();
      await shot(page, `status-confirming-${lang}-${width}`);
      await testHook("POST", "payment-provider/release");
      await page.locator("[data-payment-view=paid]").waitFor();
      await shot(page, `status-paid-${lang}-${width}`);
      // The checkout page of a finished payment.
      await page.goto(checkout);
      await shot(page, `checkout-done-${lang}-${width}`);
      // A failed one, with "pay again".
      await page.goto(`${prefix}/mijn-account/facturen?status=overdue&sort=amountInclVat&order=asc`);
      await page.locator("[data-pay]").nth(index + 4).click();
      await page.locator("[data-amount]").waitFor();
      const second = page.url();
      await page.getByRole("radio", { name: /Mislukt|Failed/ }).check();
      await page.locator("button.pay").click();
      await page.locator("[data-payment-view=confirming]").waitFor();
      await testHook("POST", "payment-provider/release");
      await page.locator("[data-payment-view=failed]").waitFor();
      await shot(page, `status-failed-${lang}-${width}`);
      // Unfinished: a new payment whose checkout tab was closed.
      await page.locator("[data-pay=retry]").click();
      await page.locator("[data-amount]").waitFor();
      const id = new URL(page.url()).pathname.split("/").at(-1);
      await page.goto(`${prefix}/mijn-account/facturen?status=overdue&sort=amountInclVat&order=asc`);
      await page.locator("[data-pay]").nth(index + 4).click();
      await page.locator("[data-payment-view=unfinished]").waitFor();
      await shot(page, `status-unfinished-${lang}-${width}`);
      void second;
      void id;
      await testHook("POST", "payment-provider", { holdWebhooks: false });
    });
  }
}
