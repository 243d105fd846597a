import { expect, type Locator, type Page } from "@playwright/test";

/**
 * Presses Tab (or Shift+Tab) until `target` has focus, as a keyboard user would, and fails when it
 * is not reached within `max` presses (so an element left out of the tab order is caught).
 */
export async function tabTo(page: Page, target: Locator, { max = 60, backwards = false } = {}): Promise<void> {
  const handle = await target.elementHandle({ timeout: 15_000 });
  for (let presses = 0; presses < max; presses++) {
    if (await handle?.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
  }
  if (await handle?.evaluate((element) => element === document.activeElement)) return;
  throw new Error(`${String(target)} was not reached with ${max} presses of ${backwards ? "Shift+Tab" : "Tab"}`);
}

/**
 * Asserts that the focused element shows where focus is: an outline of some width, or a box
 * shadow (WCAG 2.4.7), and is not hidden.
 */
export async function expectVisibleFocus(page: Page): Promise<void> {
  const focus = await page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return { visible: false, what: "nothing has focus" };
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0;
    const shadow = style.boxShadow !== "none";
    const box = element.getBoundingClientRect();
    return {
      visible: (outline || shadow) && box.width > 0 && box.height > 0,
      what: `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""} "${(element.textContent ?? "").trim().slice(0, 40)}"`,
    };
  });
  expect(focus.visible, `no visible focus indicator on ${focus.what}`).toBe(true);
}
