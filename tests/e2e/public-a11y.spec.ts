import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";

/** One page of every public route type, in both languages. */
const pages = [
  "/",
  "/en",
  "/over-ons",
  "/en/over-ons/geschiedenis",
  "/vacatures",
  "/nieuws",
  "/en/nieuws/duurzaamheid",
  "/nieuws/evenementen",
  "/nieuws/pagina/app-bestellen",
  "/nieuws/duurzaamheid/statiegeld-op-blik",
  "/en/nieuws/nieuws-algemeen/veiligheidstest",
  "/klant-worden",
  "/en/contact",
  "/vragen-tht",
  "/en/perfect-fit",
  "/403",
  "/en/bestaat-niet",
  "/500.html",
];

for (const path of pages) {
  test(`no serious or critical accessibility violations on ${path}`, async ({ page }) => {
    await page.goto(path);
    const results = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
      .analyze();
    const serious = results.violations.filter(
      (violation) => violation.impact === "serious" || violation.impact === "critical",
    );
    expect(
      serious.map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
      ),
    ).toEqual([]);
  });
}

test("no violations with the mobile menu and a sub menu open, nor with the form's errors shown", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/klant-worden");
  await page.locator("[data-burger]").click();
  await page.locator('[aria-controls="kp-sub-main-nieuws"]').click();
  for (const submit of await page.locator("form[data-contact-form] button[type=submit]").all())
    await submit.click();
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  expect(
    results.violations.filter(
      (violation) => violation.impact === "serious" || violation.impact === "critical",
    ),
  ).toEqual([]);
});

test("the modal dialog traps focus, closes on Escape and on the backdrop, and locks scrolling", async ({
  page,
}) => {
  await page.goto("/perfect-fit");
  const opener = page.getByRole("link", { name: "Plan een gesprek" });
  await opener.click();
  const dialog = page.getByRole("dialog", { name: "Plan een gesprek" });
  await expect(dialog).toBeVisible();
  await expect(page.locator("html")).toHaveClass(/kp-scroll-locked/);
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press("Tab");
    const inside = await page.evaluate(
      () => document.activeElement?.closest("dialog") !== null || document.activeElement === document.body,
    );
    expect(inside).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  await expect(page.locator("html")).not.toHaveClass(/kp-scroll-locked/);
  await opener.click();
  await page.mouse.click(3, 3);
  await expect(dialog).toBeHidden();
  await opener.click();
  await dialog.getByRole("button", { name: "Sluiten" }).click();
  await expect(dialog).toBeHidden();
});
