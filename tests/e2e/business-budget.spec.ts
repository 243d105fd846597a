import { gzipSync } from "node:zlib";
import { expect, test, type Page, type Response } from "@playwright/test";
import { signedInAs } from "./support/auth.ts";

// Screens load through sign-in, accounts and the API on a machine shared with other runs: allow time.
test.describe.configure({ timeout: 90_000 });

test.use({ storageState: async ({ browser }, provide) => provide(await signedInAs(browser, "hoofdgebruiker@example.com")) });

/** Each business screen's own code may add at most this much (gzip) to the shared portal code. */
const BUDGET_BYTES = 30 * 1024;

const screens = [
  { path: "/mijn-account/facturen", ready: "[data-page=invoices] table" },
  { path: "/mijn-account/documenten", ready: "[data-page=documents] table" },
  { path: "/mijn-account/leveringen", ready: "[data-page=deliveries] [data-delivery]" },
  { path: "/mijn-account/emballage", ready: "[data-page=empties] table" },
  { path: "/mijn-account/service", ready: "[data-page=service] [data-request]" },
  { path: "/mijn-account/bonus-overzicht", ready: "svg[data-chart=tiers]" },
  { path: "/mijn-account/swo", ready: "svg[data-chart=volumes]" },
  { path: "/tht", ready: "form[data-form=tht]" },
  { path: "/bonus/periode", ready: "[data-step=periode]" },
];

/** The chunks a token renewal loads (src/core/auth: oidc-flows.ts, oidc-client-ts, id-token.ts with jose). */
const RENEWAL_CHUNK = /\/(?:oidc-flows|oidc-client-ts|id-token)\.[\w-]+\.js$/;

/** The site's scripts a page loads, with their gzip sizes. */
async function scriptsOf(page: Page, path: string, ready: string): Promise<Map<string, number>> {
  const scripts = new Map<string, number>();
  const pending: Promise<void>[] = [];
  const listener = (response: Response) => {
    const url = new URL(response.url());
    if (url.origin !== process.env["KP_SITE_URL"] || !url.pathname.endsWith(".js") || response.status() !== 200) return;
    // A renewal can reload the page while a script's body is still being read; that script is then
    // read again on the next load, so the lost read is skipped rather than failing the measurement.
    pending.push(response.body().then((body) => void scripts.set(url.pathname, gzipSync(body).length), () => undefined));
  };
  page.on("response", listener);
  await page.goto(path);
  await expect(page.locator(ready).first()).toBeVisible({ timeout: 30_000 });
  page.off("response", listener);
  await Promise.all(pending);
  return scripts;
}

test("each business screen adds at most 30 KB gzip to the shared portal code, loaded only on its route", async ({ page }) => {
  const shared = await scriptsOf(page, "/mijn-account/dashboard", "[data-welcome]");
  const own = new Map<string, string[]>();
  for (const screen of screens) {
    const scripts = await scriptsOf(page, screen.path, screen.ready);
    // A token renewal loads the sign-in library, its flows and the token checks on whatever page is
    // open when it happens: the shell's code (lazily loaded), never a screen's own.
    const extra = [...scripts].filter(([url]) => !shared.has(url) && !RENEWAL_CHUNK.test(url));
    own.set(screen.path, extra.map(([url]) => url));
    const bytes = extra.reduce((sum, [, size]) => sum + size, 0);
    expect(bytes, `${screen.path}: ${extra.map(([url, size]) => `${url} ${size}`).join(", ")}`).toBeLessThanOrEqual(BUDGET_BYTES);
  }
  // A screen's entry chunk is loaded on its own route only.
  for (const [path, urls] of own) {
    const entry = urls.find((url) => /Island\.[\w-]+\.js$/.test(url));
    expect(entry, path).toBeDefined();
    for (const [other, otherUrls] of own) if (other !== path) expect(otherUrls, `${entry} on ${other}`).not.toContain(entry);
  }
});
