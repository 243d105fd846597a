import { expect, test, type Page } from "@playwright/test";
import { secondProviderPorts, startSecondProvider, type SecondProvider } from "./support/second-provider.ts";

/**
 * Sign-in, refresh, frame renewal and logout against a second, independent provider implementation
 * (oauth2-mock-server), so the site depends on no quirk of the stand-in. The stand-in's API does not
 * know this provider's tokens, so these tests stay on pages that need no API: /debug shows the
 * signed-in user's claims behind the portal's guard.
 */
const site = `http://localhost:${secondProviderPorts().site}`;
let provider: SecondProvider;

test.describe.configure({ mode: "serial" });
test.use({ baseURL: site });
test.beforeAll(async () => {
  provider = await startSecondProvider();
});
test.afterAll(async () => {
  await provider.close();
});
test.beforeEach(() => {
  provider.requests.length = 0;
});

type Stored = { access_token: string; id_token: string; refresh_token?: string; expires_at: number; profile: Record<string, unknown> };
const storedUser = (page: Page): Promise<Stored | null> =>
  page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => name.startsWith("oidc.user:"));
    return key ? (JSON.parse(localStorage.getItem(key) ?? "null") as Stored) : null;
  });
/**
 * The stored access token expires now; without a refresh token when `dropRefreshToken`. Done from a
 * page of the site that runs no script, so no open portal page renews before the test reopens one.
 */
async function expireAccessToken(page: Page, dropRefreshToken = false): Promise<void> {
  await page.goto("/robots.txt");
  await page.evaluate((drop) => {
    const key = Object.keys(localStorage).find((name) => name.startsWith("oidc.user:"))!;
    const user = JSON.parse(localStorage.getItem(key)!) as Record<string, unknown>;
    if (drop) delete user["refresh_token"];
    user["expires_at"] = Math.floor(Date.now() / 1000) - 60;
    localStorage.setItem(key, JSON.stringify(user));
  }, dropRefreshToken);
}
const claimsShown = (page: Page) => expect(page.locator("[data-id-claims]")).toContainText('"sub": "johndoe"', { timeout: 20_000 });
const tokenGrants = (grant: string): number => provider.requests.filter((request) => request === `token ${grant}`).length;

async function signIn(page: Page): Promise<Stored> {
  await page.goto(`/inloggen?returnTo=${encodeURIComponent("/debug")}`);
  await page.waitForURL((url) => url.pathname === "/debug", { timeout: 20_000 });
  await claimsShown(page);
  const user = await storedUser(page);
  expect(user?.profile["iss"]).toBe(provider.issuer);
  return user!;
}

test("signs in with code + PKCE at the second provider; its ID token passes every check", async ({ page }) => {
  const user = await signIn(page);
  expect(user.refresh_token).toBeTruthy();
  expect(tokenGrants("authorization_code")).toBe(1);
  await expect(page.locator("html")).toHaveAttribute("data-auth", "signed-in");
});

test("renews an expired access token with the refresh token", async ({ page }) => {
  const before = await signIn(page);
  await expireAccessToken(page);
  await page.goto("/debug");
  await claimsShown(page);
  await expect.poll(async () => (await storedUser(page))?.access_token).not.toBe(before.access_token);
  expect(tokenGrants("refresh_token")).toBe(1);
  expect((await storedUser(page))!.expires_at).toBeGreaterThan(Date.now() / 1000);
});

test("a refresh that fails on the network is repeated at the token endpoint the discovery document names", async ({ page }) => {
  const before = await signIn(page);
  await expireAccessToken(page);
  let dropped = 0;
  // This provider's token endpoint is /token, not the /oauth/token of the stand-in's provider.
  await page.route(`${provider.issuer}/token`, async (route) => {
    if (dropped === 0) {
      dropped += 1;
      await route.abort("connectionreset");
      return;
    }
    await route.continue();
  });
  await page.goto("/debug");
  await claimsShown(page);
  await expect.poll(async () => (await storedUser(page))?.access_token).not.toBe(before.access_token);
  expect(dropped).toBe(1);
  expect(tokenGrants("refresh_token")).toBe(1);
});

test("renews in the hidden frame when there is no refresh token", async ({ page }) => {
  const before = await signIn(page);
  await expireAccessToken(page, true);
  const frameLanding = page.waitForResponse((response) => new URL(response.url()).pathname === "/silent-renew", { timeout: 20_000 });
  await page.goto("/debug");
  await frameLanding;
  await claimsShown(page);
  await expect.poll(async () => (await storedUser(page))?.access_token).not.toBe(before.access_token);
  expect(tokenGrants("authorization_code")).toBe(2);
  expect(provider.requests.filter((request) => request === "GET /authorize")).toHaveLength(2);
});

test("a refresh whose ID token names another person ends the session and says why", async ({ page }) => {
  await signIn(page);
  // Every token of the next token response (access and ID token) is about someone else.
  const anotherPerson = (token: { payload: Record<string, unknown> }): void => {
    token.payload["sub"] = "janedoe";
  };
  provider.service.on("beforeTokenSigning", anotherPerson);
  provider.service.once("beforeResponse", () => provider.service.off("beforeTokenSigning", anotherPerson));
  await expireAccessToken(page);
  await page.goto("/debug");
  await expect(page.locator('[data-auth-error="token_refused"]')).toBeVisible({ timeout: 20_000 });
  expect(tokenGrants("refresh_token")).toBe(1);
  expect(await storedUser(page)).toBeNull();
  await expect(page.locator("html")).toHaveAttribute("data-auth", "anonymous");
});

test("logout revokes the refresh token and ends the session at the provider, even though revocation answers HTML", async ({ page }) => {
  await signIn(page);
  await page.goto("/uitloggen");
  await page.waitForURL((url) => url.origin === site && url.pathname === "/uitgelogd", { timeout: 20_000 });
  expect(provider.requests).toContain("POST /revoke");
  expect(provider.requests).toContain("GET /endsession");
  expect(await storedUser(page)).toBeNull();
  await expect(page.locator("html")).toHaveAttribute("data-auth", "anonymous");
});
