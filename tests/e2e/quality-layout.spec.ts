import { expect, test, type Locator, type Page } from "@playwright/test";
import { signedInAs } from "./support/auth.ts";
import {
  MAIN_USER,
  PORTAL_ROUTES,
  PUBLIC_ROUTES,
  inLang,
  resize,
  screenReady,
  type Lang,
} from "./support/screens.ts";

/**
 * Reflow (WCAG 1.4.10) on every route, in both languages, from a small phone to a wide laptop: the
 * page is never wider than the screen; open overlays (the menus, the account panel, dialogs) lie
 * inside the screen with every action in them reachable (a table row's action menu too); on phones
 * every table row fits the screen, so its main action (download, status, actions) is visible
 * without scrolling sideways. One page per route: the viewport is resized within it.
 */

test.describe.configure({ timeout: 90_000 });

/** Width × height of the screens people use, from a small phone to a wide laptop. */
const SIZES = [
  { width: 320, height: 640 },
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1024, height: 768 },
  { width: 1280, height: 800 },
  { width: 1366, height: 768 },
  { width: 1440, height: 900 },
] as const;

/** Below this width tables are stacked cards. */
const PHONE_MAX = 767;

type Size = (typeof SIZES)[number];
const at = (size: Size): string => `${size.width}×${size.height}`;

/**
 * How much wider than the screen the page is, and the outermost elements that stick out (an
 * element inside a box that clips or scrolls sideways does not widen the page and is not named).
 */
async function pageOverflow(page: Page): Promise<string | undefined> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth <= width) return undefined;
    const name = (element: Element): string =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}${[...element.classList].map((c) => `.${c}`).join("")}`;
    const culprits: string[] = [];
    const sticksOut = (element: Element): boolean => {
      const rect = element.getBoundingClientRect();
      return rect.width > 0 && rect.right > width + 0.5;
    };
    const walk = (element: Element): void => {
      for (const child of element.children) {
        const style = getComputedStyle(child);
        if (style.display !== "contents" && sticksOut(child)) {
          culprits.push(`${name(child)} (right edge at ${Math.round(child.getBoundingClientRect().right)})`);
          continue;
        }
        if (style.overflowX === "visible" || style.display === "contents") walk(child);
        else
          // A box that clips or scrolls holds its content, except what is positioned against a box outside it.
          for (const inner of child.querySelectorAll("*"))
            if (["absolute", "fixed"].includes(getComputedStyle(inner).position) && sticksOut(inner))
              culprits.push(
                `${name(inner)}, positioned (right edge at ${Math.round(inner.getBoundingClientRect().right)})`,
              );
      }
    };
    walk(document.body);
    return `page ${scrollWidth - width} px wider than the screen: ${culprits.slice(0, 5).join(", ")}`;
  });
}

/** Table rows wider than a phone's screen, or hidden in a box that scrolls sideways. */
async function tableOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const found: string[] = [];
    for (const table of document.querySelectorAll("main table")) {
      if (table.getClientRects().length === 0) continue;
      const label =
        table.querySelector("caption")?.textContent?.trim() || table.getAttribute("data-table") || "a table";
      for (const cell of table.querySelectorAll("tbody th, tbody td")) {
        const rect = cell.getBoundingClientRect();
        if (rect.width === 0) continue;
        if (rect.left < -0.5 || rect.right > width + 0.5) {
          found.push(
            `${label}: a cell runs off the screen (${Math.round(rect.left)}…${Math.round(rect.right)})`,
          );
          break;
        }
      }
      const scroller = table.parentElement;
      if (scroller && scroller.scrollWidth > scroller.clientWidth + 1)
        found.push(`${label}: scrolls sideways (${scroller.scrollWidth} > ${scroller.clientWidth})`);
    }
    return found;
  });
}

/**
 * Back to the top at once. The site scrolls smoothly (`scroll-behavior`), so a plain `scrollTo`
 * would still be moving when the next overlay opens, and where that overlay lands would depend on
 * the moment.
 */
async function scrollToTop(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollTo({ top: 0, left: 0, behavior: "instant" }));
}

/**
 * Problems of an open overlay: its box outside the screen's width, or an action in it (matching
 * `actions`) that cannot be brought into view: scrolled to, it must lie inside the screen and be the
 * element hit at its place. One round trip per overlay.
 */
async function overlayProblems(name: string, overlay: Locator, actions: string): Promise<string[]> {
  if ((await overlay.count()) === 0) return [`${name}: not found`];
  return overlay.evaluate(
    (box, { name, actions }) => {
      const problems: string[] = [];
      const width = window.innerWidth;
      const rect = box.getBoundingClientRect();
      if (rect.width === 0) return [`${name}: not shown`];
      if (rect.left < -0.5 || rect.right > width + 0.5)
        problems.push(
          `${name}: runs off the screen (${Math.round(rect.left)}…${Math.round(rect.right)} of ${width})`,
        );
      for (const action of box.querySelectorAll<HTMLElement>(actions)) {
        if (action.getClientRects().length === 0 || getComputedStyle(action).visibility === "hidden")
          continue;
        // At once: the site scrolls smoothly, and a hit test mid-way would see the page moving.
        action.scrollIntoView({ block: "nearest", inline: "nearest", behavior: "instant" });
        const place = action.getBoundingClientRect();
        const x = place.left + place.width / 2;
        const y = place.top + Math.min(place.height / 2, 10);
        const inside = x >= 0 && x <= width && y >= 0 && y <= window.innerHeight;
        const hit = inside ? document.elementFromPoint(x, y) : null;
        if (!hit || !(action === hit || action.contains(hit) || hit.contains(action)))
          problems.push(`${name}: '${action.innerText.trim()}' cannot be reached`);
      }
      return problems;
    },
    { name, actions },
  );
}

/** Opens the phone menu (burger) or the desktop's first sub menu; checks it and closes it again. */
async function menuProblems(page: Page): Promise<string[]> {
  const burger = page.locator("[data-burger]");
  if ((await burger.count()) === 0) return [];
  const problems: string[] = [];
  if (await burger.isVisible()) {
    await burger.click();
    await expect(burger).toHaveAttribute("aria-expanded", "true");
    problems.push(
      ...(await overlayProblems("menu", page.locator("#kp-nav"), ".kp-menu__link, .kp-topmenu__link")),
    );
    await burger.click();
    await expect(burger).toHaveAttribute("aria-expanded", "false");
  } else {
    const toggle = page.locator('.kp-nav__main [aria-controls^="kp-sub-"]').first();
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    const sub = page.locator(`#${await toggle.getAttribute("aria-controls")}`);
    problems.push(...(await overlayProblems("sub menu", sub, "a")));
    await page.keyboard.press("Escape");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
  }
  await scrollToTop(page);
  return problems;
}

/** Opens the account panel, checks it (sign-out included) and closes it again. */
async function accountPanelProblems(page: Page): Promise<string[]> {
  const toggle = page.locator(".kp-account__toggle");
  if ((await toggle.count()) === 0) return [];
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  const panel = page.locator(`#${await toggle.getAttribute("aria-controls")}`);
  const problems = await overlayProblems("account panel", panel, "a, button");
  await page.keyboard.press("Escape");
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await scrollToTop(page);
  return problems;
}

/**
 * Opens the last row's action menu (the row nearest the bottom, where a menu most easily runs off
 * the screen), checks it, and closes it with Escape, which must return focus to its button.
 */
async function rowMenuProblems(page: Page): Promise<string[]> {
  const toggle = page.locator(".kp-row-menu__button").last();
  if ((await toggle.count()) === 0) return [];
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  const problems = await overlayProblems("row menu", page.locator(`[id="${await toggle.getAttribute("aria-controls")}"]`), "button");
  await page.keyboard.press("Escape");
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(toggle).toBeFocused();
  await scrollToTop(page);
  return problems;
}

/** Opens a dialog with `open`, checks it and closes it with Escape. */
async function dialogProblems(page: Page, name: string, open: () => Promise<void>): Promise<string[]> {
  await open();
  const dialog = page.locator("dialog[open]");
  await expect(dialog).toBeVisible();
  const problems = await overlayProblems(name, dialog, "a, button, input, select, textarea");
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  return problems;
}

/** The dialogs a route opens, as [name, how to open it] pairs. */
function dialogsOf(page: Page, route: string): [string, () => Promise<void>][] {
  if (route === "/perfect-fit") return [["conversation dialog", () => page.locator("[data-dialog-open]").first().click()]];
  if (route === "/mijn-account/gebruikers")
    return [
      [
        "remove dialog",
        async () => {
          const removable = page.locator("tr[data-user]:has(.kp-row-menu__item--danger)").first();
          await removable.locator(".kp-row-menu__button").click();
          await removable.locator(".kp-row-menu__item--danger").click();
        },
      ],
    ];
  return [];
}

/** Every check of one route at every size; the problems found, one readable line each. */
async function layoutProblems(page: Page, route: string, withOverlays: boolean): Promise<string[]> {
  const problems: string[] = [];
  for (const size of SIZES) {
    await resize(page, size);
    const overflow = await pageOverflow(page);
    if (overflow) problems.push(`${at(size)}: ${overflow}`);
    if (size.width <= PHONE_MAX)
      problems.push(...(await tableOverflow(page)).map((line) => `${at(size)}: ${line}`));
    const overlays = [
      ...(withOverlays ? await menuProblems(page) : []),
      ...(withOverlays ? await accountPanelProblems(page) : []),
      ...(await rowMenuProblems(page)),
    ];
    for (const [name, opener] of dialogsOf(page, route))
      overlays.push(...(await dialogProblems(page, name, opener)));
    problems.push(...overlays.map((line) => `${at(size)}: ${line}`));
  }
  return problems;
}

for (const lang of ["nl", "en"] as const satisfies Lang[]) {
  test.describe(`public pages (${lang})`, () => {
    for (const route of PUBLIC_ROUTES) {
      const path = inLang(lang, route);
      test(`${path} fits every screen`, async ({ page }) => {
        await resize(page, SIZES[0]);
        await page.goto(path);
        await screenReady(page, { portal: false });
        // The header and its menus are the same on every public page: their overlays are checked on the home page.
        expect(await layoutProblems(page, route, route === "/")).toEqual([]);
      });
    }
  });

  test.describe(`portal screens signed in (${lang})`, () => {
    test.use({ storageState: async ({ browser }, provide) => provide(await signedInAs(browser, MAIN_USER)) });
    for (const route of PORTAL_ROUTES) {
      const path = inLang(lang, route);
      test(`${path} fits every screen`, async ({ page }) => {
        await resize(page, SIZES[0]);
        await page.goto(path);
        await screenReady(page, { portal: true });
        expect(await layoutProblems(page, route, route === "/mijn-account/dashboard")).toEqual([]);
      });
    }
  });
}

test("the check catches a planted fault: an element wider than a phone", async ({ page }) => {
  await resize(page, SIZES[0]);
  await page.goto("/contact");
  await screenReady(page, { portal: false });
  expect(await pageOverflow(page)).toBeUndefined();
  await page.locator("main").evaluate((main) => {
    const wide = document.createElement("div");
    wide.className = "kp-planted";
    wide.style.width = "400px";
    wide.style.height = "1px";
    main.append(wide);
  });
  expect(await pageOverflow(page)).toMatch(/80 px wider than the screen: .*div\.kp-planted/);
});
