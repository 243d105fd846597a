import { expect, test, type Page } from "@playwright/test";
import { signedInAs } from "./support/auth.ts";

// The failure switch of the stand-in is shared by the whole backend: these tests run one by one.
test.describe.configure({ mode: "serial" });

const backend = (): string => process.env["KP_BACKEND_URL"] ?? "";
const setFailing = async (page: Page, fail: boolean): Promise<void> => {
  const response = await page.request.post(`${backend()}/__test/contactform-fail`, { data: { fail } });
  expect(response.ok()).toBe(true);
};

/** The message form; /klant-worden also carries the appointment request (public-appointment.spec.ts). */
const form = (page: Page) => page.locator('form[data-contact-form]:not([data-contact-type="appointment"])');
const field = (page: Page, label: string | RegExp) => form(page).getByLabel(label, { exact: typeof label === "string" });

async function fillValid(page: Page, lang: "nl" | "en" = "nl"): Promise<void> {
  const labels =
    lang === "nl"
      ? { name: "Naam", company: "Bedrijfsnaam", email: "E-mailadres", phone: "Telefoonnummer", subject: "Onderwerp", message: "Bericht" }
      : { name: "Name", company: "Company name", email: "E-mail address", phone: "Phone number", subject: "Subject", message: "Message" };
  await field(page, new RegExp(`^${labels.name}`)).fill("Anna de Vries");
  await field(page, new RegExp(`^${labels.company}`)).fill("Café De Hoek");
  await field(page, new RegExp(`^${labels.email}`)).fill("anna@dehoek.nl");
  await field(page, new RegExp(`^${labels.phone}`)).fill("06 12345678");
  await field(page, new RegExp(`^${labels.subject}`)).fill("Offerte");
  await field(page, new RegExp(`^${labels.message}`)).fill("Graag een offerte voor ons terras.");
  await form(page).locator("input[name=privacyAccepted]").check();
}

test.afterEach(async ({ page }) => setFailing(page, false));

test("every field is checked in the browser, with the message beside the field", async ({ page }) => {
  let posts = 0;
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().includes("/contactform")) posts++;
  });
  await page.goto("/contact");
  await form(page).getByRole("button", { name: "Versturen" }).click();
  await expect(form(page).getByText("Niet alle velden zijn goed ingevuld")).toBeVisible();
  for (const name of ["name", "company", "email", "phone", "subject", "message"]) {
    const input = form(page).locator(`[name=${name}]`);
    await expect(input).toHaveAttribute("aria-invalid", "true");
    await expect(input).toHaveAccessibleDescription("Dit veld is verplicht.");
  }
  await expect(form(page).locator("[name=customerNumber]")).not.toHaveAttribute("aria-invalid", "true");
  await expect(form(page).locator("[name=privacyAccepted]")).toHaveAttribute("aria-invalid", "true");
  await expect(form(page).locator("[name=name]")).toBeFocused();

  await fillValid(page);
  await field(page, /^E-mailadres/).fill("anna@");
  await field(page, /^Telefoonnummer/).fill("12345");
  await field(page, /^Klantnummer/).fill("12ab");
  await form(page).getByRole("button", { name: "Versturen" }).click();
  await expect(field(page, /^E-mailadres/)).toHaveAccessibleDescription(/geldig e-mailadres/);
  await expect(field(page, /^Telefoonnummer/)).toHaveAccessibleDescription(/telefoonnummer/);
  await expect(field(page, /^Klantnummer/)).toHaveAccessibleDescription(/6 tot 10 cijfers/);
  await expect(field(page, /^Naam/)).not.toHaveAttribute("aria-invalid", "true");
  await expect(field(page, /^E-mailadres/)).toBeFocused();

  // A corrected field loses its message at once; a field still wrong keeps it.
  await field(page, /^E-mailadres/).fill("anna@dehoek.nl");
  await expect(field(page, /^E-mailadres/)).not.toHaveAttribute("aria-invalid", "true");
  await expect(field(page, /^E-mailadres/)).toHaveAccessibleDescription("");
  await field(page, /^Telefoonnummer/).fill("1234");
  await expect(field(page, /^Telefoonnummer/)).toHaveAttribute("aria-invalid", "true");

  await form(page).locator("[name=privacyAccepted]").uncheck();
  await field(page, /^Telefoonnummer/).fill("020-1234567");
  await field(page, /^Klantnummer/).fill("");
  await form(page).getByRole("button", { name: "Versturen" }).click();
  await expect(form(page).locator("[name=privacyAccepted]")).toHaveAttribute("aria-invalid", "true");
  expect(posts).toBe(0);
});

test("a failing API keeps everything typed and says to try again later", async ({ page }) => {
  await setFailing(page, true);
  await page.goto("/klant-worden");
  await fillValid(page);
  await form(page).locator("[name=marketingOptIn]").check();
  const request = page.waitForRequest((req) => req.method() === "POST" && req.url().includes("/contactform"));
  await form(page).getByRole("button", { name: "Versturen" }).click();
  expect(new URL((await request).url()).searchParams.get("contactType")).toBe("new-customer");
  await expect(form(page).getByRole("alert").filter({ hasText: "Er is iets misgegaan" })).toContainText("Probeer het later nog eens");
  await expect(field(page, /^Naam/)).toHaveValue("Anna de Vries");
  await expect(field(page, /^Bericht/)).toHaveValue("Graag een offerte voor ons terras.");
  await expect(form(page).locator("[name=privacyAccepted]")).toBeChecked();
  await expect(form(page).locator("[name=marketingOptIn]")).toBeChecked();
  await expect(form(page).getByRole("button", { name: "Versturen" })).toBeEnabled();

  // Once the service is back, the same input goes through.
  await setFailing(page, false);
  await form(page).getByRole("button", { name: "Versturen" }).click();
  await expect(page.getByText("Bedankt voor uw bericht")).toBeVisible();
});

test("sends once, with a busy button, and shows the success state (English)", async ({ page }) => {
  const bodies: unknown[] = [];
  // The answer is held until the test has checked the busy state and tried to send again.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/contactservice/api/v2/contacts/contactform**", async (route) => {
    if (route.request().method() === "POST") bodies.push(route.request().postDataJSON());
    await held;
    await route.continue();
  });
  await page.goto("/en/contact");
  await fillValid(page, "en");
  const button = form(page).locator("button[type=submit]");
  await button.click();
  await expect(button).toBeDisabled();
  await expect(button).toHaveText("Sending…");
  await expect(button.locator("[data-spinner]")).toBeVisible();
  await button.click({ force: true }).catch(() => undefined);
  await page.locator("form[data-contact-form]").dispatchEvent("submit").catch(() => undefined);
  release();
  await expect(page.getByText("Thank you for your message")).toBeVisible();
  // Nor after success.
  await page.locator("form[data-contact-form]").dispatchEvent("submit");
  await expect(page.locator("[data-form-success]")).toBeFocused();
  await expect(form(page)).toBeHidden();
  expect(bodies).toHaveLength(1);
  expect(bodies[0]).toMatchObject({ name: "Anna de Vries", email: "anna@dehoek.nl", privacyAccepted: true, marketingOptIn: false });
});

for (const width of [390, 1280]) {
  test(`after sending, the thank-you is in view below the sticky header, not under it (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
    await page.goto("/contact");
    await fillValid(page);
    // Sent from the bottom of the long form, as a customer does.
    await form(page).getByRole("button", { name: "Versturen" }).click();
    const success = page.locator("[data-form-success]");
    await expect(success).toBeFocused();
    const header = await page.locator(".kp-header").boundingBox();
    const box = await success.boundingBox();
    const viewport = page.viewportSize();
    expect(header && box && viewport).toBeTruthy();
    if (!header || !box || !viewport) return;
    // Its box starts below the header's bottom edge and ends inside the viewport.
    expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  });
}

test("the form has its privacy line and the marketing consent with its own opt-in", async ({ page }) => {
  await page.goto("/contact");
  await expect(form(page).getByRole("link", { name: "privacyverklaring" })).toHaveAttribute("href", "/privacy");
  const optIn = form(page).getByLabel(/marketing te sturen op basis van mijn voorkeuren en gedrag/);
  await expect(optIn).not.toBeChecked();
  await expect(optIn).toHaveAttribute("type", "checkbox");
});

test("a signed-in visitor sends for the selected account, with a token", async ({ browser }) => {
  const context = await browser.newContext({ storageState: await signedInAs(browser, "hoofdgebruiker@example.com") });
  const page = await context.newPage();
  await page.addInitScript(() => localStorage.setItem("selectedAccount", "100002"));
  await page.goto("/contact");
  await expect(page.locator("html")).toHaveAttribute("data-auth", "signed-in");
  await fillValid(page);
  const request = page.waitForRequest((req) => req.method() === "POST" && req.url().includes("/contactform"));
  await form(page).getByRole("button", { name: "Versturen" }).click();
  const sent = await request;
  expect(new URL(sent.url()).searchParams.get("accountNumber")).toBe("100002");
  expect(sent.headers()["authorization"]).toMatch(/^Bearer \S+/);
  await expect(page.getByText("Bedankt voor uw bericht")).toBeVisible();
  await context.close();
});

/** 'Plan een gesprek' on /klant-worden: its own request, sent as contactType appointment. */
const appointment = (page: Page) => page.locator('form[data-contact-type="appointment"]');
const errorOf = (page: Page, name: string) => appointment(page).locator(`[data-error-for="${name}"]`);

test("'Plan een gesprek' asks for the request's own fields, names each mistake, keeps the input when the call fails and then sends", async ({ page }) => {
  await page.goto("/klant-worden");
  await page.getByRole("link", { name: "Plan een gesprek" }).click();
  await expect(page).toHaveURL(/#gesprek-plannen$/);
  const form = appointment(page);
  const send = form.getByRole("button", { name: "Gesprek aanvragen" });
  await form.getByLabel(/^KvK-nummer/).fill("1234");
  await form.getByLabel(/^E-mailadres/).fill("anna@");
  await send.click();
  await expect(form.getByRole("alert").filter({ hasText: "Niet alle velden zijn goed ingevuld" })).toBeVisible();
  await expect(errorOf(page, "company")).toHaveText("Dit veld is verplicht.");
  await expect(errorOf(page, "kvkNumber")).toHaveText("Een KvK-nummer bestaat uit 8 cijfers.");
  await expect(errorOf(page, "email")).toHaveText("Vul een geldig e-mailadres in, bijvoorbeeld naam@bedrijf.nl.");
  await expect(errorOf(page, "businessType")).toHaveText("Maak een keuze.");
  await expect(errorOf(page, "preferredDays")).toHaveText("Kies ten minste één dag.");
  await expect(errorOf(page, "dayPart")).toHaveText("Maak een keuze.");
  await expect(form.getByLabel(/^Bedrijfsnaam/)).toBeFocused();
  // A corrected choice clears its own message at once.
  await form.getByLabel("Dinsdag").check();
  await expect(errorOf(page, "preferredDays")).toBeEmpty();

  await setFailing(page, true);
  await form.getByLabel(/^Bedrijfsnaam/).fill("Café De Hoek");
  await form.getByLabel(/^KvK-nummer/).fill("12345678");
  await form.getByLabel(/^Naam/).fill("Anna de Vries");
  await form.getByLabel(/^E-mailadres/).fill("anna@dehoek.nl");
  await form.getByLabel(/^Telefoonnummer/).fill("06 12345678");
  await form.getByLabel(/^Soort onderneming/).selectOption("hospitality");
  await form.getByLabel("Donderdag").check();
  await form.getByLabel(/^Middag/).check();
  await form.locator("input[name=privacyAccepted]").check();
  const request = page.waitForRequest((req) => req.method() === "POST" && req.url().includes("/contactform"));
  await send.click();
  expect(new URL((await request).url()).searchParams.get("contactType")).toBe("appointment");
  await expect(form.getByRole("alert").filter({ hasText: "Er is iets misgegaan" })).toBeVisible();
  await expect(form.getByLabel(/^KvK-nummer/)).toHaveValue("12345678");
  await expect(form.getByLabel(/^Soort onderneming/)).toHaveValue("hospitality");
  await expect(form.getByLabel("Dinsdag")).toBeChecked();
  await expect(form.getByLabel(/^Middag/)).toBeChecked();

  await setFailing(page, false);
  await send.click();
  await expect(page.getByRole("status").filter({ hasText: "Uw aanvraag is ontvangen" })).toBeVisible();
  const stored = (await (await page.request.get(`${backend()}/__test/contact-submissions`)).json()) as { contactType: string; data: unknown }[];
  expect(stored.at(-1)).toMatchObject({
    contactType: "appointment",
    data: { company: "Café De Hoek", kvkNumber: "12345678", businessType: "hospitality", preferredDays: ["tuesday", "thursday"], dayPart: "afternoon" },
  });
});

test("the stand-in refuses a bad appointment request with the same codes, and the English form reads in English", async ({ page }) => {
  const refused = await page.request.post(`${backend()}/contactservice/api/v2/contacts/contactform?contactType=appointment`, {
    headers: { "Ocp-Apim-Subscription-Key": "local-subscription-key" },
    data: { name: "A", company: "B", kvkNumber: "12", businessType: "bar", email: "a@b.nl", phone: "0612345678", preferredDays: [], dayPart: "morning", privacyAccepted: true },
  });
  expect(refused.status()).toBe(400);
  expect(((await refused.json()) as { errors: unknown[] }).errors).toEqual([
    { field: "kvkNumber", code: "kvk_number" },
    { field: "businessType", code: "choose_one" },
    { field: "preferredDays", code: "choose_day" },
  ]);

  await page.goto("/en/klant-worden");
  const form = appointment(page);
  await form.getByRole("button", { name: "Request a conversation" }).click();
  await expect(errorOf(page, "preferredDays")).toHaveText("Choose at least one day.");
  await expect(errorOf(page, "kvkNumber")).toHaveText("This field is required.");
  await expect(form.getByRole("group", { name: "Preferred part of the day" })).toBeVisible();
});

test("'Klant worden' promises one response time: the page's text and the request's own say the same, in both languages", async ({ page }) => {
  for (const [path, promise] of [
    ["/klant-worden", /(?<!\p{L})(een|één|twee|drie) werkdag(en)?(?!\p{L})/giu],
    ["/en/klant-worden", /(?<!\p{L})(one|a|two|three) working days?(?!\p{L})/giu],
  ] as const) {
    await page.goto(path);
    const said = [...(await page.locator("main").innerText()).matchAll(promise)].map((match) => match[0].toLowerCase().replace("één", "een").replace(/^a /, "one "));
    expect(said.length, path).toBeGreaterThan(1);
    expect(new Set(said), path).toEqual(new Set([said[0]]));
  }
});

test("the contact page puts address, phone, e-mail and opening hours from the CMS beside the form, and under each other on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/contact");
  const details = page.locator("[data-contact-details]");
  await expect(details.getByRole("heading", { name: "Klantenservice" })).toBeVisible();
  await expect(details.getByRole("link", { name: "020 123 45 67" })).toHaveAttribute("href", "tel:+31201234567");
  await expect(details.getByRole("link", { name: "klantenservice@vandamdranken.example" })).toHaveAttribute("href", "mailto:klantenservice@vandamdranken.example");
  await expect(details.locator("address")).toContainText("Houtveldweg 12");
  await expect(details.locator("address")).toContainText("1505 AA Zaandam");
  const hours = details.locator("[data-opening-hours] tr");
  await expect(hours).toHaveText(["Maandag t/m vrijdag8.00 – 18.00 uur", "Zaterdag9.00 – 13.00 uur", "Zondag en feestdagenGesloten"]);

  // Wide: two columns, the details beside the form, their tops level.
  const side = await details.boundingBox();
  const section = await page.locator("#contactformulier").boundingBox();
  expect(side && section && side.x + side.width < section.x && Math.abs(side.y - section.y) < 2).toBe(true);

  // A phone: one column, the details first.
  await page.setViewportSize({ width: 390, height: 844 });
  const stacked = await details.boundingBox();
  const below = await form(page).boundingBox();
  expect(stacked && below && stacked.y + stacked.height < below.y && stacked.width > 300).toBe(true);

  await page.goto("/en/contact");
  await expect(page.locator("[data-contact-details] [data-opening-hours] tr").first()).toHaveText("Monday to Friday8:00 am – 6:00 pm");
});
