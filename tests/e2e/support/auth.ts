import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { expect, type Browser, type Page } from "@playwright/test";
import { DEMO_PASSWORD } from "../../../dev/lib/stack-config.ts";

/**
 * Signing in for browser tests, through the stand-in's real login page. `signIn` does it inside a
 * test; `signedInAs` signs a demo user in once per run and caches the storage state (tokens in
 * localStorage, the provider's session cookie, the sign-in hint) in the run's test data folder.
 */

const root = path.resolve(import.meta.dirname, "../../..");
/** Inside the test stack's data folder, which the global setup wipes at the start of every run (with the keys). */
const stateDir = path.join(root, ".test-data", process.env["KP_TEST_PORT_BASE"] ?? "5000", "data", "auth-states");
/** A cached state is reused only while its access token still has this long to live. */
const MIN_REMAINING_SECONDS = 10 * 60;

export type DemoEmail =
  | "hoofdgebruiker@example.com"
  | "facturen@example.com"
  | "admin@example.com"
  | "nieuw@example.com"
  | (string & {});

/**
 * Signs in through /inloggen and the provider's login page, and waits until the portal has landed
 * on `returnTo` (default: the dashboard).
 */
export async function signIn(page: Page, email: DemoEmail, options: { returnTo?: string; password?: string } = {}): Promise<void> {
  const query = options.returnTo ? `?returnTo=${encodeURIComponent(options.returnTo)}` : "";
  await page.goto(`/inloggen${query}`);
  await fillLoginForm(page, email, options.password ?? DEMO_PASSWORD);
  const landing = options.returnTo ?? "/mijn-account/dashboard";
  await page.waitForURL((url) => `${url.pathname}${url.search}` === landing, { timeout: 15_000 });
}

/** Fills and submits the provider's login form (the browser must be on it). */
export async function fillLoginForm(page: Page, email: string, password: string): Promise<void> {
  const emailField = page.locator("#email");
  await expect(emailField).toBeVisible({ timeout: 15_000 });
  await emailField.fill(email);
  await page.locator("#password").fill(password);
  await page.locator('button[type="submit"]').click();
}

const pending = new Map<string, Promise<string>>();

/**
 * The path of a storage state signed in as `email`, made once per run (per worker when two workers
 * race; both end up with a valid state). Use with `test.use({ storageState })` or
 * `browser.newContext({ storageState })`. Tests that renew tokens, log out or change lifetimes must
 * sign in on their own (`signIn`), because rotated refresh tokens cannot be shared.
 */
export function signedInAs(browser: Browser, email: DemoEmail): Promise<string> {
  let state = pending.get(email);
  if (!state) {
    state = cachedOrFresh(browser, email);
    pending.set(email, state);
    state.catch(() => pending.delete(email));
  }
  return state;
}

async function cachedOrFresh(browser: Browser, email: string): Promise<string> {
  const file = path.join(stateDir, `${email.replace(/[^a-z0-9]+/gi, "_")}.json`);
  if (await stillValid(file)) return file;
  const context = await browser.newContext({ baseURL: process.env["KP_SITE_URL"] ?? "" });
  try {
    const page = await context.newPage();
    await signIn(page, email);
    await mkdir(stateDir, { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    await writeFile(temporary, JSON.stringify(await context.storageState()));
    await rename(temporary, file);
  } finally {
    await context.close();
  }
  return file;
}

type StoredState = { origins?: { localStorage?: { name: string; value: string }[] }[] };

/** True when the file holds a stored oidc user whose access token lives long enough. */
async function stillValid(file: string): Promise<boolean> {
  try {
    const state = JSON.parse(await readFile(file, "utf8")) as StoredState;
    const entries = state.origins?.flatMap((origin) => origin.localStorage ?? []) ?? [];
    const user = entries.find((entry) => entry.name.startsWith("oidc.user:"));
    if (!user) return false;
    const expiresAt = (JSON.parse(user.value) as { expires_at?: number }).expires_at ?? 0;
    return expiresAt - Date.now() / 1000 > MIN_REMAINING_SECONDS;
  } catch {
    return false;
  }
}

/** The stand-in backend of this run (identity provider and test hooks). */
export const backendUrl = (): string => {
  const url = process.env["KP_BACKEND_URL"];
  if (!url) throw new Error("KP_BACKEND_URL is not set: run through the Playwright global setup");
  return url;
};

/** Calls a test hook of the stand-in (only mounted in test mode). */
export async function testHook(method: "GET" | "POST", hookPath: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${backendUrl()}/__test/${hookPath}`, {
    method,
    ...(body === undefined ? {} : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`test hook ${method} ${hookPath}: HTTP ${response.status}`);
  const text = await response.text();
  return text ? (JSON.parse(text) as unknown) : null;
}
