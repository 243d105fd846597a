import { expect as baseExpect, test, type Page } from "@playwright/test";
import { signedInAs } from "./support/auth.ts";
import { inLang, PORTAL_ROUTES, screenReady } from "./support/screens.ts";

/**
 * The signed-in dashboard at a phone's width does not move while it loads (Lighthouse's CLS): the
 * header keeps the account toggle's place from the first paint, and the page's skeletons have the
 * size of the loaded blocks. Likewise the bonus tool: its loading state has the title, the steps and
 * the step's heading where the loaded tool puts them. Every other portal screen likewise, until
 * it is ready: a block further down shows once the block above it has answered, so that block's
 * growth from its loading lines moves nothing a phone already showed. Layout shifts are summed with a
 * PerformanceObserver from the first paint until the page has loaded (on the dashboard every block
 * and the account toggle with its unread count). The portal's API answers are held back a little,
 * so the loading states are always painted before the content.
 */

/** Loading several calls on a machine shared by many test runs: wait a little longer than the default. */
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 90_000 });

/** Lighthouse's threshold of a good CLS. */
const GOOD_CLS = 0.1;
/** How long each API answer is held back. */
const API_DELAY_MS = 400;

test.use({
  viewport: { width: 412, height: 823 },
  storageState: async ({ browser }, provide) =>
    provide(await signedInAs(browser, "hoofdgebruiker@example.com")),
});

type Shift = { value: number; sources: string[] };

async function shiftsWhileLoading(page: Page, path: string, loaded: () => Promise<void>): Promise<Shift[]> {
  await page.addInitScript(() => {
    const shifts: { value: number; sources: string[] }[] = [];
    (window as unknown as { kpShifts: typeof shifts }).kpShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
        sources: { node?: Node | null }[];
      }[]) {
        if (entry.hadRecentInput) continue;
        const sources = entry.sources.map((source) => {
          const node = source.node;
          return node instanceof Element
            ? `${node.tagName.toLowerCase()}.${[...node.classList].join(".")}`
            : String(node?.nodeName);
        });
        shifts.push({ value: entry.value, sources });
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  await page.route(/\/contentfulservice\/api\/v1\//, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, API_DELAY_MS));
    await route.fallback();
  });
  await page.goto(path);
  await loaded();
  // What comes after (the dashboard toggle's unread count, with the notifications) has come when the network is idle.
  await page.waitForLoadState("networkidle");
  // Let the last frames render and their shifts be reported.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await page.waitForTimeout(250);
  return page.evaluate(() => (window as unknown as { kpShifts: Shift[] }).kpShifts);
}

/** The shifts of one load add up to less than Lighthouse's good CLS; a failure lists them. */
function expectSteady(shifts: Shift[]): void {
  const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
  expect(total, JSON.stringify(shifts, null, 1)).toBeLessThan(GOOD_CLS);
}

for (const path of ["/mijn-account/dashboard", "/en/mijn-account/dashboard"]) {
  test(`${path} does not shift while it loads at a phone's width`, async ({ page }) => {
    const shifts = await shiftsWhileLoading(page, path, async () => {
      for (const name of ["contacts", "notifications", "invoices", "contract"]) {
        await expect(page.locator(`[data-block="${name}"]`)).toHaveAttribute("data-state", "ready");
      }
      await expect(page.locator(".kp-account__toggle")).toBeVisible();
    });
    expectSteady(shifts);
  });
}

for (const path of ["/bonus", "/en/bonus"]) {
  test(`the bonus tool at ${path} does not shift while it loads at a phone's width`, async ({ page }) => {
    const shifts = await shiftsWhileLoading(page, path, async () => {
      await expect(page.locator('[data-block="wizard"]')).toHaveAttribute("data-state", "ready");
    });
    expectSteady(shifts);
  });
}

/** The screens above have tests of their own, which wait for their blocks by name. */
const OWN_TESTS: readonly string[] = ["/mijn-account/dashboard", "/bonus"];

for (const lang of ["nl", "en"] as const) {
  for (const route of PORTAL_ROUTES.filter((each) => !OWN_TESTS.includes(each))) {
    const path = inLang(lang, route);
    test(`${path} does not shift while it loads at a phone's width`, async ({ page }) => {
      const shifts = await shiftsWhileLoading(page, path, () => screenReady(page, { portal: true }));
      expectSteady(shifts);
    });
  }
}
