import { expect, test, type Page } from "@playwright/test";
import { signedInAs, signIn, testHook } from "./support/auth.ts";
import { claimablePeriods } from "../../src/core/business/bonus-periods.ts";
import { expectNoSeriousViolations } from "./support/business.ts";

// Screens load through sign-in, accounts and the API on a machine shared with other runs: allow time.
test.describe.configure({ timeout: 90_000 });

const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

const step = (page: Page) => page.locator("[data-step]");
const next = (page: Page) => page.locator("[data-action=next]");

test.describe("the bonus tool", () => {
  test.use({ storageState: async ({ browser }, provide) => provide(await signedInAs(browser, "hoofdgebruiker@example.com")) });

  test("with every open quarter claimed, shows no steps but when the next claim opens", async ({ page }) => {
    // On 15 April 2026 the four ended quarters (2025-Q2 to 2026-Q1) all have a seeded claim on 100001.
    await page.clock.setFixedTime(new Date("2026-04-15T10:00:00+02:00"));
    await page.goto("/bonus");
    const empty = page.locator("[data-empty=nothing-to-claim]");
    await expect(empty).toContainText("Vanaf 1 juli 2026 kunt u bonus aanvragen over Q2 2026.", { timeout: 20_000 });
    await expect(page.locator("[data-step]")).toHaveCount(0);
    await expect(next(page)).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Terug naar het bonusoverzicht" })).toBeVisible();
  });

  test("goes from period to confirmation, refusing invalid steps, surviving a reload, with a rejected attachment", async ({ page }) => {
    // One long journey through six steps, two reloads and an axe scan.
    test.setTimeout(90_000);
    await page.goto("/bonus");
    await expect(page).toHaveURL(/\/bonus\/periode$/, { timeout: 20_000 });
    await expect(step(page)).toHaveAttribute("data-step", "periode");

    // No step can be skipped: without a period, the volumes step sends back to the period.
    await page.goto("/bonus/volumes");
    await expect(page).toHaveURL(/\/bonus\/periode$/, { timeout: 20_000 });
    await next(page).click();
    await expect(page.getByText("Kies een periode.")).toBeVisible();
    await expect(page).toHaveURL(/\/bonus\/periode$/);

    await page.locator("input[name=period]:not([disabled])").first().check();
    await next(page).click();
    await expect(page).toHaveURL(/\/bonus\/groothandels$/);
    await next(page).click();
    await expect(page.getByText("Kies minstens één groothandel.")).toBeVisible();
    await page.getByLabel("HorecaGroep Noord, Groningen").check();
    await page.getByLabel("Kustdrank, Den Haag").check();
    await next(page).click();
    await expect(page).toHaveURL(/\/bonus\/volumes$/);

    const first = page.locator("[data-wholesaler=w-horecagroep]");
    const second = page.locator("[data-wholesaler=w-kustdrank]");
    await first.locator("[data-product=p-pils-krat]").fill("12x");
    await next(page).click();
    await expect(first.getByText("Vul een heel getal in.")).toBeVisible();
    await expect(second.getByText("Vul minstens één aantal in.")).toBeVisible();
    await expect(first.locator("[data-product=p-pils-krat]")).toHaveAttribute("aria-invalid", "true");
    await first.locator("[data-product=p-pils-krat]").fill("120");
    await second.locator("[data-product=p-pils-fust50]").fill("10");
    await expect(first.getByText("Totaal 8,6 hl")).toBeVisible();

    // Reload mid-way: everything typed is still there.
    await page.reload();
    await expect(page.locator("[data-wholesaler=w-horecagroep] [data-product=p-pils-krat]")).toHaveValue("120", { timeout: 20_000 });
    await expect(page.locator("[data-wholesaler=w-kustdrank] [data-product=p-pils-fust50]")).toHaveValue("10");

    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await next(page).click();
    await expect(page).toHaveURL(/\/bonus\/bijlagen$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    // A text file calling itself a PDF: the stand-in looks at the content and refuses it.
    await page.getByLabel("Bestand kiezen voor HorecaGroep Noord").setInputFiles({ name: "afrekening.pdf", mimeType: "application/pdf", buffer: Buffer.from("just text") });
    await expect(page.locator("[data-files=w-horecagroep] [data-state=failed]")).toContainText("Dit bestand is geen PDF, PNG of JPEG.");
    await next(page).click();
    await expect(page.getByText("Upload minstens één afrekening.").first()).toBeVisible();
    await page.getByLabel("Bestand kiezen voor HorecaGroep Noord").setInputFiles({ name: "afrekening.pdf", mimeType: "application/pdf", buffer: PDF });
    await expect(page.getByText("afrekening.pdf is geüpload.")).toBeVisible();
    // The fixed wholesaler stops showing red at once; the other keeps its message until it has a statement.
    await expect(page.getByLabel("Bestand kiezen voor HorecaGroep Noord")).not.toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Upload minstens één afrekening.")).toHaveCount(1);
    await expect(page.getByLabel("Bestand kiezen voor Kustdrank")).toHaveAttribute("aria-invalid", "true");
    await page.getByLabel("Bestand kiezen voor Kustdrank").setInputFiles({ name: "bon.png", mimeType: "image/png", buffer: PNG });
    await expect(page.locator("[data-files=w-kustdrank] [data-file='bon.png']")).toHaveAttribute("data-state", "done");
    // An uploaded statement opens again from the draft (GET …/attachments/{attachmentId}).
    const [opened] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "bon.png openen" }).click()]);
    expect(opened.suggestedFilename()).toBe("bon.png");
    // A statement added by mistake comes off the draft again.
    await page.getByLabel("Bestand kiezen voor Kustdrank").setInputFiles({ name: "verkeerd.pdf", mimeType: "application/pdf", buffer: PDF });
    await page.locator("[data-files=w-kustdrank]").getByRole("button", { name: "verkeerd.pdf verwijderen" }).click();
    await expect(page.locator("[data-files=w-kustdrank] [data-file]")).toHaveCount(1);
    await expect(page.getByText("Upload minstens één afrekening.")).toHaveCount(0);
    await expect(page.locator("[data-error-summary]")).toHaveCount(0);
    await next(page).click();
    await expect(page).toHaveURL(/\/bonus\/controleren$/);
    await expect(page.locator("[data-review] [data-fact=volume]")).toHaveText("13,6 hl");

    // Back and forward walk the steps.
    await page.goBack();
    await expect(step(page)).toHaveAttribute("data-step", "bijlagen");
    await page.goForward();
    await expect(step(page)).toHaveAttribute("data-step", "controleren");
    await expectNoSeriousViolations(page);

    // 13,6 hl against the same quarter last year (about 46 hl recorded): far, so it asks why before it goes.
    const comparison = page.locator("[data-comparison]");
    await expect(comparison).toHaveAttribute("data-comparison", "far");
    await expect(comparison.locator("[data-fact=reference]")).toContainText(/^Geregistreerd in Q[1-4] 2025, hetzelfde kwartaal vorig jaar: \d+,\d hl\.$/);
    await expect(comparison.locator("[data-fact=difference]")).toContainText(/^U vraagt 13,6 hl aan, -\d+,\d hl \(-\d+%\)/);
    await page.locator("[data-action=submit]").click();
    await expect(page.getByText("Licht toe waarom dit volume zo afwijkt, of pas de aantallen aan.")).toBeVisible();
    await expect(page).toHaveURL(/\/bonus\/controleren$/);
    await page.getByLabel("Toelichting op het verschil").fill("Terras twee maanden dicht door verbouwing");
    await page.locator("[data-action=submit]").click();
    await expect(page).toHaveURL(/\/bonus\/bevestiging\?claim=/);
    const confirmation = page.locator("[data-confirmation]");
    await expect(confirmation).toContainText("Uw aanvraag is ingediend");
    await expect(confirmation.locator("[data-fact=status]")).toHaveText("In behandeling");
    await expect(confirmation.locator("[data-fact=volume]")).toHaveText("13,6 hl");
    // A reference a customer can read aloud: account and quarter, never the API's random id.
    await expect(confirmation.locator("[data-fact=reference]")).toHaveText(/^BON-100001-\d{4}-Q[1-4]$/);
    expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith("kp.private.bonus-wizard")))).toEqual([]);

    // The confirmation is a URL of its own: a reload reads the claim back again.
    await page.reload();
    await expect(page.locator("[data-confirmation] [data-fact=status]")).toHaveText("In behandeling", { timeout: 20_000 });

    // Under review the claim is apart on the overview: no tier, no amount, its volume not in the year's.
    const shown = await page.locator("[data-confirmation] [data-fact=period]").innerText(); // "Q3 2026"
    const quarter = `${shown.slice(3)}-${shown.slice(0, 2)}`;
    const claimed = page.locator(`[data-table=settlements] tr[data-period='${quarter}']`);
    await page.goto("/mijn-account/bonus-overzicht");
    await expect(claimed.locator(".kp-badge")).toHaveText("In behandeling", { timeout: 20_000 });
    await expect(claimed).toContainText("Na goedkeuring");
    await expect(page.locator("[data-fact=under-review]")).toHaveText("13,6 hl");
    // An ended quarter with nothing claimed is offered right here.
    await expect(page.locator("[data-unclaimed] a").first()).toHaveAttribute("href", /\/bonus\/periode\?periode=\d{4}-Q[1-4]$/);
    const recorded = await page.locator("[data-fact=volume]").innerText();
    // The supplier approves it: now it counts.
    await testHook("POST", "bonus-approve", { accountNumber: "100001", period: quarter });
    await page.reload();
    await expect(claimed.locator(".kp-badge")).toHaveText("Goedgekeurd", { timeout: 20_000 });
    await expect(page.locator("[data-fact=under-review]")).toHaveCount(0);
    await expect(page.locator("[data-fact=volume]")).not.toHaveText(recorded);
  });

  test("is in English under /en and has no serious accessibility violations with errors shown", async ({ page }) => {
    await page.goto("/en/bonus/periode");
    await expect(page.getByRole("heading", { name: "Claim bonus" })).toBeVisible({ timeout: 20_000 });
    await next(page).click();
    await expect(page.getByText("Choose a period.")).toBeVisible();
    await expectNoSeriousViolations(page);
  });
});

test("logging out removes the bonus tool's draft", async ({ page }) => {
  await signIn(page, "admin@example.com", { returnTo: "/bonus/periode" });
  await page.locator("input[name=period]:not([disabled])").first().check();
  await expect.poll(() => page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith("kp.private.bonus-wizard")))).toHaveLength(1);
  await page.goto("/uitloggen");
  await page.waitForURL((url) => !url.pathname.startsWith("/uitloggen"), { timeout: 20_000 });
  expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith("kp.private.")))).toEqual([]);
});

test("a token refresh in the middle of the bonus tool loses nothing", async ({ page }) => {
  // Signed in on its own: the refresh rotates this session's refresh token, which a shared state must not see.
  await signIn(page, "admin@example.com", { returnTo: "/bonus/periode" });
  // The second claimable quarter, so this draft never meets the main user's journey above (the first).
  const period = claimablePeriods(new Date().toISOString().slice(0, 10))[1] ?? "";
  await page.locator(`input[name=period][value="${period}"]`).check();
  await next(page).click();
  await page.getByLabel("Drankenhandel De Vries, Utrecht").check();
  await next(page).click();
  await page.locator("[data-wholesaler=w-drankenhandel] [data-product=p-00-krat]").fill("30");

  // The stored access token runs out: saving the draft must renew it with the refresh token first.
  const expired = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => name.startsWith("oidc.user:")) ?? "";
    const user = JSON.parse(localStorage.getItem(key) ?? "{}") as { access_token: string; expires_at: number };
    localStorage.setItem(key, JSON.stringify({ ...user, expires_at: Math.floor(Date.now() / 1000) - 60 }));
    return user.access_token;
  });
  await next(page).click();
  await expect(page).toHaveURL(/\/bonus\/bijlagen$/, { timeout: 20_000 });
  const renewed = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => name.startsWith("oidc.user:")) ?? "";
    return (JSON.parse(localStorage.getItem(key) ?? "{}") as { access_token?: string }).access_token;
  });
  expect(renewed).not.toBe(expired);
  await expect(page.locator("[data-wholesaler=w-drankenhandel] legend")).toHaveText("Afrekening van Drankenhandel De Vries");
  // Back and forward start each step at its top, whatever the step before was scrolled to.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.goBack();
  await expect(page.locator("[data-wholesaler=w-drankenhandel] [data-product=p-00-krat]")).toHaveValue("30");
  await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 5_000 }).toBe(0);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.goForward();
  await expect(page).toHaveURL(/\/bonus\/bijlagen$/);
  await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 5_000 }).toBe(0);
});
