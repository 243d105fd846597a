import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { clock } from "../../stand-in/idp/clock.ts";
import { loginPage } from "../../stand-in/idp/pages.ts";
import { RESET_LINK_MS, RESET_MAILS_PER_HOUR } from "../../stand-in/idp/password-reset.ts";
import { passwordProblem } from "../../stand-in/idp/password-rules.ts";
import { startTestBackend, type TestBackend } from "../support/backend.ts";
import { signIn } from "./support/tokens.ts";

/** "Wachtwoord vergeten?" on the stand-in provider: request, mail, single-use link of an hour, the password rules. */
let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.close());
afterEach(() => clock.reset());

const SITE = "http://localhost:4321";
const form = (fields: Record<string, string>): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields).toString(),
  redirect: "manual",
});

async function requestReset(email: string, lang = "nl"): Promise<string> {
  const response = await fetch(`${backend.url}/login/forgot`, form({ email, lang, site: SITE }));
  expect(response.status).toBe(200);
  return response.text();
}

type Mail = { to: string; subject: string; body: string };
const outbox = async (): Promise<Mail[]> => (await (await fetch(`${backend.url}/__test/outbox`)).json()) as Mail[];

/** The link of the newest reset mail to `email` (the stand-in's outbox, through its test hook). */
async function linkMailedTo(email: string): Promise<string> {
  const mail = (await outbox()).filter((sent) => sent.to === email).at(-1);
  const link = /(http:\/\/\S+\/login\/reset\?token=[\w-]+)/.exec(mail?.body ?? "")?.[1];
  if (!link) throw new Error(`no reset link mailed to ${email}`);
  return link;
}

describe("password reset", () => {
  it("is offered on the sign-in page, in both languages", () => {
    expect(loginPage({ lang: "nl", action: "/login/x", email: "", site: SITE })).toContain('href="/login/forgot?lang=nl&amp;site=http%3A%2F%2Flocalhost%3A4321">Wachtwoord vergeten?</a>');
    expect(loginPage({ lang: "en", action: "/login/x", email: "", site: SITE })).toContain(">Forgot your password?</a>");
  });

  it("answers a known and an unknown address alike, and mails only the known one", async () => {
    const before = (await outbox()).length;
    const known = await requestReset("facturen@example.com");
    const unknown = await requestReset("niemand@example.com");
    expect(unknown.replaceAll("niemand@example.com", "X")).toBe(known.replaceAll("facturen@example.com", "X"));
    const mails = (await outbox()).slice(before);
    expect(mails.map((mail) => mail.to)).toEqual(["facturen@example.com"]);
    expect(mails[0]?.subject).toBe("Nieuw wachtwoord instellen voor Mijn onderneming");
  });

  it("sets a new password that meets the rules, once per link; the old password stops working", async () => {
    await requestReset("admin@example.com", "en");
    const link = await linkMailedTo("admin@example.com");
    const page = await (await fetch(link)).text();
    expect(page).toContain("Set a new password");
    const token = new URL(link).searchParams.get("token") ?? "";
    const weak = await fetch(`${backend.url}/login/reset`, form({ token, password: "kort" }));
    expect(weak.status).toBe(400);
    expect(await weak.text()).toContain("too short");
    const done = await fetch(`${backend.url}/login/reset`, form({ token, password: "Nieuw-wachtwoord-2026" }));
    expect(done.status).toBe(200);
    await expect(signIn(backend, "admin@example.com", "Nieuw-wachtwoord-2026")).resolves.toHaveProperty("access_token");
    await expect(signIn(backend, "admin@example.com")).rejects.toThrow(/answered 401/);
    // Used: the same link is refused, the form and the post alike.
    expect((await fetch(link)).status).toBe(410);
    expect((await fetch(`${backend.url}/login/reset`, form({ token, password: "Nog-een-keer-2026" }))).status).toBe(410);
  });

  it("refuses a link after an hour (the stand-in's clock)", async () => {
    await requestReset("nieuw@example.com");
    const link = await linkMailedTo("nieuw@example.com");
    clock.advance(59 * 60 * 1000);
    expect((await fetch(link)).status).toBe(200);
    clock.advance(60 * 1000 + 1);
    const expired = await fetch(link);
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain("Deze link werkt niet meer");
  });

  it("mails one address at most three times an hour, answering every request alike: no mailbox flood from the forgot page", async () => {
    const to = "lotte.smit@example.com";
    const mailed = async (): Promise<number> => (await outbox()).filter((mail) => mail.to === to).length;
    const before = await mailed();
    const pages = new Set<string>();
    for (let i = 0; i < 5; i++) pages.add(await requestReset(to));
    expect(pages.size).toBe(1);
    expect((await mailed()) - before).toBe(RESET_MAILS_PER_HOUR);
    // An hour after the first, its link is dead and a new mail may go.
    clock.advance(RESET_LINK_MS + 1);
    await requestReset(to);
    expect((await mailed()) - before).toBe(RESET_MAILS_PER_HOUR + 1);
  });
});

describe("the provider's password rules", () => {
  it("want 8 characters and three of the four kinds", () => {
    expect(passwordProblem("Welkom123!")).toBeUndefined();
    expect(passwordProblem("Wk1!")).toBe("too_short");
    expect(passwordProblem("welkomwelkom")).toBe("too_simple");
    expect(passwordProblem("welkom12345")).toBe("too_simple");
    expect(passwordProblem("welkom-12345")).toBeUndefined();
  });
});
