import { createHash, randomBytes } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { decodeJwt } from "jose";
import { DEMO_PASSWORD, testStackConfig } from "../../dev/lib/stack-config.ts";

/**
 * The stand-in identity provider's own login page in a real browser: a code flow with PKCE from
 * /authorize, through the form, to the site's callback with a code that exchanges for tokens.
 */
const config = testStackConfig();
const backend = (): string => process.env["KP_BACKEND_URL"] ?? "";
const site = (): string => process.env["KP_SITE_URL"] ?? "";

type Flow = { url: string; verifier: string; state: string; redirectUri: string };

function authorizeUrl(extra: Record<string, string> = {}): Flow {
  const verifier = randomBytes(32).toString("base64url");
  const state = randomBytes(16).toString("base64url");
  const redirectUri = `${site()}/callback`;
  const params = new URLSearchParams({
    client_id: config.clientId,
    redirect_uri: redirectUri,
    response_type: "code",
    scope: "openid profile email offline_access",
    audience: config.audience,
    state,
    nonce: randomBytes(16).toString("base64url"),
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
    ...extra,
  });
  return { url: `${backend()}/authorize?${params}`, verifier, state, redirectUri };
}

/** The site's callback page is not what is tested here: answer it with a stub so the code stays unused. */
async function stubCallback(page: Page): Promise<void> {
  await page.route(`${site()}/callback**`, (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>callback</title>" }));
}

test("a demo user signs in through the form and the code exchanges for tokens", async ({ page, request }) => {
  await stubCallback(page);
  const flow = authorizeUrl();
  await page.goto(flow.url);
  await expect(page.locator("html")).toHaveAttribute("lang", "nl");
  await expect(page.getByRole("heading", { name: "Inloggen" })).toBeVisible();
  await page.getByLabel("E-mail").fill("hoofdgebruiker@example.com");
  await page.getByLabel("Wachtwoord").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Inloggen" }).click();

  await page.waitForURL(`${flow.redirectUri}?**`);
  const callback = new URL(page.url());
  expect(callback.searchParams.get("state")).toBe(flow.state);
  const code = callback.searchParams.get("code");
  expect(code).toBeTruthy();

  const response = await request.post(`${backend()}/oauth/token`, {
    form: { grant_type: "authorization_code", code: code ?? "", redirect_uri: flow.redirectUri, client_id: config.clientId, code_verifier: flow.verifier },
  });
  expect(response.status()).toBe(200);
  const tokens = (await response.json()) as { id_token: string; access_token: string; refresh_token: string };
  expect(decodeJwt(tokens.id_token)).toMatchObject({ email: "hoofdgebruiker@example.com", given_name: "Marleen" });
  expect(decodeJwt(tokens.access_token).aud).toBe(config.audience);
  expect(tokens.refresh_token).toBeTruthy();
});

// Wrong passwords go to a colleague outside the demo users (or an unknown address), so the login
// throttle's count cannot touch another spec's sign-in of a demo user in the same run.
test("a wrong password shows the message, tied to the fields, and keeps the e-mail", async ({ page }) => {
  await page.goto(authorizeUrl().url);
  await page.getByLabel("E-mail").fill("thijs.vandenberg@example.com");
  await page.getByLabel("Wachtwoord").fill("niet-het-wachtwoord");
  await page.getByRole("button", { name: "Inloggen" }).click();

  const alert = page.getByRole("alert");
  await expect(alert).toHaveText("Onjuist e-mailadres of wachtwoord.");
  await expect(page.getByLabel("Wachtwoord")).toHaveAttribute("aria-describedby", "login-error");
  await expect(page.getByLabel("Wachtwoord")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("E-mail")).toHaveValue("thijs.vandenberg@example.com");
  await expect(page.getByLabel("Wachtwoord")).toBeFocused();
});

test("the page is in English with ui_locales=en", async ({ page }) => {
  await page.goto(authorizeUrl({ ui_locales: "en" }).url);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page.getByLabel("Email").fill("unknown@example.com");
  await page.getByLabel("Password").fill("wrong");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toHaveText("Incorrect email or password.");
});

test("the login page has no accessibility violations, also with an error, and shows focus", async ({ page }) => {
  await page.goto(authorizeUrl().url);
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await page.getByLabel("E-mail").fill("unknown@example.com");
  await page.getByLabel("Wachtwoord").fill("wrong");
  await page.getByRole("button", { name: "Inloggen" }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await page.keyboard.press("Shift+Tab");
  const outline = await page.evaluate(() => getComputedStyle(document.activeElement as Element).outlineStyle);
  expect(outline).toBe("solid");
});

test("the login page carries the site's brand, shows the password on request and leads back to the site", async ({ page }) => {
  await page.goto(authorizeUrl().url);
  const password = page.getByLabel("Wachtwoord");
  await password.fill("geheim");
  const reveal = page.getByRole("button", { name: "Tonen" });
  await expect(reveal).toHaveAttribute("aria-pressed", "false");
  await reveal.click();
  await expect(password).toHaveAttribute("type", "text");
  await expect(page.getByRole("button", { name: "Verbergen" })).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("button", { name: "Verbergen" }).click();
  await expect(password).toHaveAttribute("type", "password");
  await expect(page.getByRole("link", { name: "Klant worden" })).toHaveAttribute("href", `${site()}/klant-worden`);
  await page.getByRole("link", { name: "Terug naar de website" }).click();
  await expect(page).toHaveURL(`${site()}/`);

  await page.goto(authorizeUrl({ ui_locales: "en" }).url);
  await expect(page.getByRole("button", { name: "Show" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Become a customer" })).toHaveAttribute("href", `${site()}/en/klant-worden`);
  await expect(page.getByRole("link", { name: "Back to the website" })).toHaveAttribute("href", `${site()}/en`);
});
