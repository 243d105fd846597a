import * as v from "valibot";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ValidationErrorSchema } from "../../src/core/api/schemas/common.ts";
import { CreatedContactSchema, RelatedContactSchema, RelatedContactsSchema, type RelatedContact } from "../../src/core/api/schemas/colleagues.ts";
import { clock } from "../../stand-in/idp/clock.ts";
import { startTestBackend, type TestBackend } from "../support/backend.ts";
import { exchangeCode, followToSite, signIn, startAuthorization, type Tokens } from "./support/tokens.ts";

/**
 * Invitations (docs/api-people.md, "Invitations"): adding a user mails a single-use link valid 7
 * days; the person chooses a password at the provider and is signed in; resend kills the old link,
 * revoke kills it, an existing sign-in confirms with its password; the inviter's answer is the same
 * whether or not the address has a sign-in.
 */
let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.close());
afterEach(() => clock.reset());

const MAIN = "hoofdgebruiker@example.com";
const tokens = new Map<string, Tokens>();
async function tokenFor(email: string): Promise<string> {
  const found = tokens.get(email) ?? (await signIn(backend, email));
  tokens.set(email, found);
  return found.access_token;
}

async function call(path: string, options: { method?: string; body?: unknown; accountNumber: string; as?: string }): Promise<Response> {
  const url = new URL(`${backend.api}${path}`);
  url.searchParams.set("accountNumber", options.accountNumber);
  return fetch(url, {
    method: options.method ?? "GET",
    headers: {
      "ocp-apim-subscription-key": backend.key,
      authorization: `Bearer ${await tokenFor(options.as ?? MAIN)}`,
      ...(options.body !== undefined ? { "content-type": "application/json" } : {}),
    },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
}

const person = (email: string, permissions = ["FACTUREN", "DOCUMENTEN"]) => ({ firstName: "Eva", lastName: "de Boer", email, phonenumber: "06 98765432", permissions });

async function invite(email: string, accountNumber = "100002", as = MAIN): Promise<RelatedContact> {
  const response = await call("/userpermissions/create-contact", { method: "POST", accountNumber, body: person(email), as });
  expect(response.status, await response.clone().text()).toBe(200);
  return v.parse(CreatedContactSchema, await response.json());
}

async function listed(accountNumber = "100002"): Promise<RelatedContact[]> {
  return v.parse(RelatedContactsSchema, await (await call("/userpermissions/related-contacts", { accountNumber })).json());
}

type Mail = { to: string; subject: string; body: string };
const mailsTo = async (email: string): Promise<Mail[]> => (await (await fetch(`${backend.url}/__test/outbox?to=${encodeURIComponent(email)}`)).json()) as Mail[];

/** The newest invitation link mailed to `email`, in the mail's Dutch part. */
async function linkFor(email: string): Promise<string> {
  const link = /(http:\/\/\S+\/login\/invitation\?token=[\w-]+&lang=nl)/.exec((await mailsTo(email)).at(-1)?.body ?? "")?.[1];
  if (!link) throw new Error(`no invitation mailed to ${email}`);
  return link;
}

const form = (fields: Record<string, string>): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields).toString(),
  redirect: "manual",
});
const accept = async (link: string, password: string): Promise<Response> =>
  fetch(`${backend.url}/login/invitation`, form({ token: new URL(link).searchParams.get("token") ?? "", lang: "nl", password }));

/** After accepting: the site's sign-in (a fresh code flow) passes the provider's login without a password. */
async function signInAfterAccepting(accepted: Response): Promise<Tokens> {
  const authorization = await startAuthorization(backend.url, backend.config);
  authorization.jar.store(accepted);
  const login = await fetch(authorization.loginUrl, { redirect: "manual", headers: { cookie: authorization.jar.header() } });
  authorization.jar.store(login);
  expect(login.status).toBe(303);
  const callback = await followToSite(authorization, login, backend.url);
  return exchangeCode(backend.url, backend.config, authorization, callback.searchParams.get("code") ?? "");
}

const claimsOf = (token: string): { accountnumber: string[] } => {
  const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8")) as Record<string, unknown>;
  return payload[backend.config.claimNamespace] as { accountnumber: string[] };
};

describe("invitations", () => {
  it("invites, and the person chooses a password (the provider's rules) and lands signed in on the account", async () => {
    const created = await invite("eva.deboer@example.com");
    expect(created).toMatchObject({ state: "invited", email: "eva.deboer@example.com", phonenumber: "+31698765432", acceptedAt: null });
    expect(created.id).toMatch(/^inv-/);
    expect(created.invitedAt).not.toBeNull();
    expect((await listed()).find((entry) => entry.id === created.id)?.state).toBe("invited");
    const mails = await mailsTo("eva.deboer@example.com");
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe("Uitnodiging voor Mijn onderneming van “Restaurant Het Zilveren Anker B.V.”");
    expect(mails[0]?.body).toContain("Facturen, Documenten");
    expect(mails[0]?.body).not.toMatch(/wachtwoord: /i);
    // No sign-in before accepting.
    await expect(signIn(backend, "eva.deboer@example.com")).rejects.toThrow(/answered 401/);

    const link = await linkFor("eva.deboer@example.com");
    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Kies een wachtwoord");
    const english = await (await fetch(link.replace("lang=nl", "lang=en"))).text();
    expect(english).toContain("Accept invitation");
    expect((await accept(link, "kort")).status).toBe(400);
    const accepted = await accept(link, "Nieuw-wachtwoord-2026");
    expect(accepted.status).toBe(303);
    // To the invited account (the sign-in page stores the hint as the account choice).
    expect(accepted.headers.get("location")).toMatch(/\/inloggen\?account=100002$/);
    const theirs = await signInAfterAccepting(accepted);
    expect(claimsOf(theirs.access_token).accountnumber).toEqual(["100002"]);

    const now = (await listed()).find((entry) => entry.email === "eva.deboer@example.com");
    expect(now).toMatchObject({ state: "active" });
    expect(now?.id).toMatch(/^usr-/);
    expect(now?.acceptedAt).not.toBeNull();
    expect(now?.lastSignInAt).not.toBeNull();
    // Single use: the link now says it was used.
    const used = await fetch(link);
    expect(used.status).toBe(410);
    expect(await used.text()).toContain('data-reason="used"');
    await expect(signIn(backend, "eva.deboer@example.com", "Nieuw-wachtwoord-2026")).resolves.toHaveProperty("access_token");
  });

  it("answers the inviter alike whether or not the address has a sign-in; the existing one accepts with their password", async () => {
    const unknown = await invite("nog.niemand@example.com");
    const known = await invite("facturen@example.com");
    const shape = (entry: RelatedContact) => ({ ...entry, id: "X", email: "X", invitedAt: "X" });
    expect(shape(known)).toEqual(shape(unknown));
    // Not linked before accepting: their token still lists only their own account.
    expect(claimsOf(await tokenFor("facturen@example.com")).accountnumber).toEqual(["100001"]);
    const link = await linkFor("facturen@example.com");
    expect(await (await fetch(link)).text()).toContain("U heeft al een inlog");
    expect((await accept(link, "Verkeerd-2026")).status).toBe(401);
    const accepted = await accept(link, "Welkom123!");
    expect(accepted.status).toBe(303);
    const theirs = await signInAfterAccepting(accepted);
    expect(claimsOf(theirs.access_token).accountnumber).toEqual(["100001", "100002"]);
  });

  it("an existing login also finds the invitation in their own portal's notifications, only they; a resend replaces its link, a revoke kills it", async () => {
    type Inbox = { items: { guid: string; title: string; body: string; link: string | null; read: boolean }[]; unread: number };
    const inboxOf = async (as: string, accountNumber: string, locale = "nl-NL"): Promise<Inbox> =>
      (await (await call(`/inbox?locale=${locale}`, { accountNumber, as })).json()) as Inbox;
    const noticeOf = async (as: string, accountNumber: string, locale?: string) =>
      (await inboxOf(as, accountNumber, locale)).items.find((item) => item.link?.includes("/login/invitation?") ?? false);
    const before = await inboxOf("admin@example.com", "100001");
    // Nobody without a sign-in gets one (there is no portal to put it in); the answer is alike (test above).
    await invite("nog.geen.inlog@example.com");
    const created = await invite("admin@example.com");
    const notice = await noticeOf("admin@example.com", "100001");
    expect(notice?.title).toBe("Uitnodiging voor Restaurant Het Zilveren Anker B.V.");
    expect(notice?.body).toContain("Facturen, Documenten");
    expect(notice?.read).toBe(false);
    expect((await inboxOf("admin@example.com", "100001")).unread).toBe(before.unread + 1);
    // The same acceptance page as the mail's link, in the reader's language.
    expect(notice?.link).toBe(await linkFor("admin@example.com"));
    const english = await noticeOf("admin@example.com", "100001", "en-US");
    expect(english?.title).toBe("Invitation to Restaurant Het Zilveren Anker B.V.");
    expect(await (await fetch(english?.link ?? "")).text()).toContain("Accept invitation");
    // Personal: the colleagues on the account the invited person opens do not see it.
    const sees = async (as: string, accountNumber: string) => (await inboxOf(as, accountNumber)).items.some((item) => item.guid === notice?.guid);
    expect(await sees("facturen@example.com", "100001")).toBe(false);
    expect(await sees(MAIN, "100001")).toBe(false);
    expect(await sees(MAIN, "100002")).toBe(false);
    expect((await call(`/inbox/${notice?.guid ?? ""}`, { accountNumber: "100001", as: "facturen@example.com" })).status).toBe(404);

    // A resend: the notice carries the new link (unread again), the old one dies as the mail's does.
    expect((await call(`/inbox/${notice?.guid ?? ""}`, { method: "POST", accountNumber: "100001", as: "admin@example.com" })).status).toBe(200);
    expect((await call(`/userpermissions/invitations/${created.id}/resend`, { method: "POST", accountNumber: "100002" })).status).toBe(200);
    const resent = await noticeOf("admin@example.com", "100001");
    expect(resent?.guid).toBe(notice?.guid);
    expect(resent?.read).toBe(false);
    expect(resent?.link).not.toBe(notice?.link);
    expect(resent?.link).toBe(await linkFor("admin@example.com"));
    expect(await (await fetch(notice?.link ?? "")).text()).toContain('data-reason="replaced"');

    // Revoked: the notice's link opens the page that says so.
    expect((await call(`/userpermissions/invitations/${created.id}/revoke`, { method: "POST", accountNumber: "100002" })).status).toBe(200);
    const revoked = await fetch(resent?.link ?? "");
    expect(revoked.status).toBe(410);
    expect(await revoked.text()).toContain('data-reason="revoked"');
    // Removed as a mistake: the notice goes with it.
    expect((await call(`/userpermissions/delete-contact/${created.id}`, { method: "DELETE", accountNumber: "100002" })).status).toBe(200);
    expect(await sees("admin@example.com", "100001")).toBe(false);
  });

  it("expires after 7 days on the backend's clock; resend makes a new link and the old one dies", async () => {
    const created = await invite("later@example.com");
    const first = await linkFor("later@example.com");
    clock.advance(7 * 24 * 60 * 60 * 1000);
    const expired = await fetch(first);
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain('data-reason="expired"');
    expect((await listed()).find((entry) => entry.id === created.id)?.state).toBe("expired");
    const resent = await call(`/userpermissions/invitations/${created.id}/resend`, { method: "POST", accountNumber: "100002" });
    expect(v.parse(RelatedContactSchema, await resent.json()).state).toBe("invited");
    const second = await linkFor("later@example.com");
    expect(second).not.toBe(first);
    expect(await (await fetch(first)).text()).toContain('data-reason="replaced"');
    expect((await fetch(second)).status).toBe(200);
  });

  it("revokes: the link says so; an accepted or unknown invitation cannot be revoked", async () => {
    const created = await invite("ingetrokken@example.com");
    const link = await linkFor("ingetrokken@example.com");
    const revoked = await call(`/userpermissions/invitations/${created.id}/revoke`, { method: "POST", accountNumber: "100002" });
    expect(v.parse(RelatedContactSchema, await revoked.json()).state).toBe("revoked");
    expect(await (await fetch(link)).text()).toContain('data-reason="revoked"');
    expect((await accept(link, "Nieuw-wachtwoord-2026")).status).toBe(410);
    const again = await call(`/userpermissions/invitations/${created.id}/revoke`, { method: "POST", accountNumber: "100002" });
    expect(v.parse(ValidationErrorSchema, await again.json()).errors).toEqual([{ field: "id", code: "invitation_not_open" }]);
    expect((await call(`/userpermissions/invitations/inv-nope/revoke`, { method: "POST", accountNumber: "100002" })).status).toBe(404);
    // Removed (a mistake): gone from the list.
    expect((await call(`/userpermissions/delete-contact/${created.id}`, { method: "DELETE", accountNumber: "100002" })).status).toBe(200);
    expect((await listed()).some((entry) => entry.id === created.id)).toBe(false);
  });

  it("sends one invitation for a double click, and refuses oneself, a person on the account or already invited", async () => {
    const [one, two] = await Promise.all([
      call("/userpermissions/create-contact", { method: "POST", accountNumber: "100002", body: person("dubbel@example.com") }),
      call("/userpermissions/create-contact", { method: "POST", accountNumber: "100002", body: person("dubbel@example.com") }),
    ]);
    const ids = [((await one?.json()) as { id: string }).id, ((await two?.json()) as { id: string }).id];
    expect(ids[0]).toBe(ids[1]);
    expect(await mailsTo("dubbel@example.com")).toHaveLength(1);
    const refusal = async (body: unknown, accountNumber = "100002") =>
      v.parse(ValidationErrorSchema, await (await call("/userpermissions/create-contact", { method: "POST", accountNumber, body })).json()).errors;
    expect(await refusal({ ...person("dubbel@example.com"), lastName: "Anders" })).toEqual([{ field: "email", code: "already_invited" }]);
    expect(await refusal(person(MAIN))).toEqual([{ field: "email", code: "self_invite" }]);
    expect(await refusal(person("fatima.elamrani@example.com"), "100001")).toEqual([{ field: "email", code: "already_linked" }]);
  });

  it("takes a role preset: Staff with no permission, and refuses a role the permissions do not match", async () => {
    const staff = await call("/userpermissions/create-contact", { method: "POST", accountNumber: "100002", body: { ...person("medewerker@example.com", []), role: "STAFF" } });
    expect(v.parse(CreatedContactSchema, await staff.json()).permissions).toEqual([]);
    const none = await call("/userpermissions/create-contact", { method: "POST", accountNumber: "100002", body: person("niets@example.com", []) });
    expect(v.parse(ValidationErrorSchema, await none.json()).errors).toEqual([{ field: "permissions", code: "permissions_required" }]);
    const mismatch = await call("/userpermissions/create-contact", { method: "POST", accountNumber: "100002", body: { ...person("boekhouder@example.com", ["FACTUREN"]), role: "BOOKKEEPER" } });
    expect(v.parse(ValidationErrorSchema, await mismatch.json()).errors).toEqual([{ field: "role", code: "role_permissions" }]);
  });
});

describe("an invitation to several outlets at once", () => {
  const grantsBody = (email: string, grants: unknown[], permissions = ["FACTUREN", "DOCUMENTEN"]) => ({ ...person(email, permissions), grants });
  const create = (body: unknown, as = MAIN, accountNumber = "100001") => call("/userpermissions/create-contact", { method: "POST", accountNumber, body, as });
  const activityOf = async (accountNumber: string): Promise<{ kind: string; subject: string | null }[]> =>
    (await (await call("/activity", { accountNumber })).json()) as { kind: string; subject: string | null }[];

  it("makes one invitation per account in one request, one mail naming each with its permissions, and one link that joins all", async () => {
    const email = "twee.vestigingen@example.com";
    const created = await create(grantsBody(email, [{ accountNumber: "100001" }, { accountNumber: "100002", role: "BOOKKEEPER", permissions: ["FACTUREN", "DOCUMENTEN"] }], ["FACTUREN"]));
    expect(created.status, await created.clone().text()).toBe(200);
    // The answer is the invitation on the account the request was made on.
    const answer = v.parse(CreatedContactSchema, await created.json());
    expect(answer).toMatchObject({ state: "invited", permissions: ["FACTUREN"] });
    const onFirst = (await listed("100001")).find((entry) => entry.email === email);
    const onSecond = (await listed("100002")).find((entry) => entry.email === email);
    expect(onFirst).toMatchObject({ id: answer.id, permissions: ["FACTUREN"], otherAccounts: ["100002"] });
    expect(onSecond).toMatchObject({ state: "invited", permissions: ["FACTUREN", "DOCUMENTEN"], otherAccounts: ["100001"] });
    expect(onSecond?.id).not.toBe(onFirst?.id);
    // A row in each account's log.
    for (const account of ["100001", "100002"]) expect((await activityOf(account)).some((row) => row.kind === "invited" && row.subject?.includes(email))).toBe(true);

    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe("Uitnodiging voor Mijn onderneming van “Café De Gouden Leeuw B.V.” en “Restaurant Het Zilveren Anker B.V.”");
    expect(mails[0]?.body).toContain("Vestigingen en rechten:\n- “Café De Gouden Leeuw B.V.”: Facturen\n- “Restaurant Het Zilveren Anker B.V.”: Facturen, Documenten");
    expect(mails[0]?.body).toContain("Outlets and permissions:\n- “Café De Gouden Leeuw B.V.”: Invoices");

    const link = await linkFor(email);
    const page = await (await fetch(link)).text();
    expect(page).toContain("Café De Gouden Leeuw B.V. en Restaurant Het Zilveren Anker B.V.");
    const accepted = await accept(link, "Twee-vestigingen-2026");
    expect(accepted.status).toBe(303);
    // Lands on the first account chosen.
    expect(accepted.headers.get("location")).toMatch(/\/inloggen\?account=100001$/);
    const theirs = await signInAfterAccepting(accepted);
    expect(claimsOf(theirs.access_token).accountnumber).toEqual(["100001", "100002"]);
    for (const account of ["100001", "100002"]) {
      expect((await listed(account)).find((entry) => entry.email === email)).toMatchObject({ state: "active" });
      expect((await activityOf(account)).some((row) => row.kind === "invitation_accepted" && row.subject?.includes(email))).toBe(true);
    }
  });

  it("refuses per account and makes nothing when any account is refused", async () => {
    const email = "alles.of.niets@example.com";
    const errorsOf = async (response: Response) => ((await response.json()) as { errors: { field: string; code: string }[] }).errors;
    // Lotte manages the users of 100001 only: 100002 is not hers to invite to.
    const notManaged = await create(grantsBody(email, [{ accountNumber: "100001" }, { accountNumber: "100002" }]), "lotte.smit@example.com");
    expect(notManaged.status).toBe(403);
    expect(await errorsOf(notManaged)).toEqual([{ field: "grants.100002", code: "account_not_managed" }]);
    // Already on one of them: a field error naming that account.
    const onOne = await create(grantsBody("fatima.elamrani@example.com", [{ accountNumber: "100001" }, { accountNumber: "100002" }]));
    expect(onOne.status).toBe(400);
    expect(await errorsOf(onOne)).toEqual([{ field: "grants.100001", code: "already_linked" }]);
    // Nothing was made for the other account, no mail went.
    expect((await listed("100002")).some((entry) => entry.email === "fatima.elamrani@example.com")).toBe(false);
    expect((await listed("100001")).some((entry) => entry.email === email)).toBe(false);
    expect(await mailsTo(email)).toHaveLength(0);
    // Already invited on one: named too.
    await invite("al.uitgenodigd@example.com", "100002");
    const invitedOnOne = await create(grantsBody("al.uitgenodigd@example.com", [{ accountNumber: "100001" }, { accountNumber: "100002" }]));
    expect(await errorsOf(invitedOnOne)).toEqual([{ field: "grants.100002", code: "already_invited" }]);
    expect((await listed("100001")).some((entry) => entry.email === "al.uitgenodigd@example.com")).toBe(false);
    // The schema's own refusals: no account, an account twice, a role without permissions.
    expect(await errorsOf(await create(grantsBody(email, [])))).toEqual([{ field: "grants", code: "accounts_required" }]);
    expect((await create(grantsBody(email, [{ accountNumber: "100001" }, { accountNumber: "100001" }]))).status).toBe(400);
    expect(await errorsOf(await create(grantsBody(email, [{ accountNumber: "100001", role: "STAFF" }])))).toEqual([{ field: "grants.0.role", code: "invalid" }]);
  });

  it("nobody grants more than they hold, on each account: 403 permission_not_held naming the account", async () => {
    // Lotte (FACTUREN, DOCUMENTEN and user management on 100001) joins 100002 with FACTUREN and user management only.
    const lotte = "lotte.smit@example.com";
    await call("/userpermissions/create-contact", { method: "POST", accountNumber: "100002", body: { ...person(lotte, ["FACTUREN", "GEBRUIKERSBEHEER"]), firstName: "Lotte", lastName: "Smit" } });
    expect((await accept(await linkFor(lotte), "Welkom123!")).status).toBe(303);
    const email = "meer.dan.zij.heeft@example.com";
    const refused = await create(grantsBody(email, [{ accountNumber: "100001" }, { accountNumber: "100002" }], ["DOCUMENTEN"]), lotte);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { errors: unknown[] }).errors).toEqual([{ field: "grants.100002", code: "permission_not_held" }]);
    expect((await listed("100001")).some((entry) => entry.email === email)).toBe(false);
    // What she holds on each, she may give: an override per account.
    const allowed = await create(grantsBody(email, [{ accountNumber: "100001" }, { accountNumber: "100002", permissions: ["FACTUREN"] }], ["DOCUMENTEN"]), lotte);
    expect(allowed.status, await allowed.clone().text()).toBe(200);
  });

  it("a double click sends one; resend on one account gives the whole group one new link; revoke and remove stay per account", async () => {
    const email = "groep@example.com";
    const body = grantsBody(email, [{ accountNumber: "100001" }, { accountNumber: "100002" }]);
    const [one, two] = await Promise.all([create(body), create(body)]);
    expect(((await one.json()) as { id: string }).id).toBe(((await two.json()) as { id: string }).id);
    expect(await mailsTo(email)).toHaveLength(1);
    const first = await linkFor(email);
    const onSecond = (await listed("100002")).find((entry) => entry.email === email);
    const resent = await call(`/userpermissions/invitations/${onSecond?.id ?? ""}/resend`, { method: "POST", accountNumber: "100002" });
    expect(resent.status).toBe(200);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.body).toContain("Vestigingen en rechten:");
    expect(await (await fetch(first)).text()).toContain('data-reason="replaced"');
    const second = await linkFor(email);
    // Revoked on 100001: the link still joins 100002, and only that.
    const onFirst = (await listed("100001")).find((entry) => entry.email === email);
    expect((await call(`/userpermissions/invitations/${onFirst?.id ?? ""}/revoke`, { method: "POST", accountNumber: "100001" })).status).toBe(200);
    expect((await listed("100002")).find((entry) => entry.email === email)?.state).toBe("invited");
    expect(await (await fetch(second)).text()).toContain("Restaurant Het Zilveren Anker B.V.");
    // Removing the group's first invitation keeps the other's link working.
    expect((await call(`/userpermissions/delete-contact/${onFirst?.id ?? ""}`, { method: "DELETE", accountNumber: "100001" })).status).toBe(200);
    const accepted = await accept(second, "Groep-wachtwoord-2026");
    expect(accepted.status).toBe(303);
    expect(accepted.headers.get("location")).toMatch(/account=100002$/);
    expect(claimsOf((await signInAfterAccepting(accepted)).access_token).accountnumber).toEqual(["100002"]);
  });
});

describe("the acceptance page's defences", () => {
  // Past the day of the invitation mails the tests above sent (the quota on them counts a day).
  beforeEach(() => clock.advance(2 * 24 * 60 * 60 * 1000));
  const waits = async (): Promise<number[]> => ((await (await fetch(`${backend.url}/__test/login-waits`)).json()) as { waits: number[] }).waits;

  it("throttles an existing login's password check like the sign-in's, and still accepts the right password", async () => {
    const email = "thijs.vandenberg@example.com";
    await invite(email);
    const link = await linkFor(email);
    const before = (await waits()).length;
    for (let attempt = 1; attempt <= 6; attempt++) expect((await accept(link, "Verkeerd-2026")).status).toBe(401);
    // Three free mistakes, then growing waits (recorded, not slept, by the test stack).
    expect((await waits()).slice(before)).toEqual([1_000, 2_000, 4_000]);
    expect((await accept(link, "Welkom123!")).status).toBe(303);
  });

  it("refuses the form posted from another site (login CSRF), whatever the browser says it with", async () => {
    const email = "van.elders@example.com";
    await invite(email);
    const link = await linkFor(email);
    const token = new URL(link).searchParams.get("token") ?? "";
    const post = (headers: Record<string, string>) =>
      fetch(`${backend.url}/login/invitation`, { ...form({ token, lang: "nl", password: "Aanvaller-2026!" }), headers: { "content-type": "application/x-www-form-urlencoded", ...headers } });
    for (const headers of [{ "sec-fetch-site": "cross-site" }, { "sec-fetch-site": "same-site" }, { origin: "https://elders.example" }]) {
      const refused = await post(headers);
      expect(refused.status, JSON.stringify(headers)).toBe(403);
      expect(refused.headers.get("set-cookie")).toBeNull();
    }
    // Nothing was accepted: the link still opens, and the provider's own page (same origin) accepts.
    expect((await fetch(link)).status).toBe(200);
    expect((await post({ "sec-fetch-site": "same-origin", origin: "null" })).status).toBe(303);
  });

  it("a resend renews only the invitations on accounts the caller may invite to; another account's expired one stays expired", async () => {
    const email = "alleen.eigen.vestiging@example.com";
    // Made by the main user for both outlets, with Documenten, which Lotte may give on 100001 only.
    const made = await call("/userpermissions/create-contact", {
      method: "POST",
      accountNumber: "100001",
      body: { ...person(email), grants: [{ accountNumber: "100001" }, { accountNumber: "100002" }] },
    });
    expect(made.status).toBe(200);
    clock.advance(8 * 24 * 60 * 60 * 1000);
    const onFirst = (await listed("100001")).find((entry) => entry.email === email);
    expect(onFirst?.state).toBe("expired");
    const resent = await call(`/userpermissions/invitations/${onFirst?.id ?? ""}/resend`, { method: "POST", accountNumber: "100001", as: "lotte.smit@example.com" });
    expect(resent.status, await resent.clone().text()).toBe(200);
    expect((await listed("100001")).find((entry) => entry.email === email)?.state).toBe("invited");
    expect((await listed("100002")).find((entry) => entry.email === email)?.state).toBe("expired");
    // The new link joins only the outlet it was renewed for.
    const accepted = await accept(await linkFor(email), "Eigen-vestiging-2026");
    expect(accepted.status).toBe(303);
    expect(claimsOf((await signInAfterAccepting(accepted)).access_token).accountnumber).toEqual(["100001"]);
  });

  it("a customer's user management does not reach a member of staff's sign-in: deactivated or removed, they still sign in", async () => {
    const editor = "redacteur@example.com";
    await invite(editor);
    expect((await accept(await linkFor(editor), "Welkom123!")).status).toBe(303);
    const onAccount = (await listed()).find((entry) => entry.email === editor);
    expect(onAccount?.state).toBe("active");
    const id = onAccount?.id ?? "";
    expect((await call(`/userpermissions/deactivate/${id}`, { method: "POST", accountNumber: "100002" })).status).toBe(200);
    // Deactivated on their only customer account: the editor role still signs in (no account in the token).
    expect(claimsOf((await signIn(backend, editor)).access_token).accountnumber).toEqual([]);
    expect((await call(`/userpermissions/reactivate/${id}`, { method: "POST", accountNumber: "100002" })).status).toBe(200);
    expect((await call(`/userpermissions/delete-contact/${id}`, { method: "DELETE", accountNumber: "100002" })).status).toBe(200);
    // Removed from it: the sign-in stays.
    expect(claimsOf((await signIn(backend, editor)).access_token).accountnumber).toEqual([]);
  });
});
