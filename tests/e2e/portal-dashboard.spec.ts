import { expect as baseExpect, test, type Locator, type Page } from "@playwright/test";
import { ASSIGNABLE_PERMISSIONS } from "../../src/core/api/schemas/people-requests.ts";
import { translate } from "../../src/core/i18n/index.ts";
import { menuScreens, SCREENS } from "../../src/core/portal/screens.ts";
import { signedInAs } from "./support/auth.ts";
import { expectNoSeriousViolations, selectAccount } from "./support/business.ts";

/** Screens load several calls on a machine shared by many test runs: wait a little longer than the default. */
const expect = baseExpect.configure({ timeout: 20_000 });

/** The dashboard's blocks per permission, per-block failure, and the notifications with their unread count. */

// Several screens load per test on a machine shared by many test runs: allow for slow moments.
test.describe.configure({ timeout: 180_000 });

const block = (page: Page, name: string) => page.locator(`[data-block="${name}"]`);
/**
 * Words that the layout splits over two lines inside the given elements (a word, not a line, wraps).
 * Each text node counts on its own, so the parts of an e-mail address between its <wbr> are words.
 */
const wordsBrokenIn = (elements: Locator): Promise<string[]> =>
  elements.evaluateAll((nodes) =>
    nodes.flatMap((node) =>
      [...node.childNodes]
        .filter((child) => child.nodeType === Node.TEXT_NODE)
        .flatMap((text) =>
          [...(text.textContent ?? "").matchAll(/\S+/g)].flatMap((match) => {
            const range = document.createRange();
            range.setStart(text, match.index);
            range.setEnd(text, match.index + match[0].length);
            const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
            return lines.size > 1 ? [match[0]] : [];
          }),
        ),
    ),
  );
const quickLinks = (page: Page) => block(page, "links").getByRole("link");

test.describe("as the main user (every permission)", () => {
  test.use({ storageState: async ({ browser }, provide) => provide(await signedInAs(browser, "hoofdgebruiker@example.com")) });

  test("shows the greeting, the account and every block", async ({ page }) => {
    // Every call the page makes to the API, to see below that none was made twice.
    const asked: string[] = [];
    page.on("request", (request) => void (request.resourceType() === "fetch" && request.method() === "GET" && asked.push(request.url())));
    await page.goto("/mijn-account/dashboard");
    await expect(page.locator("[data-welcome]")).toContainText("Marleen");
    await expect(page.locator("main [data-current-account]")).toContainText("Café De Gouden Leeuw B.V., accountnummer 100001");
    const contacts = block(page, "contacts");
    await expect(contacts.locator("[data-contact=accountmanager]")).toContainText("Anouk Vermeulen");
    await expect(contacts.getByRole("link", { name: "Mailen anouk.vermeulen@vandamdranken.example" })).toHaveAttribute("href", "mailto:anouk.vermeulen@vandamdranken.example");
    await expect(contacts.getByRole("link", { name: "Bellen +31 6 21436587" })).toHaveAttribute("href", "tel:+31621436587");
    for (const width of [1280, 390, 320]) {
      await page.setViewportSize({ width, height: 900 });
      const texts = contacts.locator(".kp-person__role, .kp-person__name, .kp-person__title, .kp-person__verb, .kp-person__phone, .kp-person__email");
      expect(await wordsBrokenIn(texts), `at ${width} px`).toEqual([]);
    }
    await expect(contacts.locator("[data-contact=salessupport]")).toContainText("Sales support");
    await expect(block(page, "notifications").locator("[data-inbox-item]")).toHaveCount(3);
    await expect(block(page, "invoices").locator("[data-invoice]")).toHaveCount(5);
    await expect(block(page, "invoices").locator("[data-open-amount]")).toContainText("€");
    await expect(block(page, "contract").locator("[data-contract-end]")).not.toBeEmpty();
    await expect(block(page, "contract").locator("[data-contract-remaining]")).toHaveText(/^\d+ (maand|maanden|dag|dagen)( en \d+ (dag|dagen))?$/);
    // Every menu screen but the dashboard, as the registry has them for the main user (every
    // assignable permission, two accounts): a new screen needs no edit here.
    await expect(quickLinks(page)).toHaveText(
      menuScreens([...ASSIGNABLE_PERMISSIONS], 2).filter((id) => id !== "dashboard").map((id) => translate("nl", SCREENS[id].label)),
    );
    await expect(quickLinks(page)).toContainText(["Facturen", "Gebruikers en facturatie", "THT-regeling"]);
    await expectNoSeriousViolations(page);
    await expect(page.locator('main [data-block][data-state="loading"]')).toHaveCount(0);
    await expect(block(page, "dashboard-next-delivery")).toHaveAttribute("data-state", "ready");
    expect(asked.filter((url, index) => asked.indexOf(url) !== index), "calls made twice").toEqual([]);
  });

  test("in English, with numbers and dates per locale", async ({ page }) => {
    await page.goto("/en/mijn-account/dashboard");
    await expect(page.locator("main [data-current-account]")).toContainText("account number 100001");
    await expect(block(page, "contract").locator("[data-contract-remaining]")).toHaveText(/^\d+ (month|months|day|days)( and \d+ (day|days))?$/);
    await expect(block(page, "invoices").getByRole("columnheader", { name: "Invoice number" })).toBeVisible();
    await expect(block(page, "invoices").locator("[data-open-amount]")).toContainText(/€[\d,]+\.\d\d/);
    await expectNoSeriousViolations(page);
  });

  test("an account without a contract shows the empty state", async ({ page }) => {
    await selectAccount(page, "100002");
    await page.goto("/mijn-account/dashboard");
    await expect(block(page, "contract")).toContainText("Er is geen samenwerkingsovereenkomst voor dit account.");
  });

  test("one failing call never blanks the page, and its block retries", async ({ page }) => {
    let fail = true;
    await page.route(
      (url) => url.pathname.endsWith("/contentfulservice/api/v1/invoices"),
      (route) =>
        fail && route.request().method() === "GET"
          ? route.fulfill({ status: 500, contentType: "application/json", body: "{}", headers: { "access-control-allow-origin": "*" } })
          : route.continue(),
    );
    await page.goto("/mijn-account/dashboard");
    const invoices = block(page, "invoices");
    await expect(invoices).toHaveAttribute("data-state", "error");
    await expect(invoices.getByRole("alert")).toContainText("Dit onderdeel kon niet worden geladen.");
    await expect(block(page, "contacts")).toHaveAttribute("data-state", "ready");
    await expect(block(page, "contract")).toHaveAttribute("data-state", "ready");
    fail = false;
    await invoices.getByRole("button", { name: "Opnieuw proberen" }).click();
    await expect(invoices.locator("[data-invoice]")).toHaveCount(5);
  });

  test("on a phone the attention row starts at its most urgent item, however late that one arrives", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    // The invoices (the overdue figure, the most urgent item) answer only after the notifications.
    const { promise: invoicesMayAnswer, resolve: letInvoicesAnswer } = Promise.withResolvers<void>();
    await page.route(
      (url) => url.pathname.endsWith("/contentfulservice/api/v1/invoices"),
      async (route) => {
        await invoicesMayAnswer;
        await route.continue();
      },
    );
    await page.goto("/mijn-account/dashboard");
    const items = page.locator("[data-attention-item]");
    await expect(page.locator("[data-attention-item=unread]")).toBeVisible();
    letInvoicesAnswer();
    await expect(items.first()).toHaveAttribute("data-attention-item", "overdue");
    await expect(items.first()).toContainText("aan vervallen facturen");
    // The row shows it at its start, not the item that was there before it arrived.
    const row = page.locator(".kp-attention__list");
    await expect.poll(() => row.evaluate((list) => list.scrollLeft)).toBe(0);
    const [first, shown] = await Promise.all([items.first().boundingBox(), row.boundingBox()]);
    expect(first?.x).toBeCloseTo(shown?.x ?? Number.NaN, 0);
  });

  test("opening a notification marks it read and lowers the unread count everywhere", async ({ page }) => {
    // 100002: other specs read the notifications of 100001.
    await selectAccount(page, "100002");
    await page.goto("/mijn-account/meldingen");
    const count = page.locator("[data-block=inbox] [data-unread-count]");
    await expect(count).toBeVisible();
    const before = Number(await count.getAttribute("data-unread-count"));
    expect(before).toBeGreaterThan(0);
    const badge = page.locator(".kp-account__badge [aria-hidden]");
    await expect(badge).toHaveText(String(before));

    const unread = page.locator('[data-inbox-item][data-read="false"]').first();
    const title = (await unread.locator(".kp-inbox__title").textContent()) ?? "";
    await unread.getByRole("link").click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page).toHaveURL(/\/mijn-account\/meldingen\?id=/);
    await expect(badge).toHaveText(String(before - 1));

    await page.getByRole("link", { name: "Terug naar meldingen" }).click();
    await expect(count).toHaveAttribute("data-unread-count", String(before - 1));
    await expect(page.locator("[data-inbox-item]").filter({ hasText: title }).first()).toHaveAttribute("data-read", "true");
    await page.reload();
    await expect(count).toHaveAttribute("data-unread-count", String(before - 1));
    await expectNoSeriousViolations(page);
  });
});

test.describe("as a user with FACTUREN only", () => {
  test.use({ storageState: async ({ browser }, provide) => provide(await signedInAs(browser, "facturen@example.com")) });

  test("shows invoices but not the contract, and only the links the user may follow", async ({ page }) => {
    await page.goto("/mijn-account/dashboard");
    await expect(block(page, "invoices").locator("[data-invoice]")).toHaveCount(5);
    await expect(block(page, "contacts")).toHaveAttribute("data-state", "ready");
    await expect(block(page, "notifications")).toHaveAttribute("data-state", "ready");
    await expect(block(page, "contract")).toHaveCount(0);
    await expect(quickLinks(page)).toHaveText(["Facturen", "Leveringen", "Emballage", "Service en storingen", "Accountgegevens", "Mijn profiel", "Meldingen", "THT-regeling"]);
  });

  test("is told only about invoices and general news, never about bonus or the contract", async ({ page }) => {
    await page.goto("/mijn-account/meldingen");
    const items = page.locator("[data-inbox-item]");
    await expect(items.first()).toBeVisible();
    await expect(items.filter({ hasText: /Nieuwe factuur \d+/ })).toHaveCount(1);
    await expect(items.filter({ hasText: "Leveringen rond de feestdagen" })).toHaveCount(1);
    await expect(items.filter({ hasText: /Bonus .* berekend/ })).toHaveCount(0);
    await expect(items.filter({ hasText: "Volumeafspraken bijgewerkt" })).toHaveCount(0);
  });
});

test.describe("as an administrator", () => {
  test.use({ storageState: async ({ browser }, provide) => provide(await signedInAs(browser, "admin@example.com")) });

  test("sees every block", async ({ page }) => {
    await page.goto("/mijn-account/dashboard");
    await expect(block(page, "invoices")).toHaveAttribute("data-state", "ready");
    await expect(block(page, "contract")).toHaveAttribute("data-state", "ready");
    // Every menu screen of a one-account person but the dashboard, as the registry has them (a new screen needs no edit here).
    await expect(quickLinks(page)).toHaveCount(menuScreens(["ADMINISTRATOR"], 1).filter((id) => id !== "dashboard").length);
  });
});
