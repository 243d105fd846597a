import { test } from "@playwright/test";
import { signedInAs } from "./support/auth.ts";
import { selectAccount } from "./support/business.ts";
test.use({ storageState: async ({ browser }, provide) => provide(await signedInAs(browser, "hoofdgebruiker@example.com")) });
test("measure", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await selectAccount(page, "100002");
  for (const lang of ["", "/en"]) {
    await page.goto(`${lang}/mijn-account/facturen?status=overdue`);
    await page.locator("[data-pay]").first().waitFor();
    console.log(await page.evaluate(() => {
      const wrap = document.querySelector(".kp-table-wrap") as HTMLElement;
      const ths = [...document.querySelectorAll(".kp-table thead th")].map((th) => Math.round(th.getBoundingClientRect().width));
      return JSON.stringify({ client: wrap.clientWidth, scroll: wrap.scrollWidth, ths, pad: getComputedStyle(document.querySelector(".kp-table td")!).padding });
    }));
  }
});
