import { expect, test } from "@playwright/test";
import { gzipSync } from "node:zlib";
import { BUDGETS } from "../../dev/lib/budgets.ts";

/**
 * Budgets of an anonymous visitor's article page: no React, at most 5 KB gzip of JavaScript,
 * at most 40 KB gzip of HTML, CSS and fonts (the typeface counts), and nothing inline that the CSP
 * (`script-src 'self'`) would block.
 */
test("an article page stays within its budgets and needs no inline script or style", async ({ page }) => {
  const bodies: { url: string; type: string; size: number }[] = [];
  page.on("response", async (response) => {
    const type = response.request().resourceType();
    if (!["document", "script", "stylesheet", "font"].includes(type)) return;
    if (!response.url().startsWith(new URL(page.url() || response.url()).origin)) return;
    bodies.push({ url: response.url(), type, size: gzipSync(await response.body()).length });
  });
  await page.goto("/nieuws/duurzaamheid/statiegeld-op-blik");
  await page.waitForLoadState("networkidle");
  const js = bodies.filter((body) => body.type === "script");
  const weight = bodies.filter((body) => body.type !== "script");
  const sum = (list: typeof bodies): number => list.reduce((total, body) => total + body.size, 0);
  const listed = (list: typeof bodies): string => list.map((body) => `${body.type} ${body.url} ${body.size}`).join("\n");
  expect(sum(js), listed(js)).toBeLessThanOrEqual(BUDGETS.articleJs);
  // The typeface is preloaded on every page, so it must be among what was counted.
  expect(weight.some((body) => body.type === "font"), listed(weight)).toBe(true);
  expect(sum(weight), listed(weight)).toBeLessThanOrEqual(BUDGETS.articleWeight);
  expect(js.some((body) => /react|client\.[\w-]+\.js/i.test(body.url))).toBe(false);
  // Structured data (JSON-LD) is a data block the browser never runs, so the CSP has nothing to block there.
  expect(await page.locator('script:not([src]):not([type="application/ld+json"])').count()).toBe(0);
  expect(await page.locator("style, [style]").count()).toBe(0);
});

test("the page does not shift when the signed-in variant is shown", async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem("kp_signed_in", "1");
    (window as unknown as { shifts: number }).shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) (window as unknown as { shifts: number }).shifts += (entry as unknown as { value: number }).value;
    }).observe({ type: "layout-shift", buffered: true });
  });
  // A hint without a session is dropped by the account panel; here only the first paint matters.
  await page.route(/\/_astro\/.+\.js$/, (route) => route.abort());
  await page.goto("/nieuws/duurzaamheid/statiegeld-op-blik");
  await page.waitForLoadState("networkidle");
  const shifts = await page.evaluate(() => (window as unknown as { shifts: number }).shifts);
  expect(shifts).toBeLessThan(0.01);
});
