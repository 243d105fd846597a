/**
 * `npm run screens`: a full-page capture of every screen, public and signed in, at a phone's width
 * (390 px) and a laptop's (1280 px), in Dutch and English, into `screenshots/` (not versioned), to
 * look at screens as a customer would. Also the provider's sign-in page and the overlays: the
 * phone menu, the desktop sub menu and the account panel open.
 *
 * Against KP_SITE_URL when set (signing in on whatever provider it uses), else it starts the tests'
 * stack on its own ports (KP_TEST_PORT_BASE, default 7600) and stops it afterwards. With
 * `KP_REUSE_BUILD=1` that stack serves its last build instead of building again.
 *
 *   npm run screens [-- --only facturen]   # only the routes whose path contains the text
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { chromium, type BrowserContext, type Page } from "@playwright/test";
import { chromiumExecutable } from "../tests/e2e/support/browser.ts";
import {
  MAIN_USER,
  PORTAL_ROUTES,
  PUBLIC_ROUTES,
  inLang,
  resize,
  screenReady,
  slugOf,
  type Lang,
} from "../tests/e2e/support/screens.ts";
import { DEMO_PASSWORD } from "./lib/stack-config.ts";

const root = path.resolve(import.meta.dirname, "..");
const OUT = path.join(root, "screenshots");
const WIDTHS = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 800 },
] as const;

type Width = (typeof WIDTHS)[number];
type Stack = { site: string; stop: () => Promise<void> };

/** The running site, or the tests' stack started for these captures. */
async function stack(): Promise<Stack> {
  const site = process.env["KP_SITE_URL"];
  if (site) return { site, stop: () => Promise.resolve() };
  const child = spawn(process.execPath, [path.join(root, "dev/start.ts"), "--test"], {
    cwd: root,
    env: {
      ...process.env,
      KP_TEST_PORT_BASE: process.env["KP_TEST_PORT_BASE"] ?? "7600",
      NODE_NO_WARNINGS: "1",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const ready = await waitForReady(child);
  return {
    site: ready.site,
    stop: async () => {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    },
  };
}

function waitForReady(child: ChildProcess): Promise<{ site: string }> {
  return new Promise((resolve, reject) => {
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /KP_READY (\{.*\})/.exec(output);
      if (match?.[1]) resolve(JSON.parse(match[1]) as { site: string });
    });
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) =>
      reject(new Error(`The stack exited (${code}) before it was ready:\n${output.slice(-4000)}`)),
    );
  });
}

/** `<lang>-<phone|desktop>-<screen>.png` in the output folder. */
const fileFor = (lang: Lang, width: Width, name: string): string =>
  path.join(OUT, `${lang}-${width.name}-${name}.png`);

async function capture(page: Page, file: string): Promise<void> {
  await page.screenshot({ path: file, fullPage: true, animations: "disabled" });
  console.log(path.relative(root, file));
}

/** Signs the main user in through the provider's page, capturing that page on the way. */
async function signIn(context: BrowserContext, lang: Lang): Promise<void> {
  const page = await context.newPage();
  for (const width of WIDTHS) {
    await resize(page, width);
    await page.goto(inLang(lang, "/inloggen"));
    await page.locator("#email").waitFor({ timeout: 30_000 });
    await capture(page, fileFor(lang, width, "sign-in"));
  }
  await page.locator("#email").fill(MAIN_USER);
  await page.locator("#password").fill(DEMO_PASSWORD);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname.endsWith("/mijn-account/dashboard"), { timeout: 30_000 });
  await page.close();
}

/** The visible part of the screen, for overlays (a full-page capture would resize the page and close them). */
async function captureView(page: Page, file: string): Promise<void> {
  await page.screenshot({ path: file, animations: "disabled" });
  console.log(path.relative(root, file));
}

/** The header's menu open: the burger's panel on a phone, the first sub menu on a desktop. */
async function captureMenu(page: Page, lang: Lang, width: Width): Promise<void> {
  const burger = page.locator("[data-burger]");
  const toggle = (await burger.isVisible())
    ? burger
    : page.locator('.kp-nav__main [aria-controls^="kp-sub-"]').first();
  await toggle.click();
  await toggle.and(page.locator('[aria-expanded="true"]')).waitFor();
  await captureView(page, fileFor(lang, width, "home-menu-open"));
  await page.keyboard.press("Escape");
}

async function captureAccountPanel(page: Page, lang: Lang, width: Width): Promise<void> {
  const toggle = page.locator(".kp-account__toggle");
  await toggle.click();
  await toggle.and(page.locator('[aria-expanded="true"]')).waitFor();
  await captureView(page, fileFor(lang, width, "dashboard-account-panel"));
  await page.keyboard.press("Escape");
}

/** Every screen of one language, public ones first, then signed in. */
async function captureLanguage(context: BrowserContext, lang: Lang, only: string | undefined): Promise<void> {
  const wanted = (route: string): boolean => !only || route.includes(only);
  const page = await context.newPage();
  for (const width of WIDTHS) {
    await resize(page, width);
    for (const route of PUBLIC_ROUTES.filter(wanted)) {
      await page.goto(inLang(lang, route));
      await screenReady(page, { portal: false });
      await capture(page, fileFor(lang, width, slugOf(route)));
      if (route === "/") await captureMenu(page, lang, width);
    }
  }
  if (!PORTAL_ROUTES.some(wanted)) return;
  await signIn(context, lang);
  for (const width of WIDTHS) {
    await resize(page, width);
    for (const route of PORTAL_ROUTES.filter(wanted)) {
      await page.goto(inLang(lang, route));
      await screenReady(page, { portal: true });
      await capture(page, fileFor(lang, width, slugOf(route)));
      if (route === "/mijn-account/dashboard") await captureAccountPanel(page, lang, width);
    }
  }
}

async function main(): Promise<void> {
  const onlyIndex = process.argv.indexOf("--only");
  const only = onlyIndex > 0 ? process.argv[onlyIndex + 1] : undefined;
  if (!only) await rm(OUT, { recursive: true, force: true });
  await mkdir(OUT, { recursive: true });
  const running = await stack();
  const executablePath = chromiumExecutable();
  const browser = await chromium.launch(executablePath ? { executablePath } : {});
  try {
    // One browser context (cookies, storage) per language, both at once.
    await Promise.all(
      (["nl", "en"] as const).map(async (lang) => {
        const context = await browser.newContext({ baseURL: running.site });
        try {
          await captureLanguage(context, lang, only);
        } finally {
          await context.close();
        }
      }),
    );
  } finally {
    await browser.close();
    await running.stop();
  }
  console.log(`screens in ${path.relative(process.cwd(), OUT) || "."}/`);
}

await main();
