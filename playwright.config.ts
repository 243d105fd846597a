import { defineConfig, devices } from "@playwright/test";
import { chromiumExecutable } from "./tests/e2e/support/browser.ts";

const executablePath = chromiumExecutable();

export default defineConfig({
  testDir: "./tests/e2e",
  globalSetup: "./tests/e2e/support/global-setup.ts",
  fullyParallel: true,
  forbidOnly: true,
  workers: process.env["CI"] ? 2 : 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env["CI"] ? [["list"]] : [["list"]],
  use: {
    baseURL: process.env["KP_SITE_URL"],
    trace: "retain-on-failure",
    // Scrolling is instant: with the site's smooth scrolling a layout or accessibility check could
    // measure a page still moving (a link half under the sticky header read as too small a target).
    reducedMotion: "reduce",
    launchOptions: {
      ...(executablePath ? { executablePath } : {}),
      args: ["--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
});
