import { expect, test, type Page } from "@playwright/test";
import { fillLoginForm, signIn, testHook } from "./support/auth.ts";

/**
 * Session behaviour against the real stand-in provider. These tests steer the provider's test
 * switches (lifetimes, spoiled ID tokens), so they run one after another and reset them. Grant counts,
 * short lifetimes and spoiled ID tokens are per user, and the users below sign in nowhere else in the
 * browser tests: another spec's sign-in in a parallel worker can neither add to a count nor get a
 * 10-second token or a spoiled one.
 */
const QUIET_USER = "fatima.elamrani@example.com";
const FRAME_USER = "lotte.smit@example.com";
test.describe.configure({ mode: "serial" });
test.setTimeout(90_000);
test.afterEach(async () => {
  await testHook("POST", "reset");
});

type Grants = Record<string, { authorization_code: number; refresh_token: number }>;
const grantsOf = async (email: string): Promise<{ authorization_code: number; refresh_token: number }> =>
  ((await testHook("GET", "grants")) as Grants)[email] ?? { authorization_code: 0, refresh_token: 0 };

/** The oidc user oidc-client-ts keeps in localStorage, or null. */
const storedUser = (page: Page): Promise<{ access_token: string; refresh_token?: string; expires_at: number } | null> =>
  page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => name.startsWith("oidc.user:"));
    return key ? (JSON.parse(localStorage.getItem(key) ?? "null") as { access_token: string; refresh_token?: string; expires_at: number }) : null;
  });

const dashboardShown = (page: Page) => expect(page.locator("[data-welcome]")).toBeVisible({ timeout: 20_000 });

test("logging out in one tab ends the session in another", async ({ context }) => {
  const first = await context.newPage();
  await signIn(first, "hoofdgebruiker@example.com");
  const second = await context.newPage();
  await second.goto("/mijn-account/dashboard");
  await dashboardShown(second);

  await first.goto("/uitloggen");
  await first.waitForURL((url) => url.port === new URL(process.env["KP_SITE_URL"] ?? "").port && !url.pathname.startsWith("/uitloggen"), { timeout: 20_000 });
  await expect(first.locator("html")).toHaveAttribute("data-auth", "anonymous");

  // The other tab heard it: its session is gone and its private page went home, signed out.
  await second.waitForURL((url) => url.pathname === "/", { timeout: 20_000 });
  await expect(second.locator("html")).toHaveAttribute("data-auth", "anonymous");
  expect(await storedUser(first)).toBeNull();
  expect(await storedUser(second)).toBeNull();
  // And it stays signed out: a private page asks for the password again.
  await second.goto("/mijn-account/dashboard");
  await expect(second.locator("#email")).toBeVisible({ timeout: 20_000 });
});

test("with a short access-token lifetime and three tabs open, one refresh per rotation and no tab logged out", async ({ context }) => {
  const email = QUIET_USER;
  await testHook("POST", "lifetimes", { accessToken: 10, email });
  const tabs = [await context.newPage()];
  await signIn(tabs[0]!, email);
  tabs.push(await context.newPage(), await context.newPage());
  for (const tab of tabs.slice(1)) await tab.goto("/mijn-account/dashboard");
  for (const tab of tabs) await dashboardShown(tab);

  const before = await grantsOf(email);
  const tokenAtStart = (await storedUser(tabs[0]!))?.access_token;
  const watchSeconds = 26;
  await tabs[0]!.waitForTimeout(watchSeconds * 1000);
  const after = await grantsOf(email);

  const refreshes = after.refresh_token - before.refresh_token;
  // Each token lives 10 s and counts as expired 5 s early (test settings): a rotation every ~5 s.
  // Three tabs renewing on their own would triple that; rotated-token reuse would force frame sign-ins.
  expect(refreshes).toBeGreaterThanOrEqual(3);
  expect(refreshes).toBeLessThanOrEqual(Math.ceil(watchSeconds / 5) + 1);
  expect(after.authorization_code - before.authorization_code).toBe(0);
  expect((await storedUser(tabs[0]!))?.access_token).not.toBe(tokenAtStart);
  for (const tab of tabs) {
    await expect(tab.locator("html")).toHaveAttribute("data-auth", "signed-in");
    await expect(tab.locator("[data-welcome]")).toBeVisible();
    await expect(tab.locator("[data-session-expired]")).not.toBeVisible();
  }
});

test("with the refresh token deleted, renewal goes through the hidden frame under the production headers", async ({ page }) => {
  const email = FRAME_USER;
  await signIn(page, email);
  const before = await grantsOf(email);
  const old = await storedUser(page);
  expect(old?.refresh_token).toBeTruthy();

  // No refresh token, and an access token that expired (as after a night with the laptop closed).
  await page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => name.startsWith("oidc.user:"))!;
    const user = JSON.parse(localStorage.getItem(key)!) as Record<string, unknown>;
    delete user["refresh_token"];
    user["expires_at"] = Math.floor(Date.now() / 1000) - 60;
    localStorage.setItem(key, JSON.stringify(user));
  });
  const frameLanding = page.waitForResponse((response) => new URL(response.url()).pathname === "/silent-renew", { timeout: 20_000 });
  await page.reload();
  const landing = await frameLanding;
  expect(landing.headers()["content-security-policy"]).toContain("frame-ancestors 'self'");
  await dashboardShown(page);

  const renewed = await storedUser(page);
  expect(renewed?.access_token).not.toBe(old?.access_token);
  expect(renewed!.expires_at).toBeGreaterThan(Date.now() / 1000);
  const after = await grantsOf(email);
  expect(after.authorization_code - before.authorization_code).toBe(1);
  expect(after.refresh_token - before.refresh_token).toBe(0);
  // The frame is gone once it answered.
  await expect(page.locator("iframe")).toHaveCount(0, { timeout: 10_000 });
});

/** Serves the run's settings.js with an organization configured, as an environment with Auth0 organisations would. */
async function withOrganization(page: Page, organization: string): Promise<void> {
  await page.route("**/settings.js", async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace(/"organization": "[^"]*"/, `"organization": "${organization}"`);
    await route.fulfill({ response, body });
  });
}

for (const [kind, organization] of [
  ["audience", undefined],
  ["org_id", "org_klantportaal"],
  ["iat_future", undefined],
  ["azp_foreign", undefined],
  ["nonce", undefined],
] as const) {
  test(`an ID token with a bad ${kind} ends sign-in in 'Login failed' and no session`, async ({ page }) => {
    if (organization) await withOrganization(page, organization);
    await page.goto("/inloggen");
    await expect(page.locator("#email")).toBeVisible({ timeout: 15_000 });
    await testHook("POST", "bad-id-token", { kind, grant: "authorization_code", email: QUIET_USER });
    await fillLoginForm(page, QUIET_USER, "Welkom123!");
    await page.waitForURL((url) => url.pathname === "/callback", { timeout: 20_000 });
    await expect(page.locator('[data-auth-error="login_failed"]')).toContainText("Inloggen is mislukt", { timeout: 20_000 });
    expect(await storedUser(page)).toBeNull();
    await expect(page.locator("html")).toHaveAttribute("data-auth", "anonymous");
  });
}

/**
 * Expires the stored access token (and drops the refresh token when asked), from a page of the site
 * that runs no script, once every other open tab has made its last call: a portal page still
 * loading its sections would renew with the expired token itself, before the test opens the next one.
 */
async function expireStoredToken(page: Page, dropRefreshToken = false): Promise<void> {
  await page.goto("/robots.txt");
  for (const tab of page.context().pages()) await tab.waitForLoadState("networkidle");
  await page.evaluate((drop) => {
    const key = Object.keys(localStorage).find((name) => name.startsWith("oidc.user:"))!;
    const user = JSON.parse(localStorage.getItem(key)!) as Record<string, unknown>;
    if (drop) delete user["refresh_token"];
    user["expires_at"] = Math.floor(Date.now() / 1000) - 60;
    localStorage.setItem(key, JSON.stringify(user));
  }, dropRefreshToken);
}

/** After a refused token: no tokens, no sign-in hint (storage, cookie, header). */
async function nothingLeft(page: Page): Promise<void> {
  expect(await storedUser(page)).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem("kp_signed_in"))).toBeNull();
  expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain("kp_signed_in");
  await expect(page.locator("html")).toHaveAttribute("data-auth", "anonymous");
}

const REFUSED_TEXT = "Uw sessie is beëindigd";

test("a refresh whose ID token names another person ends the session in every tab, says why, and leaves nothing to renew with", async ({ context }) => {
  const page = await context.newPage();
  await signIn(page, QUIET_USER);
  const other = await context.newPage();
  await other.goto("/mijn-account/dashboard");
  await dashboardShown(other);
  const before = await grantsOf(QUIET_USER);
  await testHook("POST", "bad-id-token", { kind: "sub", grant: "refresh_token", email: QUIET_USER });
  await expireStoredToken(page);

  await page.goto("/mijn-account/dashboard");
  await expect(page.locator('[data-auth-error="token_refused"]')).toContainText(REFUSED_TEXT, { timeout: 20_000 });
  await nothingLeft(page);
  expect((await grantsOf(QUIET_USER)).refresh_token - before.refresh_token).toBe(1);
  // The other tab heard it and left its private page, signed out.
  await other.waitForURL((url) => url.pathname === "/", { timeout: 20_000 });
  await nothingLeft(other);

  // The next page load has nothing to renew with: no token call, still signed out.
  const settled = await grantsOf(QUIET_USER);
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  await expect(page.locator("html")).toHaveAttribute("data-auth", "anonymous");
  expect(await grantsOf(QUIET_USER)).toEqual(settled);
});

for (const kind of ["nonce", "no_nonce"] as const) {
  test(`a frame renewal whose ID token has ${kind === "nonce" ? "a wrong" : "no"} nonce ends the session and says why`, async ({ page }) => {
    await signIn(page, FRAME_USER);
    await testHook("POST", "bad-id-token", { kind, grant: "authorization_code", email: FRAME_USER });
    await expireStoredToken(page, true);
    const frameLanding = page.waitForResponse((response) => new URL(response.url()).pathname === "/silent-renew", { timeout: 20_000 });
    await page.goto("/mijn-account/dashboard");
    await frameLanding;
    await expect(page.locator('[data-auth-error="token_refused"]')).toContainText(REFUSED_TEXT, { timeout: 20_000 });
    await nothingLeft(page);

    const settled = await grantsOf(FRAME_USER);
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    await expect(page.locator("html")).toHaveAttribute("data-auth", "anonymous");
    expect(await grantsOf(FRAME_USER)).toEqual(settled);
  });
}

test("with the organization configured, a token of that organization signs in", async ({ page }) => {
  await withOrganization(page, "org_klantportaal");
  await signIn(page, "hoofdgebruiker@example.com");
  await dashboardShown(page);
});

test("when the session expires mid-form, the popup sign-in keeps the half-filled form", async ({ page, context }) => {
  await signIn(page, "hoofdgebruiker@example.com");
  await page.goto("/mijn-account/account");
  await page.getByRole("button", { name: "Gegevens wijzigen" }).click({ timeout: 20_000 });
  const phone = page.locator("#account-telephone");
  await phone.fill("0207654321");

  // The session ends everywhere: no refresh token, an expired access token, no provider session.
  await page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => name.startsWith("oidc.user:"))!;
    const user = JSON.parse(localStorage.getItem(key)!) as Record<string, unknown>;
    delete user["refresh_token"];
    user["expires_at"] = Math.floor(Date.now() / 1000) - 60;
    localStorage.setItem(key, JSON.stringify(user));
  });
  await context.clearCookies({ name: /^_session/ });

  await page.locator("form.kp-form button[type=submit]").click();
  const dialog = page.locator("dialog[data-session-expired]");
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await expect(dialog).toContainText("Uw sessie is verlopen");

  const popupOpened = page.waitForEvent("popup");
  await dialog.getByRole("button", { name: "Opnieuw inloggen" }).click();
  const popup = await popupOpened;
  await fillLoginForm(popup, "hoofdgebruiker@example.com", "Welkom123!");
  await expect(dialog).toBeHidden({ timeout: 20_000 });

  // Nothing typed was lost, and the same form now saves with the new session.
  await expect(phone).toHaveValue("0207654321");
  expect(new URL(page.url()).pathname).toBe("/mijn-account/account");
  expect((await storedUser(page))?.access_token).toBeTruthy();
  await page.locator("form.kp-form button[type=submit]").click();
  await expect(page.locator("form.kp-form")).toHaveCount(0, { timeout: 20_000 });
  // Kept as one number in its normal form, and shown the Dutch way.
  await expect(page.getByText("020 765 4321")).toBeVisible();
});
