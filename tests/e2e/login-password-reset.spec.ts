import { expect, test, type APIRequestContext } from "@playwright/test";
import { fillLoginForm } from "./support/auth.ts";

/**
 * "Wachtwoord vergeten?" as a customer goes through it: from the provider's sign-in page, the mail in
 * the stand-in's outbox, the link, a new password (the rules said up front), signing in with it; the
 * used link refused; a fresh link refused once the stand-in's clock has moved past its hour.
 */
const backend = (): string => process.env["KP_BACKEND_URL"] ?? "";
const USER = "sanne.bakker@example.com";
const NEW_PASSWORD = "Zomer-terras-2027";

async function resetLinkFor(request: APIRequestContext, email: string): Promise<string> {
  const mails = (await (await request.get(`${backend()}/__test/outbox?to=${encodeURIComponent(email)}`)).json()) as { body: string }[];
  const link = /(http:\/\/\S+\/login\/reset\?token=[\w-]+)/.exec(mails.at(-1)?.body ?? "")?.[1];
  if (!link) throw new Error(`no reset link mailed to ${email}`);
  return link;
}

test.afterEach(async ({ request }) => {
  await request.post(`${backend()}/__test/reset`);
});

test("a forgotten password is reset by e-mail and the new one signs in; the link works once and for an hour", async ({ page, request }) => {
  // Two trips through the provider and a sign-in into the portal, like the other sign-in journeys.
  test.setTimeout(90_000);
  await page.goto("/inloggen");
  await expect(page.locator("#email")).toBeVisible({ timeout: 15_000 });
  await page.locator("#email").fill(USER);
  await page.getByRole("link", { name: "Wachtwoord vergeten?" }).click();

  // The typed address came along; the answer would be the same for an unknown one.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Wachtwoord vergeten");
  await expect(page.getByLabel("E-mailadres")).toHaveValue(USER);
  await page.getByRole("button", { name: "Link versturen" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kijk in uw mailbox");

  const link = await resetLinkFor(request, USER);
  await page.goto(link);
  const password = page.getByLabel("Nieuw wachtwoord");
  await expect(password).toHaveAccessibleDescription(/Minimaal 8 tekens/);
  await password.fill("kort");
  await page.getByRole("button", { name: "Wachtwoord opslaan" }).click();
  await expect(page.getByRole("alert")).toContainText("te kort");
  await page.getByLabel("Nieuw wachtwoord").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Wachtwoord opslaan" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Uw wachtwoord is gewijzigd");

  // Back to the site's sign-in, with the new password.
  await page.getByRole("link", { name: "Inloggen" }).click();
  await fillLoginForm(page, USER, NEW_PASSWORD);
  await page.waitForURL((url) => url.pathname === "/mijn-account/dashboard", { timeout: 20_000 });

  // Used once: refused.
  const used = await page.goto(link);
  expect(used?.status()).toBe(410);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Deze link werkt niet meer");

  // A fresh link, an hour and a second later on the stand-in's clock: refused too.
  await request.post(`${backend()}/login/forgot`, { form: { email: USER, lang: "nl" } });
  const fresh = await resetLinkFor(request, USER);
  expect(fresh).not.toBe(link);
  await request.post(`${backend()}/__test/clock`, { data: { advanceSeconds: 3601 } });
  expect((await page.goto(fresh))?.status()).toBe(410);
});
