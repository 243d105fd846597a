import { expect as baseExpect, test, type Locator, type Page } from "@playwright/test";
import { fillLoginForm, signIn, signedInAs } from "./support/auth.ts";
import { expectNoSeriousViolations, selectAccount } from "./support/business.ts";
import { apiAs, createUser, freshEmail, invitationLinkIn, mailsTo, type Api } from "./support/portal.ts";

/** Screens load several calls on a machine shared by many test runs: wait a little longer than the default. */
const expect = baseExpect.configure({ timeout: 20_000 });

/**
 * 'Users and billing' on account 100002 (other specs read 100001): the list, add with every invalid input
 * and then validly, select all, edit, remove, the guards in the UI and against the API, and a
 * permission change reaching the user at their next token refresh, the main user's role handed over
 * with a confirmation, and what a user manager who is not the main user (Lotte, on 100001, only
 * reading) is offered. Every user made here is fresh.
 */

// One test at a time in this file: the hand-over below moves the main user's role of 100002 away and
// back, and the other tests here read that role.
test.describe.configure({ mode: "default", timeout: 180_000 });

const MAIN = "hoofdgebruiker@example.com";
let main: Api;
test.beforeAll(async () => {
  main = await apiAs(MAIN);
});

const row = (page: Page, email: string) => page.locator(`tr[data-user="${email}"]`);

/** Opens the row's one action menu (if it is not open yet) and returns the row. */
async function openActions(page: Page, email: string): Promise<Locator> {
  const target = row(page, email);
  const toggle = target.getByRole("button", { name: /^Acties voor / });
  if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
  await expect(target.locator(".kp-row-menu__popup")).toBeVisible();
  return target;
}

/** Chooses an action from the row's menu. */
async function act(page: Page, email: string, name: string): Promise<void> {
  await (await openActions(page, email)).getByRole("button", { name, exact: true }).click();
}
const form = (page: Page) => page.locator("form[data-user-form]");

/** The message tied to an input through aria-describedby. */
async function messageOf(page: Page, id: string): Promise<string> {
  const ids = (await page.locator(`#${id}`).getAttribute("aria-describedby")) ?? "";
  const texts = await Promise.all(ids.split(" ").filter(Boolean).map((part) => page.locator(`[id="${part}"]`).textContent()));
  return texts.join(" ");
}

/** Accepts the terms for a fresh user, so their first sign-in lands on the dashboard. */
async function consent(email: string, password: string): Promise<void> {
  const api = await apiAs(email, password);
  expect((await api.call("POST", "/users")).status).toBe(200);
}

test.describe("as the main user", () => {
  test.use({ storageState: async ({ browser }, provide) => provide(await signedInAs(browser, MAIN)) });
  test.beforeEach(async ({ page }) => selectAccount(page, "100002"));

  test("lists the users with permissions, the main user marked, and the billing information", async ({ page }) => {
    await page.goto("/mijn-account/gebruikers");
    const me = row(page, MAIN);
    await expect(me.locator("[data-main-user]")).toHaveText("Hoofdgebruiker");
    await expect(me).toContainText("(u)");
    await expect(me).toContainText("Gebruikersbeheer");
    // Her other outlet, of those she manages, under her name.
    await expect(me.locator("[data-other-accounts]")).toHaveText("Ook bij: Café De Gouden Leeuw B.V.");
    // The UI guard: no remove action for yourself, the reason instead.
    await openActions(page, MAIN);
    await expect(me.locator("[data-remove-blocked=self_delete]")).toHaveText("U kunt uzelf niet verwijderen.");
    await expect(me.locator("[data-remove-blocked=self_delete]")).toBeVisible();
    await expect(me.getByRole("button", { name: "Marleen de Vries wijzigen" })).toBeVisible();
    await expect(me.getByRole("button", { name: /verwijderen/ })).toHaveCount(0);
    await expect(page.locator("[data-billing]")).toContainText("NL87 RABO 0312 4578 96");
    await expectNoSeriousViolations(page);
  });

  test("adding a user: every invalid input, then one invitation to both outlets accepted with a password at the provider, through consent to the dashboard", async ({ page, browser }) => {
    await page.goto("/mijn-account/gebruikers");
    await page.getByRole("button", { name: "Gebruiker toevoegen" }).click();
    await page.getByRole("button", { name: "Opslaan" }).click();
    await expect(form(page).locator("[data-notice=error]")).toContainText("Fout");
    await expect(form(page).locator("[data-notice=error]")).toContainText("Niet alle velden zijn correct ingevuld");
    for (const id of ["user-create-firstName", "user-create-lastName", "user-create-email", "user-create-phonenumber"]) {
      expect(await messageOf(page, id), id).toContain("Dit veld is verplicht.");
    }
    await expect(page.locator("#user-create-permissions-error")).toHaveText("Selecteer minimaal één recht voor de gebruiker.");
    await expect(page.locator("#user-create-firstName")).toBeFocused();
    // Each permission in the portal's own words (the catalogue says "Facturen genereren, versturen en beheren").
    await expect(form(page).locator("[data-permission=FACTUREN]")).toContainText("Facturen en creditnota's bekijken en downloaden.");
    await expect(form(page).locator("[data-permission=BONUS]")).toContainText("Het bonusoverzicht bekijken en bonus aanvragen.");
    await expect(form(page)).not.toContainText("genereren");
    await expect(form(page)).not.toContainText("uitbetalen");

    const email = freshEmail("nieuw.collega");
    await page.locator("#user-create-firstName").fill("Eva");
    await page.locator("#user-create-lastName").fill("Kok");
    await page.locator("#user-create-email").fill("eva.kok@");
    await page.locator("#user-create-phonenumber").fill("020 123 4567");
    await page.getByRole("button", { name: "Opslaan" }).click();
    expect(await messageOf(page, "user-create-email")).toContain("Vul een geldig e-mailadres in, bijvoorbeeld naam@bedrijf.nl.");
    expect(await messageOf(page, "user-create-phonenumber")).toContain("Dit lijkt geen geldig Nederlands 06-nummer. Controleer het nummer en probeer het opnieuw.");
    await expectNoSeriousViolations(page);

    await page.locator("#user-create-email").fill(email);
    await page.locator("#user-create-phonenumber").fill("+31 6-1234 5678");
    await page.getByLabel(/^Facturen/).check();
    // The main user manages both outlets: one form invites to both, this one ticked; none is refused.
    await expect(form(page).locator("[data-outlet]")).toHaveCount(2);
    await expect(page.locator("#user-create-outlet-100002")).toBeChecked();
    await page.locator("#user-create-outlet-100002").uncheck();
    await page.getByRole("button", { name: "Opslaan" }).click();
    await expect(page.locator("#user-create-outlets-error")).toHaveText("Kies minimaal één vestiging.");
    await page.locator("#user-create-outlet-100002").check();
    await expect(page.locator("#user-create-outlets-error")).toBeHidden();
    await page.locator("#user-create-outlet-100001").check();
    await page.getByLabel("Rol bij Café De Gouden Leeuw B.V.").selectOption("BOOKKEEPER");
    await page.getByRole("button", { name: "Opslaan" }).click();
    const notice = page.locator("[data-notice=success]");
    await expect(notice).toContainText("Gebruiker toegevoegd");
    await expect(notice).toContainText("Eva Kok is toegevoegd als nieuwe gebruiker. Er is een e-mail met de gegevens naar Eva Kok gestuurd.");
    await expect(row(page, email)).toContainText("Facturen");
    await expect(row(page, email).locator("[data-state=invited]")).toContainText("Uitgenodigd");
    await expect(row(page, email).locator("[data-other-accounts]")).toHaveText("Ook bij: Café De Gouden Leeuw B.V.");

    // 'Show user' from the notice: it reads the invitation from GET /userpermissions/{id}.
    const shownRead = page.waitForResponse((response) => /\/userpermissions\/inv-[^/?]+\?/.test(response.url()) && response.request().method() === "GET");
    await notice.getByRole("button", { name: "Gebruiker bekijken" }).click();
    expect((await shownRead).status()).toBe(200);
    await expect(page.locator(`[data-user-details="${email}"]`)).toContainText("+31612345678");

    // The invitation from the outbox: the link, a password at the provider, the consent, the dashboard.
    // One mail for both outlets, each with its permissions; one link joins both.
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.body).toContain("Vestigingen en rechten:\n- “Restaurant Het Zilveren Anker B.V.”: Facturen\n- “Café De Gouden Leeuw B.V.”: Facturen, Documenten");
    const link = invitationLinkIn(mail ?? { to: "", subject: "", body: "" });
    // A clean browser: the describe's stored state would carry the main user's provider session.
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    try {
      const newcomer = await context.newPage();
      await newcomer.goto(link);
      await expect(newcomer.getByRole("heading", { level: 1 })).toHaveText("Uitnodiging accepteren");
      await newcomer.locator("#password").fill("kort");
      await newcomer.getByRole("button", { name: "Accepteren en inloggen" }).click();
      await expect(newcomer.locator("#invitation-error")).toContainText("te kort");
      await newcomer.locator("#password").fill("Eigen-wachtwoord-2026");
      await newcomer.getByRole("button", { name: "Accepteren en inloggen" }).click();
      await newcomer.getByRole("button", { name: "Ik ga akkoord" }).click();
      await newcomer.waitForURL((url) => url.pathname === "/mijn-account/dashboard");
      await expect(newcomer.locator("[data-block=invoices]")).toHaveAttribute("data-state", "ready");
      await expect(newcomer.locator("[data-block=contract]")).toHaveCount(0);
      await expect(newcomer.locator("[data-block=links]").getByRole("link", { name: "Documenten" })).toHaveCount(0);
      // Single use: the same link now says it was used.
      await newcomer.goto(link);
      await expect(newcomer.locator("[data-reason=used]")).toBeVisible();
    } finally {
      await context.close();
    }
    await page.reload();
    await expect(row(page, email).locator("[data-state=active]")).toContainText("Laatst ingelogd");
    const onFirst = (await main.call("GET", "/userpermissions/related-contacts", "100001")).body as { email: string; state: string; permissions: string[] }[];
    expect(onFirst.find((entry) => entry.email === email)).toMatchObject({ state: "active", permissions: ["FACTUREN", "DOCUMENTEN"] });
  });

  test("'select all' switches every permission on and off", async ({ page }) => {
    await page.goto("/mijn-account/gebruikers");
    await page.getByRole("button", { name: "Gebruiker toevoegen" }).click();
    const boxes = form(page).locator("[data-permission] input");
    await expect(boxes).toHaveCount(6);
    await page.getByLabel("Alles selecteren").check();
    for (const box of await boxes.all()) await expect(box).toBeChecked();
    await page.getByLabel("Alles selecteren").uncheck();
    for (const box of await boxes.all()) await expect(box).not.toBeChecked();
  });

  test("a row's actions are one menu, worked from the keyboard, inside a 320 px phone where the rows are cards", async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto("/mijn-account/gebruikers");
    const me = row(page, MAIN);
    const toggle = me.getByRole("button", { name: "Acties voor Marleen de Vries" });
    await expect(toggle).toBeVisible();
    // A card: the name, its menu beside it, and the other cells under them, nothing off the screen.
    await expect(page.locator("table.kp-users > thead")).toHaveCSS("position", "absolute");
    const card = await me.boundingBox();
    const button = await toggle.boundingBox();
    expect(card && button && card.x >= 0 && card.x + card.width <= 320 && button.x + button.width <= 320).toBe(true);

    const show = me.getByRole("button", { name: "Gebruiker bekijken: Marleen de Vries" });
    const edit = me.getByRole("button", { name: "Marleen de Vries wijzigen" });
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(show).toBeFocused();
    const menu = await me.locator(".kp-row-menu__popup").boundingBox();
    expect(menu && menu.x >= 0 && menu.x + menu.width <= 320 && menu.y >= 0 && menu.y + menu.height <= 640).toBe(true);
    await page.keyboard.press("ArrowDown");
    await expect(edit).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(show).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(toggle).toBeFocused();
    await expect(show).toBeHidden();

    await page.keyboard.press("Space");
    await expect(show).toBeFocused();
    await page.keyboard.press("End");
    await expect(edit).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(form(page)).toBeVisible();
  });

  test("editing a user, a failed edit keeping its input, and removing after a confirmation", async ({ page }) => {
    const user = await createUser(main, "100002", ["FACTUREN"], "bewerken");
    await page.goto("/mijn-account/gebruikers");
    await act(page, user.email, "Test bewerken wijzigen");
    await expect(form(page).locator("#user-edit-phonenumber")).toHaveValue("+31612345678");
    await page.locator("#user-edit-lastName").fill("Bewerkt");
    await page.getByLabel(/^Bonus/).check();
    await page.getByRole("button", { name: "Opslaan" }).click();
    await expect(page.locator("[data-notice=success]")).toContainText("De wijzigingen voor Test Bewerkt zijn doorgevoerd.");
    await expect(row(page, user.email)).toContainText("Bonus");

    // A failing edit: the generic failure texts, and the form keeps what was typed.
    await page.route(
      (url) => url.pathname.includes("/userpermissions/update-contact/"),
      async (route) => {
        const origin = (await route.request().headerValue("origin")) ?? "*";
        await route.fulfill({ status: 500, contentType: "application/json", body: '{"statusCode":500}', headers: { "access-control-allow-origin": origin } });
      },
    );
    await act(page, user.email, "Test Bewerkt wijzigen");
    await page.locator("#user-edit-firstName").fill("Niet");
    await page.getByRole("button", { name: "Opslaan" }).click();
    await expect(page.locator("[data-notice=error]")).toContainText("Er is iets misgegaan");
    await expect(page.locator("[data-notice=error]")).toContainText("Probeer het later nog eens");
    await expect(page.locator("#user-edit-firstName")).toHaveValue("Niet");
    await page.getByRole("button", { name: "Annuleren" }).click();

    // Removing: Escape cancels, the confirmation removes.
    await act(page, user.email, "Test Bewerkt verwijderen");
    const dialog = page.locator("dialog[data-confirm-dialog]");
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("Weet u zeker dat u Test Bewerkt wilt verwijderen?");
    await expectNoSeriousViolations(page);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(row(page, user.email)).toBeVisible();
    await act(page, user.email, "Test Bewerkt verwijderen");
    await dialog.getByRole("button", { name: "Ja, verwijderen" }).click();
    await expect(page.locator("[data-notice=success]")).toContainText("Test Bewerkt is succesvol verwijderd.");
    await expect(row(page, user.email)).toHaveCount(0);
  });

  test("one's own user management is locked in the form", async ({ page }) => {
    await page.goto("/mijn-account/gebruikers");
    await act(page, MAIN, "Marleen de Vries wijzigen");
    const own = form(page).locator("[data-permission=GEBRUIKERSBEHEER]");
    await expect(own.locator("input")).toBeDisabled();
    await expect(own.locator("input")).toBeChecked();
    await expect(own).toContainText("U kunt uw eigen recht op gebruikersbeheer niet intrekken.");
    await page.getByLabel("Alles selecteren").uncheck();
    await expect(own.locator("input")).toBeChecked();
  });

  test("in English", async ({ page }) => {
    await page.goto("/en/mijn-account/gebruikers");
    await page.getByRole("button", { name: "Add user" }).click();
    await page.locator("#user-create-email").fill("x@");
    await page.locator("#user-create-phonenumber").fill("0201234567");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(form(page).locator("[data-notice=error]")).toContainText("Not all fields are filled in correctly");
    expect(await messageOf(page, "user-create-email")).toContain("Enter a valid email address, for example name@company.com.");
    expect(await messageOf(page, "user-create-phonenumber")).toContain("This does not look like a valid Dutch 06 mobile number.");
    await expect(page.locator("#user-create-permissions-error")).toHaveText("Select at least one permission for the user.");
    // The portal's words for what a colleague may see and do here, never the catalogue's back-office powers.
    await expect(form(page).locator("[data-permission=HOOFDDATA]")).toContainText(
      "Account detailsView and change your company's details: name, addresses, numbers and bank account.",
    );
    await expect(form(page)).not.toContainText("Edit customer information and product details.");
    await expectNoSeriousViolations(page);
  });
});

test("the API enforces the guards: no self-removal, no taking away one's own user management, a manager always stays", async () => {
  const me = (await main.call("GET", "/contacts/")).body as { id: string };
  const removeSelf = await main.call("DELETE", `/userpermissions/delete-contact/${me.id}`, "100002");
  expect(removeSelf).toEqual({ status: 400, body: { statusCode: 400, errors: [{ field: "id", code: "self_delete" }] } });
  const demote = await main.call("PUT", `/userpermissions/update-contact/${me.id}`, "100002", {
    firstName: "Marleen",
    lastName: "de Vries",
    phonenumber: "0612345678",
    permissions: ["FACTUREN"],
  });
  expect(demote.status).toBe(400);
  expect(demote.body).toMatchObject({ errors: [{ field: "permissions", code: "own_user_management" }] });

  // A second manager may take the main user's user management away, but the account keeps one:
  // the second manager then cannot give up their own, nor remove themselves.
  const second = await createUser(main, "100002", ["GEBRUIKERSBEHEER"], "tweede.beheerder");
  try {
    await consent(second.email, second.password);
    const deputy = await apiAs(second.email, second.password);
    const demoteSelf = await deputy.call("PUT", `/userpermissions/update-contact/${second.id}`, "100002", {
      firstName: "Test",
      lastName: "tweede.beheerder",
      phonenumber: "0612345678",
      permissions: ["FACTUREN"],
    });
    expect(demoteSelf.body).toMatchObject({ errors: [{ code: "own_user_management" }] });
    expect((await deputy.call("DELETE", `/userpermissions/delete-contact/${second.id}`, "100002")).body).toMatchObject({
      errors: [{ code: "self_delete" }],
    });
    const contacts = (await main.call("GET", "/userpermissions/related-contacts", "100002")).body as { permissions: string[] }[];
    expect(contacts.some((contact) => contact.permissions.includes("GEBRUIKERSBEHEER"))).toBe(true);
  } finally {
    expect((await main.call("DELETE", `/userpermissions/delete-contact/${second.id}`, "100002")).status).toBe(200);
  }
});

test("a person with a login elsewhere accepts an invitation in their own portal: the notification, their own password, the invited outlet", async ({ browser }) => {
  // Someone already working at 100001 (a login of their own), invited to 100002 by the main user.
  const person = await createUser(main, "100001", ["FACTUREN"], "elders");
  await consent(person.email, person.password);
  const invited = await main.call("POST", "/userpermissions/create-contact", "100002", {
    firstName: "Test",
    lastName: "elders",
    email: person.email,
    phonenumber: "0612345678",
    permissions: ["DOCUMENTEN"],
  });
  expect(invited.status).toBe(200);
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  try {
    const page = await context.newPage();
    await page.goto("/inloggen");
    await fillLoginForm(page, person.email, person.password);
    await page.waitForURL((url) => url.pathname === "/mijn-account/dashboard");
    // Never joined silently: still only 100001, and the invitation waits in their notifications.
    const before = (await (await apiAs(person.email, person.password)).call("GET", "/accounts")).body as { accountnumber: string }[];
    expect(before.map((account) => account.accountnumber)).toEqual(["100001"]);
    await page.goto("/mijn-account/meldingen");
    const notice = page.locator("[data-inbox-item]").filter({ hasText: "Uitnodiging voor Restaurant Het Zilveren Anker B.V." });
    await notice.getByRole("link").click();
    await page.locator("[data-notification-link]").click();
    // The provider's page asks for the password they have, not a new one.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Uitnodiging accepteren");
    await expect(page.getByText("U heeft al een inlog met dit e-mailadres.")).toBeVisible();
    await page.locator("#password").fill("niet-mijn-wachtwoord");
    await page.getByRole("button", { name: "Accepteren en inloggen" }).click();
    await expect(page.locator("#invitation-error")).toContainText("Dit wachtwoord klopt niet.");
    await page.locator("#password").fill(person.password);
    await page.getByRole("button", { name: "Accepteren en inloggen" }).click();
    await page.waitForURL((url) => url.pathname === "/mijn-account/dashboard");
    await expect(page.locator("main [data-current-account]")).toContainText("accountnummer 100002");
  } finally {
    await context.close();
  }
  const onSecond = (await main.call("GET", "/userpermissions/related-contacts", "100002")).body as { email: string; state: string; permissions: string[] }[];
  expect(onSecond.find((entry) => entry.email === person.email)).toMatchObject({ state: "active", permissions: ["DOCUMENTEN"] });
});

test("a permission change reaches the user at their next token refresh", async ({ browser }) => {
  const user = await createUser(main, "100002", ["FACTUREN"], "rechten");
  await consent(user.email, user.password);
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await signIn(page, user.email, { password: user.password });
    const documents = page.locator("[data-block=links]").getByRole("link", { name: "Documenten" });
    await expect(page.locator("[data-block=links]")).toBeVisible();
    await expect(documents).toHaveCount(0);

    const granted = await main.call("PUT", `/userpermissions/update-contact/${user.id}`, "100002", {
      firstName: "Test",
      lastName: "rechten",
      phonenumber: "0612345678",
      permissions: ["FACTUREN", "DOCUMENTEN"],
    });
    expect(granted.status).toBe(200);

    // Let the stored access token run out (as time would): the next page load refreshes it.
    await page.evaluate(() => {
      for (const key of Object.keys(localStorage)) {
        if (!key.startsWith("oidc.user:")) continue;
        const stored = JSON.parse(localStorage.getItem(key) ?? "{}") as { expires_at?: number };
        stored.expires_at = Math.floor(Date.now() / 1000);
        localStorage.setItem(key, JSON.stringify(stored));
      }
    });
    await page.reload();
    await expect(documents).toBeVisible({ timeout: 20_000 });
  } finally {
    await context.close();
  }
});

test.describe("as a user manager who is not the main user", () => {
  const LOTTE = "lotte.smit@example.com";
  test.use({ storageState: async ({ browser }, provide) => provide(await signedInAs(browser, LOTTE)) });
  test.beforeEach(async ({ page }) => selectAccount(page, "100001"));

  test("sees no way to touch the main user, to grant user management or to change her own permissions", async ({ page }) => {
    await page.goto("/mijn-account/gebruikers");
    const owner = await openActions(page, MAIN);
    await expect(owner.locator("[data-main-user]")).toHaveText("Hoofdgebruiker");
    // She manages users of one outlet only: the main user's other outlet is not told.
    await expect(owner.locator("[data-other-accounts]")).toHaveCount(0);
    await expect(owner.locator("[data-edit-blocked=main_user_protected]")).toBeVisible();
    await expect(owner.locator("[data-edit-blocked=main_user_protected]")).toHaveText(
      "Alleen de hoofdgebruiker of een beheerder kan de hoofdgebruiker wijzigen.",
    );
    await expect(owner.getByRole("button", { name: /wijzigen|verwijderen/ })).toHaveCount(0);
    // Only the main user hands the role over: nobody is offered it here.
    await expect(page.getByRole("button", { name: /hoofdgebruiker maken/ })).toHaveCount(0);
    await expect((await openActions(page, "fatima.elamrani@example.com")).getByRole("button", { name: "Fatima El Amrani wijzigen" })).toBeVisible();
    // Opening one row's menu closed the other.
    await expect(owner.locator(".kp-row-menu__popup")).toBeHidden();
    // The details of the main user say the same instead of offering 'Wijzigen'.
    await act(page, MAIN, "Gebruiker bekijken: Marleen de Vries");
    await expect(page.locator("[data-user-details] ~ [data-edit-blocked=main_user_protected]")).toBeVisible();
    await expect(page.getByRole("button", { name: "Wijzigen", exact: true })).toHaveCount(0);
    await page.getByRole("button", { name: "Terug naar gebruikers" }).click();

    // Her own permissions are locked, each saying why.
    await act(page, LOTTE, "Lotte Smit wijzigen");
    const boxes = form(page).locator("[data-permission] input");
    await expect(boxes).toHaveCount(6);
    for (const box of await boxes.all()) await expect(box).toBeDisabled();
    await expect(form(page).locator("[data-permission=FACTUREN] [data-lock=own_permissions]")).toContainText("U kunt uw eigen rechten niet wijzigen");
    await page.getByRole("button", { name: "Annuleren" }).click();

    // A new colleague cannot be given user management.
    await page.getByRole("button", { name: "Gebruiker toevoegen" }).click();
    const userManagement = form(page).locator("[data-permission=GEBRUIKERSBEHEER]");
    await expect(userManagement.locator("input")).toBeDisabled();
    await expect(userManagement).toContainText("Alleen de hoofdgebruiker of een beheerder kan gebruikersbeheer toekennen of intrekken.");
    await expectNoSeriousViolations(page);
  });

  test("and the API refuses her what the screen does not offer", async () => {
    const lotte = await apiAs(LOTTE);
    const removeOwner = await lotte.call("DELETE", "/userpermissions/delete-contact/usr-0001", "100001");
    expect(removeOwner).toEqual({ status: 403, body: { statusCode: 2, errors: [{ field: "id", code: "main_user_protected" }] } });
    const handOver = await lotte.call("POST", "/userpermissions/hand-over/usr-0007", "100001");
    expect(handOver.status).toBe(403);
  });
});

test.describe("handing over the main user's role", () => {
  test.use({ storageState: async ({ browser }, provide) => provide(await signedInAs(browser, MAIN)) });
  test.beforeEach(async ({ page }) => selectAccount(page, "100002"));

  test("the main user hands the role to a colleague after a confirmation; both are mailed", async ({ page }) => {
    const colleague = await createUser(main, "100002", ["FACTUREN"], "overdracht");
    await consent(colleague.email, colleague.password);
    const me = (await main.call("GET", "/contacts/")).body as { id: string };
    try {
      await page.goto("/mijn-account/gebruikers");
      const handOver = () => act(page, colleague.email, "Test overdracht hoofdgebruiker maken");
      // Not offered for oneself, who already is the main user.
      await expect((await openActions(page, MAIN)).getByRole("button", { name: /hoofdgebruiker maken/ })).toHaveCount(0);

      await handOver();
      const dialog = page.locator("dialog[data-confirm-dialog][open]");
      await expect(dialog).toContainText("Hoofdgebruiker overdragen");
      await expect(dialog).toContainText("Weet u zeker dat u de rol van hoofdgebruiker wilt overdragen aan Test overdracht?");
      await page.keyboard.press("Escape");
      await expect(dialog).toHaveCount(0);
      await expect(row(page, MAIN).locator("[data-main-user]")).toBeVisible();

      await handOver();
      await dialog.getByRole("button", { name: "Ja, overdragen" }).click();
      await expect(page.locator("[data-notice=success]")).toContainText("Test overdracht is nu de hoofdgebruiker van dit account.");
      await expect(row(page, colleague.email).locator("[data-main-user]")).toBeVisible();
      await expect(row(page, colleague.email)).toContainText("Gebruikersbeheer");
      await expect(row(page, MAIN).locator("[data-main-user]")).toHaveCount(0);
      // Now an ordinary user manager, the former main user cannot touch the new one.
      await expect((await openActions(page, colleague.email)).locator("[data-edit-blocked=main_user_protected]")).toBeVisible();

      const [toNew] = await mailsTo(colleague.email).then((mails) => mails.slice(-1));
      // Names and company names customers typed are quoted as text in our mails (docs/security.md).
      expect(toNew?.subject).toBe("U bent nu hoofdgebruiker van “Restaurant Het Zilveren Anker B.V.”");
      const [toPrevious] = await mailsTo(MAIN).then((mails) => mails.slice(-1));
      expect(toPrevious?.subject).toBe("“Test overdracht” is nu hoofdgebruiker van “Restaurant Het Zilveren Anker B.V.”");
    } finally {
      // The new main user hands the role back, so the account is as the other tests expect it.
      const owner = await apiAs(colleague.email, colleague.password);
      const back = await owner.call("POST", `/userpermissions/hand-over/${me.id}`, "100002");
      expect([200, 403]).toContain(back.status);
      expect((await main.call("DELETE", `/userpermissions/delete-contact/${colleague.id}`, "100002")).status).toBe(200);
    }
  });
});
