import { importJWK, SignJWT, decodeJwt } from "jose";
import * as v from "valibot";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { AccountDetailsSchema } from "../../src/core/api/schemas/people.ts";
import { ActivityLogSchema } from "../../src/core/api/schemas/colleagues.ts";
import { AccountUpdateSchema } from "../../src/core/api/schemas/people-requests.ts";
import { STEP_UP_MAX_AGE_SECONDS } from "../../src/core/permissions/step-up.ts";
import { clock } from "../../stand-in/idp/clock.ts";
import { providerKeys } from "../../stand-in/idp/keys.ts";
import { startTestBackend, type TestBackend } from "../support/backend.ts";
import { DEMO_PASSWORD } from "../../dev/lib/stack-config.ts";
import {
  refreshTokens,
  signIn,
  startAuthorization,
  submitLogin,
  followToSite,
  type Tokens,
} from "./support/tokens.ts";

/**
 * Money changes need a fresh sign-in (docs/api-people.md, "Step-up for money changes"): the API
 * refuses a change of the IBAN or of where invoices go when the token's auth_time is more than five
 * minutes old on the stand-in's clock, and every main user of the account gets a mail.
 */
let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.close());
afterEach(() => clock.reset());

const MAIN = "hoofdgebruiker@example.com";
/** ADMINISTRATOR on 100001, not its main user. */
const ADMIN = "admin@example.com";

async function call(
  token: string,
  path: string,
  method = "GET",
  body?: unknown,
  accountNumber = "100001",
): Promise<Response> {
  return fetch(`${backend.api}${path}?accountNumber=${accountNumber}`, {
    method,
    headers: {
      "ocp-apim-subscription-key": backend.key,
      authorization: `Bearer ${token}`,
      ...(body ? { "content-type": "application/json" } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
}

/** The account's editable fields as stored, what the form sends, with `changes` laid over them. */
async function update(token: string, changes: Record<string, unknown>): Promise<Response> {
  const details = v.parse(AccountDetailsSchema, await (await call(token, "/accounts/details")).json());
  const editable = Object.fromEntries(
    Object.keys(AccountUpdateSchema.entries).map((field) => [field, details[field as keyof typeof details]]),
  );
  return call(token, "/accounts", "PUT", { ...editable, ...changes });
}

const ibanOf = async (token: string): Promise<string> =>
  v.parse(AccountDetailsSchema, await (await call(token, "/accounts/details")).json()).ibanNumber;

type Mail = { to: string; subject: string; body: string };
const mailsTo = async (email: string): Promise<Mail[]> =>
  (await (await fetch(`${backend.url}/__test/outbox?to=${encodeURIComponent(email)}`)).json()) as Mail[];

describe("the step-up rule at the API", () => {
  let tokens: Tokens;
  beforeAll(async () => {
    tokens = await signIn(backend, ADMIN);
  });

  it("puts auth_time, on the stand-in's clock, in the access token and the ID token", () => {
    const access = decodeJwt(tokens.access_token);
    expect(typeof access["auth_time"]).toBe("number");
    expect(Math.abs((access["auth_time"] as number) - clock.nowSeconds())).toBeLessThan(60);
    expect(decodeJwt(tokens.id_token)["auth_time"]).toBe(access["auth_time"]);
  });

  it("refuses a money change 5 minutes and 1 second after the sign-in, and saves nothing", async () => {
    const before = await ibanOf(tokens.access_token);
    clock.advance((STEP_UP_MAX_AGE_SECONDS + 1) * 1000);
    const refused = await update(tokens.access_token, {
      ibanNumber: "NL91ABNA0417164300",
      emailinvoicecc: "elders@example.com",
    });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      statusCode: 2,
      errors: [
        { field: "ibanNumber", code: "step_up_required" },
        { field: "emailinvoicecc", code: "step_up_required" },
      ],
    });
    expect(await ibanOf(tokens.access_token)).toBe(before);
    expect((await mailsTo(MAIN)).filter((mail) => mail.subject.startsWith("Betaalgegevens"))).toEqual([]);
  });

  it("keeps the sign-in's auth_time through a refresh: a renewed token is no fresher", async () => {
    clock.advance((STEP_UP_MAX_AGE_SECONDS + 1) * 1000);
    const renewed = await refreshTokens(backend.url, backend.config, tokens.refresh_token ?? "");
    tokens = renewed;
    expect((await update(renewed.access_token, { ibanNumber: "NL91ABNA0417164300" })).status).toBe(403);
  });

  it("lets other changes through with an old sign-in, and the same IBAN written differently", async () => {
    clock.advance((STEP_UP_MAX_AGE_SECONDS + 1) * 1000);
    const iban = (await ibanOf(tokens.access_token)).replace(/\s/g, "").toLowerCase();
    const saved = await update(tokens.access_token, {
      invoiceto: "Administratie",
      ibanNumber: iban,
      emailinvoicecc: "BOEKHOUDING@degoudenleeuw.example",
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
  });

  it("refuses a money change with a token that has no auth_time", async () => {
    const key = providerKeys(backend.config.dataDir).signing.keys[0]!;
    const token = await new SignJWT({ sub: "usr-0003", client_id: backend.config.clientId })
      .setProtectedHeader({ alg: "RS256", typ: "at+jwt", kid: key.kid ?? "" })
      .setIssuer(`${backend.url}/`)
      .setAudience(backend.config.audience)
      .setIssuedAt()
      .setExpirationTime("5m")
      .sign(await importJWK(key, "RS256"));
    const refused = await update(token, { emailaddress1: "factuur@elders.example" });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      statusCode: 2,
      errors: [{ field: "emailaddress1", code: "step_up_required" }],
    });
  });

  it("saves with a fresh sign-in, tells the main user by mail and logs the change", async () => {
    clock.advance(3600 * 1000);
    const fresh = await signIn(backend, ADMIN);
    clock.advance(STEP_UP_MAX_AGE_SECONDS * 1000 - 5000);
    const saved = await update(fresh.access_token, {
      ibanNumber: "NL91ABNA0417164300",
      emailinvoicecc: "nieuw@elders.example",
    });
    expect(saved.status, await saved.clone().text()).toBe(200);

    const [mail, ...more] = (await mailsTo(MAIN)).filter((sent) => sent.subject.startsWith("Betaalgegevens"));
    expect(more).toEqual([]);
    expect(mail?.subject).toBe("Betaalgegevens van “Café De Gouden Leeuw B.V.” gewijzigd");
    const body = mail?.body ?? "";
    // Which field, old and new masked (the IBAN but for its last four, as the activity log), by whom, when, what to do.
    expect(body).toContain("- IBAN: •••• •••• •••• ••12 34 → •••• •••• •••• ••43 00");
    expect(body).toContain(
      "- Kopie van facturen naar: b••••••••••@degoudenleeuw.example → n••••@elders.example",
    );
    expect(body).toContain("“Sanne Jansen” (admin@example.com)");
    expect(body).toMatch(/heeft op \d{1,2} \S+ \d{4}\D{1,5}\d{2}:\d{2} \(Nederlandse tijd\)/);
    expect(body).toContain("Bel dan vandaag nog uw accountmanager");
    expect(body).toContain("- Copy of invoices to: b••••••••••@degoudenleeuw.example → n••••@elders.example");
    expect(body).toContain("(Dutch time)");
    expect(body).not.toContain("ABNA");
    expect(body).not.toContain("nieuw@");
    // The actor is not a main user: no mail to them.
    expect((await mailsTo(ADMIN)).filter((sent) => sent.subject.startsWith("Betaalgegevens"))).toEqual([]);

    const log = v.parse(
      ActivityLogSchema,
      await (await call((await signIn(backend, MAIN)).access_token, "/activity")).json(),
    );
    expect(log.find((row) => row.field === "ibanNumber")).toMatchObject({
      kind: "account_changed",
      newValue: "•••• •••• •••• ••43 00",
    });
  });

  it("mails nobody when no money field changed", async () => {
    const count = (await mailsTo(MAIN)).length;
    const fresh = await signIn(backend, ADMIN);
    expect((await update(fresh.access_token, { invoiceto: "Boekhouding" })).status).toBe(200);
    expect(await mailsTo(MAIN)).toHaveLength(count);
  });
});

describe("the provider asks for the password again", () => {
  /** Authorizes with the cookies of an earlier sign-in; true when the provider shows its login form, false when it signs in silently. */
  async function asksPassword(extra: Record<string, string>, laterSeconds = 0): Promise<boolean> {
    const first = await startAuthorization(backend.url, backend.config);
    await followToSite(first, await submitLogin(first, MAIN, DEMO_PASSWORD), backend.url);
    clock.advance(laterSeconds * 1000);
    const params = new URLSearchParams({
      client_id: backend.config.clientId,
      redirect_uri: first.redirectUri,
      response_type: "code",
      scope: "openid profile email offline_access",
      audience: backend.config.audience,
      state: "again",
      nonce: "again",
      code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
      code_challenge_method: "S256",
      ...extra,
    });
    let url = new URL(`${backend.url}/authorize?${params}`);
    for (let hop = 0; hop < 10; hop++) {
      const response = await fetch(url, { redirect: "manual", headers: { cookie: first.jar.header() } });
      first.jar.store(response);
      const location = response.headers.get("location");
      if (!location) return response.status === 200 && (await response.text()).includes('name="password"');
      url = new URL(location, backend.url);
      if (url.href.startsWith(first.redirectUri)) return false;
    }
    throw new Error("too many redirects");
  }

  it("signs in silently with the provider's session, but not with prompt=login or max_age=0", async () => {
    expect(await asksPassword({})).toBe(false);
    expect(await asksPassword({ prompt: "login" })).toBe(true);
    expect(await asksPassword({ max_age: "0", login_hint: MAIN })).toBe(true);
  });

  it("reads max_age on the stand-in's clock", async () => {
    expect(await asksPassword({ max_age: "300" }, 290)).toBe(false);
    expect(await asksPassword({ max_age: "300" }, 302)).toBe(true);
  });
});
