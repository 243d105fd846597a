import { generateKeyPair, importJWK, SignJWT } from "jose";
import * as v from "valibot";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ForbiddenSchema, ValidationErrorSchema } from "../../src/core/api/schemas/common.ts";
import { AccountDetailsSchema, AccountSchema, ConsentStatusSchema, UserProfileSchema } from "../../src/core/api/schemas/people.ts";
import { CreatedContactSchema, DeletedContactSchema, PermissionCatalogueSchema, RelatedContactSchema, RelatedContactsSchema } from "../../src/core/api/schemas/colleagues.ts";
import { AccountUpdateSchema, type AccountUpdate } from "../../src/core/api/schemas/people-requests.ts";
import { providerKeys } from "../../stand-in/idp/keys.ts";
import { startTestBackend, type TestBackend } from "../support/backend.ts";
import { signIn, type Tokens } from "./support/tokens.ts";

let backend: TestBackend;
const tokens = new Map<string, Tokens>();

/** A signed-in user's access token, signing in once per user. */
async function tokenFor(email: string): Promise<string> {
  let found = tokens.get(email);
  if (!found) {
    found = await signIn(backend, email);
    tokens.set(email, found);
  }
  return found.access_token;
}

type Call = { token?: string; method?: string; body?: unknown; accountNumber?: string; key?: string | null };

async function call(path: string, options: Call = {}): Promise<Response> {
  const url = new URL(`${backend.api}${path}`);
  if (options.accountNumber) url.searchParams.set("accountNumber", options.accountNumber);
  const headers: Record<string, string> = {};
  if (options.key !== null) headers["ocp-apim-subscription-key"] = options.key ?? backend.key;
  if (options.token) headers["authorization"] = `Bearer ${options.token}`;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  return fetch(url, {
    method: options.method ?? "GET",
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
}

/** Calls as `email` and parses a 200 answer with `schema`. */
async function ok<S extends v.GenericSchema>(schema: S, email: string, path: string, options: Call = {}): Promise<v.InferOutput<S>> {
  const response = await call(path, { ...options, token: await tokenFor(email) });
  expect(response.status, await response.clone().text()).toBe(200);
  return v.parse(schema, await response.json());
}

async function refusedWith(response: Response, status: number): Promise<unknown> {
  expect(response.status).toBe(status);
  return response.json();
}

const MAIN = "hoofdgebruiker@example.com";
const INVOICES = "facturen@example.com";
const ADMIN = "admin@example.com";
const NEW = "nieuw@example.com";

beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.close());

describe("consent (/users)", () => {
  it("reads and gives consent, without needing consent first", async () => {
    expect(await ok(ConsentStatusSchema, MAIN, "/users")).toEqual({ consented: true, consentedAt: "2025-01-15T09:00:00.000Z" });
    expect(await ok(ConsentStatusSchema, NEW, "/users")).toEqual({ consented: false, consentedAt: null });
    // Before consent every other call is a 403 with statusCode 1.
    const before = await refusedWith(await call("/accounts", { token: await tokenFor(NEW) }), 403);
    expect(v.parse(ForbiddenSchema, before)).toEqual({ statusCode: 1 });
    const given = await ok(ConsentStatusSchema, NEW, "/users", { method: "POST" });
    expect(given.consented).toBe(true);
    expect(await ok(v.array(AccountSchema), NEW, "/accounts")).toHaveLength(1);
  });
});

describe("accounts", () => {
  it("lists the caller's own accounts", async () => {
    const accounts = await ok(v.array(AccountSchema), MAIN, "/accounts");
    expect(accounts.map((account) => account.accountnumber)).toEqual(["100001", "100002"]);
    expect((await ok(v.array(AccountSchema), INVOICES, "/accounts")).map((a) => a.accountnumber)).toEqual(["100001"]);
  });

  it("gives details with people and, with SAMENWERKINGSOVEREENKOMST, the sales contract; never cached", async () => {
    const response = await call("/accounts/details", { token: await tokenFor(MAIN), accountNumber: "100001" });
    expect(response.headers.get("cache-control")).toBe("no-store");
    const details = v.parse(AccountDetailsSchema, await response.json());
    expect(details.accountmanager?.image).toBe(`${backend.url}/images/people/anouk.jpg`);
    expect(details.salescontract?.salescontractnumber).toBe("SWO-2024-0117");
  });

  it("gives the contact persons' job titles in the language the locale asks for (Dutch by default)", async () => {
    const dutch = await ok(AccountDetailsSchema, MAIN, "/accounts/details", { accountNumber: "100001" });
    const english = await ok(AccountDetailsSchema, MAIN, "/accounts/details?locale=en-US", { accountNumber: "100001" });
    expect(dutch.accountmanager?.title).toBe("Accountmanager horeca");
    expect(english.accountmanager?.title).toBe("Account manager, hospitality");
    expect(english.salesSupport?.title).toBe("Sales support");
  });

  it("strips the sales contract without SAMENWERKINGSOVEREENKOMST", async () => {
    const details = await ok(AccountDetailsSchema, INVOICES, "/accounts/details", { accountNumber: "100001" });
    expect(details).not.toHaveProperty("salescontract");
    expect(details.salesSupport?.fullName).toBe("Bram de Jong");
  });

  it("refuses another customer's account", async () => {
    const response = await call("/accounts/details", { token: await tokenFor(INVOICES), accountNumber: "100002" });
    expect(await refusedWith(response, 403)).toEqual({ statusCode: 2 });
  });

  it("updates the account with HOOFDDATA, normalizing the numbers", async () => {
    const current = await ok(AccountSchema, MAIN, "/accounts/details", { accountNumber: "100002" });
    const editable = v.parse(AccountUpdateSchema, current);
    const update: AccountUpdate = { ...editable, telephone: "023-5123457", ibanNumber: "nl91abna0417164300", address1postalcode: "2011cg" };
    const saved = await ok(AccountSchema, MAIN, "/accounts", { method: "PUT", accountNumber: "100002", body: update });
    // The telephone in its one normal form, however it was typed.
    expect(saved).toMatchObject({ telephone: "+31235123457", ibanNumber: "NL91 ABNA 0417 1643 00", address1postalcode: "2011 CG" });
  });

  it("names each refused field of an account update", async () => {
    const current = await ok(AccountSchema, MAIN, "/accounts/details", { accountNumber: "100002" });
    const editable = v.parse(AccountUpdateSchema, current);
    const response = await call("/accounts", {
      method: "PUT",
      accountNumber: "100002",
      token: await tokenFor(MAIN),
      body: { ...editable, name: "", vatNumber: "NL123", ibanNumber: "NL00ABNA0417164300", chamberOfCommerceNumber: "1234", address1postalcode: "1234" },
    });
    const body = v.parse(ValidationErrorSchema, await refusedWith(response, 400));
    expect(body.errors).toEqual([
      { field: "name", code: "required" },
      { field: "address1postalcode", code: "postal_code" },
      { field: "vatNumber", code: "vat_number" },
      { field: "ibanNumber", code: "iban" },
      { field: "chamberOfCommerceNumber", code: "kvk_number" },
    ]);
  });

  it("refuses a body of the wrong shape", async () => {
    const response = await call("/accounts", { method: "PUT", accountNumber: "100002", token: await tokenFor(MAIN), body: { name: 12 } });
    const body = v.parse(ValidationErrorSchema, await refusedWith(response, 400));
    expect(body.errors).toContainEqual({ field: "name", code: "invalid" });
    expect(body.errors).toContainEqual({ field: "address1line1", code: "required" });
  });

  it("refuses the update without HOOFDDATA", async () => {
    const response = await call("/accounts", { method: "PUT", accountNumber: "100001", token: await tokenFor(INVOICES), body: {} });
    expect(await refusedWith(response, 403)).toEqual({ statusCode: 2 });
  });
});

describe("own profile (/contacts/)", () => {
  it("reads and updates the own profile, bumping updated_at; e-mail stays", async () => {
    const before = await ok(UserProfileSchema, INVOICES, "/contacts/");
    expect(before).toMatchObject({ email: INVOICES, firstName: "Jeroen", organisation: ["100001"] });
    const after = await ok(UserProfileSchema, INVOICES, "/contacts/", {
      method: "PUT",
      body: { firstName: "Jeroen", lastName: "Bakker-Smit", phonenumber: "020 123 4567", email: "other@example.com" },
    });
    expect(after).toMatchObject({ email: INVOICES, lastName: "Bakker-Smit", phonenumber: "+31201234567" });
    expect(Date.parse(after.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt));
  });

  it("refuses an invalid phone number", async () => {
    const response = await call("/contacts/", {
      method: "PUT",
      token: await tokenFor(INVOICES),
      body: { firstName: "Jeroen", lastName: "Bakker", phonenumber: "123" },
    });
    expect(v.parse(ValidationErrorSchema, await refusedWith(response, 400)).errors).toEqual([{ field: "phonenumber", code: "phone" }]);
  });
});

describe("user management (/userpermissions)", () => {
  it("serves the permission catalogue in both languages", async () => {
    const catalogue = await ok(PermissionCatalogueSchema, MAIN, "/userpermissions", { accountNumber: "100001" });
    expect(catalogue.map((entry) => entry.code)).toContain("GEBRUIKERSBEHEER");
    expect(catalogue.find((entry) => entry.code === "ADMINISTRATOR")?.assignable).toBe(false);
    expect(catalogue.find((entry) => entry.code === "FACTUREN")?.name).toEqual({ nl: "Facturen", en: "Invoices" });
  });

  it("lists the account's contacts with permissions and the main user first", async () => {
    const contacts = await ok(RelatedContactsSchema, MAIN, "/userpermissions/related-contacts", { accountNumber: "100001" });
    expect(contacts[0]).toMatchObject({ email: MAIN, isMainUser: true });
    expect(contacts.map((contact) => contact.email)).toEqual(
      expect.arrayContaining([INVOICES, ADMIN, "lotte.smit@example.com", "fatima.elamrani@example.com"]),
    );
    const one = await ok(RelatedContactSchema, MAIN, "/userpermissions/usr-0002", { accountNumber: "100001" });
    expect(one.permissions).toEqual(["FACTUREN"]);
  });

  it("answers 404 for a contact of another account", async () => {
    const response = await call("/userpermissions/usr-0004", { token: await tokenFor(MAIN), accountNumber: "100001" });
    expect(response.status).toBe(404);
  });

  it("refuses user management without GEBRUIKERSBEHEER, but lets an ADMINISTRATOR in", async () => {
    const response = await call("/userpermissions/related-contacts", { token: await tokenFor(INVOICES), accountNumber: "100001" });
    expect(await refusedWith(response, 403)).toEqual({ statusCode: 2 });
    await ok(RelatedContactsSchema, ADMIN, "/userpermissions/related-contacts", { accountNumber: "100001" });
  });

  it("validates the user form: every field, e-mail, a 06 number, at least one permission", async () => {
    const response = await call("/userpermissions/create-contact", {
      method: "POST",
      accountNumber: "100001",
      token: await tokenFor(MAIN),
      body: { firstName: "", lastName: "X", email: "not-an-email", phonenumber: "020 123 4567", permissions: [] },
    });
    expect(v.parse(ValidationErrorSchema, await refusedWith(response, 400)).errors).toEqual([
      { field: "firstName", code: "required" },
      { field: "email", code: "email" },
      { field: "phonenumber", code: "mobile" },
      { field: "permissions", code: "permissions_required" },
    ]);
  });

  it("updates a contact's permissions and bumps their updated_at", async () => {
    const updated = await ok(RelatedContactSchema, MAIN, "/userpermissions/update-contact/usr-0005", {
      method: "PUT",
      accountNumber: "100001",
      body: { firstName: "Fatima", lastName: "El Amrani", phonenumber: "+31656789012", permissions: ["BONUS"] },
    });
    expect(updated.permissions).toEqual(["BONUS"]);
  });

  it("keeps the main user from removing themselves or their own GEBRUIKERSBEHEER", async () => {
    const token = await tokenFor(MAIN);
    const remove = await call("/userpermissions/delete-contact/usr-0001", { method: "DELETE", accountNumber: "100001", token });
    expect(v.parse(ValidationErrorSchema, await refusedWith(remove, 400)).errors).toEqual([{ field: "id", code: "self_delete" }]);
    const demote = await call("/userpermissions/update-contact/usr-0001", {
      method: "PUT",
      accountNumber: "100001",
      token,
      body: { firstName: "Marleen", lastName: "de Vries", phonenumber: "0612345678", permissions: ["FACTUREN"] },
    });
    expect(v.parse(ValidationErrorSchema, await refusedWith(demote, 400)).errors).toEqual([{ field: "permissions", code: "own_user_management" }]);
  });

  it("protects the supplier's administrator from a main user", async () => {
    const response = await call("/userpermissions/delete-contact/usr-0003", { method: "DELETE", accountNumber: "100001", token: await tokenFor(MAIN) });
    expect(await refusedWith(response, 403)).toEqual({ statusCode: 2, errors: [{ field: "id", code: "administrator_protected" }] });
  });

  it("deletes a contact; one without accounts left loses the sign-in", async () => {
    const deleted = await ok(DeletedContactSchema, MAIN, "/userpermissions/delete-contact/usr-0006", { method: "DELETE", accountNumber: "100001" });
    expect(deleted).toEqual({ id: "usr-0006" });
    const gone = await call("/userpermissions/usr-0006", { token: await tokenFor(MAIN), accountNumber: "100001" });
    expect(gone.status).toBe(404);
  });
});

describe("the account's keys: the main user and the administrators", () => {
  // Lotte holds GEBRUIKERSBEHEER on 100001 but is not its main user (Marleen is).
  const LOTTE = "lotte.smit@example.com";
  const detailsOf = (contact: { firstName: string; lastName: string; phonenumber: string }) => ({
    firstName: contact.firstName,
    lastName: contact.lastName,
    phonenumber: contact.phonenumber,
  });
  const ALL = ["HOOFDDATA", "GEBRUIKERSBEHEER", "DOCUMENTEN", "SAMENWERKINGSOVEREENKOMST", "FACTUREN", "BONUS"];
  const refused = async (response: Response, status: number, field: string, code: string) =>
    expect(await refusedWith(response, status)).toEqual(
      status === 400 ? { statusCode: 400, errors: [{ field, code }] } : { statusCode: 2, errors: [{ field, code }] },
    );
  const contact = async (id: string, accountNumber = "100001") => ok(RelatedContactSchema, MAIN, `/userpermissions/${id}`, { accountNumber });
  const mainUsers = async (accountNumber: string) =>
    (await ok(RelatedContactsSchema, MAIN, "/userpermissions/related-contacts", { accountNumber })).filter((entry) => entry.isMainUser);
  const mailsTo = async (to: string) => (await (await fetch(`${backend.url}/__test/outbox?to=${to}`)).json()) as { subject: string; body: string }[];

  it("a user manager who is not the main user cannot grant herself every permission", async () => {
    const lotte = await contact("usr-0007");
    const response = await call("/userpermissions/update-contact/usr-0007", {
      method: "PUT",
      accountNumber: "100001",
      token: await tokenFor(LOTTE),
      body: { ...detailsOf(lotte), permissions: ALL },
    });
    await refused(response, 403, "permissions", "own_permissions");
    expect((await contact("usr-0007")).permissions).toEqual(lotte.permissions);
  });

  it("nor change, strip or remove the main user", async () => {
    const token = await tokenFor(LOTTE);
    const marleen = await contact("usr-0001");
    const strip = await call("/userpermissions/update-contact/usr-0001", {
      method: "PUT",
      accountNumber: "100001",
      token,
      body: { ...detailsOf(marleen), permissions: ["FACTUREN"] },
    });
    await refused(strip, 403, "id", "main_user_protected");
    const rename = await call("/userpermissions/update-contact/usr-0001", {
      method: "PUT",
      accountNumber: "100001",
      token,
      body: { ...detailsOf(marleen), lastName: "Anders", permissions: marleen.permissions },
    });
    await refused(rename, 403, "id", "main_user_protected");
    await refused(await call("/userpermissions/delete-contact/usr-0001", { method: "DELETE", accountNumber: "100001", token }), 403, "id", "main_user_protected");
    expect(await contact("usr-0001")).toEqual(marleen);
  });

  it("nor grant or take away user management, also not by adding or removing a colleague", async () => {
    const token = await tokenFor(LOTTE);
    const fatima = await contact("usr-0005");
    const grant = await call("/userpermissions/update-contact/usr-0005", {
      method: "PUT",
      accountNumber: "100001",
      token,
      body: { ...detailsOf(fatima), permissions: [...fatima.permissions, "GEBRUIKERSBEHEER"] },
    });
    await refused(grant, 403, "permissions", "user_management_protected");
    const create = await call("/userpermissions/create-contact", {
      method: "POST",
      accountNumber: "100001",
      token,
      body: { firstName: "Hand", lastName: "Langer", email: "handlanger@example.com", phonenumber: "0612121212", permissions: ["GEBRUIKERSBEHEER"] },
    });
    await refused(create, 403, "permissions", "user_management_protected");
    // A second manager made by the main user is beyond Lotte's reach too.
    const second = await ok(CreatedContactSchema, MAIN, "/userpermissions/create-contact", {
      method: "POST",
      accountNumber: "100001",
      body: { firstName: "Tweede", lastName: "Beheerder", email: "tweede.beheerder@example.com", phonenumber: "0613131313", permissions: ["GEBRUIKERSBEHEER"] },
    });
    await refused(await call(`/userpermissions/delete-contact/${second.id}`, { method: "DELETE", accountNumber: "100001", token }), 403, "id", "user_management_protected");
    await ok(DeletedContactSchema, MAIN, `/userpermissions/delete-contact/${second.id}`, { method: "DELETE", accountNumber: "100001" });
  });

  it("still manages the ordinary colleagues", async () => {
    const fatima = await contact("usr-0005");
    const edited = await ok(RelatedContactSchema, LOTTE, "/userpermissions/update-contact/usr-0005", {
      method: "PUT",
      accountNumber: "100001",
      body: { ...detailsOf(fatima), permissions: ["FACTUREN", "BONUS"] },
    });
    expect(edited.permissions).toEqual(["FACTUREN", "BONUS"]);
    await ok(RelatedContactSchema, LOTTE, "/userpermissions/update-contact/usr-0005", {
      method: "PUT",
      accountNumber: "100001",
      body: { ...detailsOf(fatima), permissions: fatima.permissions },
    });
  });

  it("the main user keeps user management and stays, even against an administrator", async () => {
    const marleen = await contact("usr-0001");
    const strip = await call("/userpermissions/update-contact/usr-0001", {
      method: "PUT",
      accountNumber: "100001",
      token: await tokenFor(ADMIN),
      body: { ...detailsOf(marleen), permissions: ["FACTUREN"] },
    });
    await refused(strip, 400, "permissions", "main_user_manages");
    const remove = await call("/userpermissions/delete-contact/usr-0001", { method: "DELETE", accountNumber: "100001", token: await tokenFor(ADMIN) });
    await refused(remove, 400, "id", "main_user_remove");
    expect(await mainUsers("100001")).toHaveLength(1);
  });

  it("only the main user or an administrator hands the role over, never to an administrator", async () => {
    await refused(await call("/userpermissions/hand-over/usr-0007", { method: "POST", accountNumber: "100001", token: await tokenFor(LOTTE) }), 403, "id", "main_user_protected");
    await refused(await call("/userpermissions/hand-over/usr-0001", { method: "POST", accountNumber: "100001", token: await tokenFor(MAIN) }), 400, "id", "already_main_user");
    await refused(await call("/userpermissions/hand-over/usr-0003", { method: "POST", accountNumber: "100001", token: await tokenFor(MAIN) }), 400, "id", "administrator_protected");
    expect((await mainUsers("100001")).map((entry) => entry.id)).toEqual(["usr-0001"]);
  });

  it("the main user hands the role over: exactly one main user, who holds user management, and both are mailed", async () => {
    const fatima = await contact("usr-0005");
    expect(fatima.permissions).not.toContain("GEBRUIKERSBEHEER");
    const handed = await ok(RelatedContactSchema, MAIN, "/userpermissions/hand-over/usr-0005", { method: "POST", accountNumber: "100001" });
    expect(handed).toMatchObject({ id: "usr-0005", isMainUser: true });
    expect(handed.permissions).toContain("GEBRUIKERSBEHEER");
    expect((await mainUsers("100001")).map((entry) => entry.id)).toEqual(["usr-0005"]);
    expect((await contact("usr-0001")).permissions).toContain("GEBRUIKERSBEHEER");
    const [toNew] = await mailsTo("fatima.elamrani@example.com");
    // Names and the company name that customers typed are quoted as text (docs/security.md).
    expect(toNew?.subject).toBe("U bent nu hoofdgebruiker van “Café De Gouden Leeuw B.V.”");
    expect(toNew?.body).toContain("You now manage this account's users");
    const [toPrevious] = (await mailsTo(MAIN)).slice(-1);
    expect(toPrevious?.subject).toBe("“Fatima El Amrani” is nu hoofdgebruiker van “Café De Gouden Leeuw B.V.”");

    // Now Marleen is an ordinary manager: the rules hold against her, and the new main user can hand it back.
    await refused(await call("/userpermissions/delete-contact/usr-0005", { method: "DELETE", accountNumber: "100001", token: await tokenFor(MAIN) }), 403, "id", "main_user_protected");
    await ok(RelatedContactSchema, "fatima.elamrani@example.com", "/userpermissions/hand-over/usr-0001", { method: "POST", accountNumber: "100001" });
    expect((await mainUsers("100001")).map((entry) => entry.id)).toEqual(["usr-0001"]);
  });

  it("an administrator can hand the role over too", async () => {
    await ok(RelatedContactSchema, ADMIN, "/userpermissions/hand-over/usr-0005", { method: "POST", accountNumber: "100001" });
    expect((await mainUsers("100001")).map((entry) => entry.id)).toEqual(["usr-0005"]);
    await ok(RelatedContactSchema, ADMIN, "/userpermissions/hand-over/usr-0001", { method: "POST", accountNumber: "100001" });
    expect((await mainUsers("100001")).map((entry) => entry.id)).toEqual(["usr-0001"]);
  });

  it("without GEBRUIKERSBEHEER the hand-over is a plain 403", async () => {
    expect(await refusedWith(await call("/userpermissions/hand-over/usr-0002", { method: "POST", accountNumber: "100001", token: await tokenFor(INVOICES) }), 403)).toEqual({ statusCode: 2 });
  });
});

describe("enforcement", () => {
  const claims = () => ({ sub: "usr-0001", client_id: backend.config.clientId });
  const issuer = () => `${backend.url}/`;
  const providerKey = async () => importJWK(providerKeys(backend.config.dataDir).signing.keys[0]!, "RS256");
  const kid = () => providerKeys(backend.config.dataDir).signing.keys[0]!.kid ?? "";

  it("refuses a call without the subscription key", async () => {
    expect((await call("/accounts", { key: null, token: await tokenFor(MAIN) })).status).toBe(401);
  });

  it("refuses a call without a token", async () => {
    expect((await call("/accounts")).status).toBe(401);
    expect((await call("/users")).status).toBe(401);
  });

  it("refuses a malformed bearer", async () => {
    expect((await call("/accounts", { token: "not-a-jwt" })).status).toBe(401);
  });

  it("refuses a token signed with another key", async () => {
    const { privateKey } = await generateKeyPair("RS256");
    const token = await new SignJWT(claims())
      .setProtectedHeader({ alg: "RS256", typ: "at+jwt", kid: kid() })
      .setIssuer(issuer())
      .setAudience(backend.config.audience)
      .setIssuedAt()
      .setExpirationTime("5m")
      .sign(privateKey);
    expect((await call("/accounts", { token })).status).toBe(401);
  });

  it("refuses an expired token", async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT(claims())
      .setProtectedHeader({ alg: "RS256", typ: "at+jwt", kid: kid() })
      .setIssuer(issuer())
      .setAudience(backend.config.audience)
      .setIssuedAt(now - 3600)
      .setExpirationTime(now - 60)
      .sign(await providerKey());
    expect((await call("/accounts", { token })).status).toBe(401);
  });

  it("refuses a token for another audience and one from another issuer", async () => {
    const sign = async (audience: string, iss: string) =>
      new SignJWT(claims())
        .setProtectedHeader({ alg: "RS256", typ: "at+jwt", kid: kid() })
        .setIssuer(iss)
        .setAudience(audience)
        .setIssuedAt()
        .setExpirationTime("5m")
        .sign(await providerKey());
    expect((await call("/accounts", { token: await sign("https://other-api.example", issuer()) })).status).toBe(401);
    expect((await call("/accounts", { token: await sign(backend.config.audience, "http://evil.example/") })).status).toBe(401);
    // The same token with the right audience and issuer passes: the refusals above are about those claims.
    expect((await call("/accounts", { token: await sign(backend.config.audience, issuer()) })).status).toBe(200);
  });

  it("refuses an ID token used as a bearer", async () => {
    await tokenFor(MAIN);
    const idToken = tokens.get(MAIN)?.id_token ?? "";
    expect((await call("/accounts", { token: idToken })).status).toBe(401);
  });

  it("reads permissions fresh from the database, not from the token", async () => {
    const lotte = await tokenFor("lotte.smit@example.com");
    const path = "/userpermissions/related-contacts";
    expect((await call(path, { token: lotte, accountNumber: "100001" })).status).toBe(200);
    await ok(RelatedContactSchema, MAIN, "/userpermissions/update-contact/usr-0007", {
      method: "PUT",
      accountNumber: "100001",
      body: { firstName: "Lotte", lastName: "Smit", phonenumber: "+31678901234", permissions: ["FACTUREN"] },
    });
    // The same, still valid token (its claims still say GEBRUIKERSBEHEER) no longer gets in.
    expect(await refusedWith(await call(path, { token: lotte, accountNumber: "100001" }), 403)).toEqual({ statusCode: 2 });
  });

  it("refuses the token of a user who no longer exists", async () => {
    const fatima = await tokenFor("fatima.elamrani@example.com");
    await ok(DeletedContactSchema, MAIN, "/userpermissions/delete-contact/usr-0005", { method: "DELETE", accountNumber: "100001" });
    expect((await call("/contacts/", { token: fatima })).status).toBe(401);
  });

  it("requires the accountNumber on account-scoped calls", async () => {
    const response = await call("/accounts/details", { token: await tokenFor(MAIN) });
    expect(v.parse(ValidationErrorSchema, await refusedWith(response, 400)).errors).toEqual([{ field: "accountNumber", code: "required" }]);
  });
});
