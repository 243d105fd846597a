import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** Helpers of the business screens' browser tests (tests/e2e/business-*.spec.ts). */

/** Makes `accountNumber` the selected account before any page script runs (as the account switch would). */
export async function selectAccount(page: Page, accountNumber: string): Promise<void> {
  await page.addInitScript((value) => window.localStorage.setItem("selectedAccount", value), accountNumber);
}

/** Serious and critical axe violations of the page as it is now (WCAG 2.2 AA tags). */
export async function expectNoSeriousViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  const serious = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** Saves the next download of the page (started by `trigger`) and returns its name and bytes. */
export async function download(page: Page, trigger: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent("download"), trigger()]);
  const stream = await file.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return { name: file.suggestedFilename(), bytes: Buffer.concat(chunks) };
}
