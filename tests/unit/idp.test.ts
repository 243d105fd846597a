import { createRemoteJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../dev/lib/stack-config.ts";
import { startTestBackend, type TestBackend } from "../support/backend.ts";
import {
  exchangeCode,
  followToSite,
  refreshTokens,
  signIn,
  startAuthorization,
  submitLogin,
  TokenError,
  tokenRequest,
} from "./support/tokens.ts";

let backend: TestBackend;
const site = () => `http://localhost:${backend.config.sitePort}`;
const hook = (path: string, body?: unknown) =>
  fetch(`${backend.url}/__test/${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.close());

describe("discovery", () => {
  it("publishes the hosted provider's endpoint paths under an issuer with a trailing slash", async () => {
    const discovery = (await (await fetch(`${backend.url}/.well-known/openid-configuration`)).json()) as Record<string, unknown>;
    expect(discovery).toMatchObject({
      issuer: `${backend.url}/`,
      authorization_endpoint: `${backend.url}/authorize`,
      token_endpoint: `${backend.url}/oauth/token`,
      end_session_endpoint: `${backend.url}/v2/logout`,
      userinfo_endpoint: `${backend.url}/userinfo`,
      jwks_uri: `${backend.url}/.well-known/jwks.json`,
      code_challenge_methods_supported: ["S256"],
    });
  });
});

describe("the login page", () => {
  it("is a labelled Dutch form by default, with its CSS served and a strict CSP", async () => {
    const authorization = await startAuthorization(backend.url, backend.config);
    const response = await fetch(authorization.loginUrl, { headers: { cookie: authorization.jar.header() } });
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html).toContain('<html lang="nl">');
    expect(html).toMatch(/<label for="email">E-mailadres<\/label>[\s\S]*<input id="email"/);
    expect(html).toMatch(/<label for="password">Wachtwoord<\/label>[\s\S]*<input id="password"[^>]*type="password"/);
    expect(html).toContain('<button type="submit">Inloggen</button>');
    expect(html).not.toContain("<style");
    expect(response.headers.get("content-security-policy")).toContain("style-src 'self'");
    const css = await fetch(`${backend.url}/login/login.css`);
    expect(css.headers.get("content-type")).toContain("text/css");
  });

  it("carries the site's brand, a show-password toggle and links back to the site and to becoming a customer", async () => {
    const authorization = await startAuthorization(backend.url, backend.config);
    const html = await (await fetch(authorization.loginUrl, { headers: { cookie: authorization.jar.header() } })).text();
    expect(html).toContain(`<a class="brand-logo" href="${site()}/"><svg`);
    expect(html).toContain(`<a href="${site()}/">Terug naar de website</a>`);
    expect(html).toContain(`Nog geen klant? <a href="${site()}/klant-worden">Klant worden</a>`);
    // The toggle is a served script (script-src 'self', nothing inline) and hidden until it runs.
    expect(html).toMatch(/<button type="button" class="reveal" aria-controls="password" aria-pressed="false"[^>]*hidden>Tonen<\/button>/);
    expect(html).toContain('<script src="/login/login.js" defer></script>');
    expect(html).not.toMatch(/<script>/);
    const script = await fetch(`${backend.url}/login/login.js`);
    expect(script.headers.get("content-type")).toContain("text/javascript");
    expect(await script.text()).toContain('field.type = show ? "text" : "password"');

    const english = await startAuthorization(backend.url, backend.config, { ui_locales: "en" });
    const en = await (await fetch(english.loginUrl, { headers: { cookie: english.jar.header() } })).text();
    expect(en).toContain(`<a href="${site()}/en">Back to the website</a>`);
    expect(en).toContain(`Not a customer yet? <a href="${site()}/en/klant-worden">Become a customer</a>`);
    expect(en).toContain(">Show</button>");
  });

  it("speaks English with ui_locales=en", async () => {
    const authorization = await startAuthorization(backend.url, backend.config, { ui_locales: "en" });
    const html = await (await fetch(authorization.loginUrl, { headers: { cookie: authorization.jar.header() } })).text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<label for="email">Email address</label>');
    expect(html).toContain('<label for="password">Password</label>');
    expect(html).toContain('<button type="submit">Sign in</button>');
  });

  it("refuses a wrong password and an unknown address with the same message, tied to the fields", async () => {
    for (const [email, password] of [
      ["facturen@example.com", "Welkom124!"],
      ["niemand@example.com", DEMO_PASSWORD],
    ] as const) {
      const authorization = await startAuthorization(backend.url, backend.config);
      const response = await submitLogin(authorization, email, password);
      const html = await response.text();
      expect(response.status).toBe(401);
      expect(html).toContain('<p id="login-error" class="error" role="alert">Onjuist e-mailadres of wachtwoord.</p>');
      expect(html).toMatch(/<input id="password"[^>]*aria-describedby="login-error"/);
      expect(html).toContain(`value="${email}"`);
    }
    const english = await startAuthorization(backend.url, backend.config, { ui_locales: "en-US" });
    expect(await (await submitLogin(english, "facturen@example.com", "wrong")).text()).toContain("Incorrect email or password.");
  });

  it("says the attempt expired when the interaction is unknown", async () => {
    const response = await fetch(`${backend.url}/login/does-not-exist?ui_locales=en`);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("This sign-in attempt has expired.");
  });

  it("asks for both fields when one is empty", async () => {
    const authorization = await startAuthorization(backend.url, backend.config);
    const response = await submitLogin(authorization, "facturen@example.com", "");
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Vul uw e-mailadres en wachtwoord in.");
  });

  it("answers a known and an unknown address alike: status, body and time, attempt after attempt", async () => {
    await hook("reset", {});
    const known = "thijs.vandenberg@example.com";
    const unknown = "thijs.vandenbergh@example.com";
    const authorization = await startAuthorization(backend.url, backend.config);
    const times: Record<string, number[]> = { [known]: [], [unknown]: [] };
    for (let attempt = 1; attempt <= 7; attempt++) {
      const answers: { status: number; body: string }[] = [];
      for (const email of [known, unknown]) {
        const started = performance.now();
        const response = await submitLogin(authorization, email, "wrong");
        const body = (await response.text()).replaceAll(email, "ADDRESS");
        times[email]?.push(performance.now() - started);
        answers.push({ status: response.status, body });
      }
      expect(answers[0]?.status, `attempt ${attempt}`).toBe(401);
      expect(answers[1], `attempt ${attempt}`).toEqual(answers[0]);
    }
    // Both are checked against a hash (the unknown one a dummy), so neither is answered sooner.
    const median = (list: number[]): number => [...list].sort((x, y) => x - y)[Math.floor(list.length / 2)] ?? 0;
    const [k, u] = [median(times[known] ?? []), median(times[unknown] ?? [])];
    expect(Math.abs(k - u), `known ${k.toFixed(1)} ms, unknown ${u.toFixed(1)} ms`).toBeLessThan(Math.max(k, u) * 0.5 + 15);
    // And both earned the same waits.
    const { waits } = (await (await fetch(`${backend.url}/__test/login-waits`)).json()) as { waits: number[] };
    expect(waits).toEqual([1_000, 1_000, 2_000, 2_000, 4_000, 4_000, 8_000, 8_000]);
    await hook("reset", {});
  });

  it("never refuses the right password: after many failures it signs in, after a wait of at most 15 s", async () => {
    await hook("reset", {});
    const email = "fatima.elamrani@example.com";
    const authorization = await startAuthorization(backend.url, backend.config);
    for (let attempt = 1; attempt <= 12; attempt++) expect((await submitLogin(authorization, email, "wrong")).status).toBe(401);
    expect((await submitLogin(authorization, email, DEMO_PASSWORD)).status).toBe(303);
    const { waits } = (await (await fetch(`${backend.url}/__test/login-waits`)).json()) as { waits: number[] };
    expect(Math.max(...waits)).toBe(15_000);
    // The right password cleared the address's count: the next attempt waits for nothing.
    const again = await startAuthorization(backend.url, backend.config);
    const before = waits.length;
    expect((await submitLogin(again, email, "wrong")).status).toBe(401);
    const after = ((await (await fetch(`${backend.url}/__test/login-waits`)).json()) as { waits: number[] }).waits;
    expect(after.length).toBe(before);
    await hook("reset", {});
  });

  it("forgets the counts through the test hook and after a quiet quarter of an hour", async () => {
    await hook("reset", {});
    const email = "lotte.smit@example.com";
    const authorization = await startAuthorization(backend.url, backend.config);
    for (let attempt = 1; attempt <= 5; attempt++) await submitLogin(authorization, email, "wrong");
    expect(await (await hook("unlock", { email: "Lotte.Smit@example.com" })).json()).toEqual({ unlocked: 1 });
    for (let attempt = 1; attempt <= 5; attempt++) await submitLogin(authorization, email, "wrong");
    await hook("clock", { advanceSeconds: 15 * 60 });
    const waited = ((await (await fetch(`${backend.url}/__test/login-waits`)).json()) as { waits: number[] }).waits.length;
    expect((await submitLogin(authorization, email, DEMO_PASSWORD)).status).toBe(303);
    expect(((await (await fetch(`${backend.url}/__test/login-waits`)).json()) as { waits: number[] }).waits.length).toBe(waited);
    await hook("reset", {});
  });
});

describe("tokens", () => {
  it("issues an RS256 ID token with the profile, org_id and namespaced claims", async () => {
    const tokens = await signIn(backend, "hoofdgebruiker@example.com");
    const keys = createRemoteJWKSet(new URL(`${backend.url}/.well-known/jwks.json`));
    const { payload, protectedHeader } = await jwtVerify(tokens.id_token, keys, {
      issuer: `${backend.url}/`,
      audience: backend.config.clientId,
      algorithms: ["RS256"],
    });
    expect(protectedHeader.alg).toBe("RS256");
    expect(payload).toMatchObject({
      sub: "usr-0001",
      email: "hoofdgebruiker@example.com",
      given_name: "Marleen",
      family_name: "de Vries",
      phone_number: "+31612345678",
      updated_at: expect.any(Number),
      org_id: "org_klantportaal",
      [backend.config.claimNamespace]: {
        accountnumber: ["100001", "100002"],
        sitePermissions: [
          { accountNumber: "100001", permissions: expect.arrayContaining(["GEBRUIKERSBEHEER", "HOOFDDATA"]) },
          { accountNumber: "100002", permissions: expect.arrayContaining(["GEBRUIKERSBEHEER"]) },
        ],
      },
    });
    expect(typeof payload["nonce"]).toBe("string");
    expect(tokens.refresh_token).toBeTruthy();
  });

  it("issues the access token as an at+jwt for the API audience with the same portal claims", async () => {
    const tokens = await signIn(backend, "facturen@example.com");
    expect(decodeProtectedHeader(tokens.access_token).typ).toBe("at+jwt");
    expect(decodeJwt(tokens.access_token)).toMatchObject({
      aud: backend.config.audience,
      sub: "usr-0002",
      client_id: backend.config.clientId,
      [backend.config.claimNamespace]: { accountnumber: ["100001"] },
    });
  });

  it("refuses an audience it does not know", async () => {
    const authorization = await startAuthorization(backend.url, backend.config, { audience: "https://other.example" });
    expect(authorization.loginUrl).toContain("error=invalid_target");
  });

  it("accepts the portal's organization and refuses another", async () => {
    const tokens = await signIn(backend, "admin@example.com", DEMO_PASSWORD, { organization: "org_klantportaal" });
    expect(decodeJwt(tokens.id_token)["org_id"]).toBe("org_klantportaal");
    const other = await startAuthorization(backend.url, backend.config, { organization: "org_other" });
    expect(new URL(other.loginUrl).searchParams.get("error")).toBe("invalid_request");
  });

  it("issues no refresh token without offline_access", async () => {
    const tokens = await signIn(backend, "admin@example.com", DEMO_PASSWORD, { scope: "openid profile email" });
    expect(tokens.refresh_token).toBeUndefined();
  });

  it("rotates the refresh token on every use and refuses a used one", async () => {
    const first = await signIn(backend, "facturen@example.com");
    const second = await refreshTokens(backend.url, backend.config, first.refresh_token ?? "");
    expect(second.refresh_token).toBeTruthy();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    // No resource sent at refresh: the access token is still for the API.
    expect(decodeJwt(second.access_token).aud).toBe(backend.config.audience);
    expect(decodeJwt(second.id_token).sub).toBe("usr-0002");
    await expect(refreshTokens(backend.url, backend.config, first.refresh_token ?? "")).rejects.toMatchObject({ error: "invalid_grant" });
  });

  it("keeps refreshing along the rotated chain, always for the API", async () => {
    let current = await signIn(backend, "admin@example.com");
    for (let step = 0; step < 3; step++) {
      const next = await refreshTokens(backend.url, backend.config, current.refresh_token ?? "");
      expect(next.refresh_token).not.toBe(current.refresh_token);
      expect(decodeJwt(next.access_token).aud).toBe(backend.config.audience);
      current = next;
    }
  });

  it("puts changed permissions and a newer updated_at into the next refresh", async () => {
    const invoices = await signIn(backend, "facturen@example.com");
    const before = decodeJwt(invoices.id_token);
    const main = await signIn(backend, "hoofdgebruiker@example.com");
    const update = await fetch(`${backend.api}/userpermissions/update-contact/usr-0002?accountNumber=100001`, {
      method: "PUT",
      headers: {
        "ocp-apim-subscription-key": backend.key,
        authorization: `Bearer ${main.access_token}`,
        "content-type": "application/json",
      },
      body: JSON.stringify({ firstName: "Jeroen", lastName: "Bakker", phonenumber: "0623456789", permissions: ["FACTUREN", "BONUS"] }),
    });
    expect(update.status).toBe(200);
    const after = decodeJwt((await refreshTokens(backend.url, backend.config, invoices.refresh_token ?? "")).id_token);
    expect(after[backend.config.claimNamespace]).toEqual({
      accountnumber: ["100001"],
      sitePermissions: [{ accountNumber: "100001", permissions: ["FACTUREN", "BONUS"] }],
    });
    expect(Number(after["updated_at"])).toBeGreaterThan(Number(before["updated_at"]));
  });
});

describe("the authorization code flow", () => {
  it("requires PKCE", async () => {
    const authorization = await startAuthorization(backend.url, backend.config, { code_challenge: "", code_challenge_method: "" });
    const redirect = new URL(authorization.loginUrl);
    expect(redirect.origin + redirect.pathname).toBe(`${site()}/callback`);
    expect(redirect.searchParams.get("error")).toBe("invalid_request");
  });

  it("refuses the plain PKCE method", async () => {
    const authorization = await startAuthorization(backend.url, backend.config, { code_challenge_method: "plain" });
    expect(new URL(authorization.loginUrl).searchParams.get("error")).toBe("invalid_request");
  });

  it("refuses a code exchange with the wrong verifier", async () => {
    const authorization = await startAuthorization(backend.url, backend.config);
    const callback = await followToSite(authorization, await submitLogin(authorization, "facturen@example.com", DEMO_PASSWORD), backend.url);
    const code = callback.searchParams.get("code") ?? "";
    await expect(exchangeCode(backend.url, backend.config, { ...authorization, verifier: "x".repeat(43) }, code)).rejects.toBeInstanceOf(TokenError);
  });

  it("refuses a redirect URI that is not registered", async () => {
    const response = await fetch(
      `${backend.url}/authorize?${new URLSearchParams({
        client_id: backend.config.clientId,
        redirect_uri: "http://evil.example/callback",
        response_type: "code",
        scope: "openid",
        code_challenge: "x".repeat(43),
        code_challenge_method: "S256",
      })}`,
      { redirect: "manual" },
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("redirect_uri");
  });

  it("signs in silently (prompt=none) with a session, and says login_required without one", async () => {
    const authorization = await startAuthorization(backend.url, backend.config);
    await followToSite(authorization, await submitLogin(authorization, "facturen@example.com", DEMO_PASSWORD), backend.url);
    const silent = await startAuthorizationWithJar(authorization.jar, { prompt: "none", redirect_uri: `${site()}/silent-renew` });
    expect(silent.searchParams.get("code")).toBeTruthy();
    const anonymous = await startAuthorization(backend.url, backend.config, { prompt: "none" });
    expect(new URL(anonymous.loginUrl).searchParams.get("error")).toBe("login_required");
  });

  it("allows the site origins, and no other, to call the token endpoint from a browser", async () => {
    const tokens = await signIn(backend, "facturen@example.com");
    const refresh = (origin: string) =>
      fetch(`${backend.url}/oauth/token`, {
        method: "POST",
        headers: { origin, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: tokens.refresh_token ?? "", client_id: backend.config.clientId }),
      });
    const allowed = await refresh(site());
    expect(allowed.headers.get("access-control-allow-origin")).toBe(site());
    const refused = await refresh("http://evil.example");
    expect(refused.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("revokes a refresh token from the site's origin", async () => {
    const tokens = await signIn(backend, "facturen@example.com");
    const revoke = await fetch(`${backend.url}/oauth/revoke`, {
      method: "POST",
      headers: { origin: site(), "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token: tokens.refresh_token ?? "", token_type_hint: "refresh_token", client_id: backend.config.clientId }),
    });
    expect(revoke.status).toBe(200);
    expect(revoke.headers.get("access-control-allow-origin")).toBe(site());
    await expect(refreshTokens(backend.url, backend.config, tokens.refresh_token ?? "")).rejects.toMatchObject({ error: "invalid_grant" });
  });

  it("signs out at /v2/logout and returns to the site; the session is gone", async () => {
    const authorization = await startAuthorization(backend.url, backend.config);
    const login = await submitLogin(authorization, "facturen@example.com", DEMO_PASSWORD);
    const callback = await followToSite(authorization, login, backend.url);
    const tokens = await exchangeCode(backend.url, backend.config, authorization, callback.searchParams.get("code") ?? "");
    const logout = await fetch(
      `${backend.url}/v2/logout?${new URLSearchParams({ id_token_hint: tokens.id_token, post_logout_redirect_uri: `${site()}/`, client_id: backend.config.clientId })}`,
      { headers: { cookie: authorization.jar.header() } },
    );
    authorization.jar.store(logout);
    const page = await logout.text();
    expect(page).toContain('<script src="/login/logout.js" defer></script>');
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page)?.[1] ?? "";
    const confirm = await fetch(`${backend.url}/v2/logout/confirm`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: authorization.jar.header(), "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ xsrf, logout: "yes" }),
    });
    authorization.jar.store(confirm);
    expect(confirm.status).toBe(303);
    expect(confirm.headers.get("location")).toBe(`${site()}/`);
    const silent = await startAuthorizationWithJar(authorization.jar, { prompt: "none" });
    expect(silent.searchParams.get("error")).toBe("login_required");
  });
});

describe("test hooks", () => {
  it("counts code and refresh grants per user, and resets them", async () => {
    await hook("grants/reset", {});
    const tokens = await signIn(backend, "admin@example.com");
    await refreshTokens(backend.url, backend.config, tokens.refresh_token ?? "");
    expect(await (await hook("grants")).json()).toEqual({ "admin@example.com": { authorization_code: 1, refresh_token: 1 } });
    await hook("grants/reset", {});
    expect(await (await hook("grants")).json()).toEqual({});
  });

  it("spoils the next sign-in's ID token once: wrong audience, then wrong org_id", async () => {
    await hook("bad-id-token", { kind: "audience" });
    expect(decodeJwt((await signIn(backend, "admin@example.com")).id_token).aud).toBe("another-client");
    expect(decodeJwt((await signIn(backend, "admin@example.com")).id_token).aud).toBe(backend.config.clientId);
    await hook("bad-id-token", { kind: "org_id" });
    expect(decodeJwt((await signIn(backend, "admin@example.com")).id_token)["org_id"]).toBe("org_someone_else");
  });

  it("spoils only the named user's ID token when an e-mail is given", async () => {
    await hook("bad-id-token", { kind: "audience", email: "Lotte.Smit@example.com" });
    expect(decodeJwt((await signIn(backend, "admin@example.com")).id_token).aud).toBe(backend.config.clientId);
    expect(decodeJwt((await signIn(backend, "lotte.smit@example.com")).id_token).aud).toBe("another-client");
    expect(decodeJwt((await signIn(backend, "lotte.smit@example.com")).id_token).aud).toBe(backend.config.clientId);
  });

  it("can spoil the ID token of a refresh instead", async () => {
    const tokens = await signIn(backend, "admin@example.com");
    await hook("bad-id-token", { kind: "expired", grant: "refresh_token" });
    const refreshed = decodeJwt((await refreshTokens(backend.url, backend.config, tokens.refresh_token ?? "")).id_token);
    expect(refreshed.exp).toBeLessThan(Date.now() / 1000);
  });

  it("sets the access token lifetime at run time", async () => {
    await hook("lifetimes", { accessToken: 7 });
    const tokens = await signIn(backend, "admin@example.com");
    expect(tokens.expires_in).toBe(7);
    const access = decodeJwt(tokens.access_token);
    expect((access.exp ?? 0) - (access.iat ?? 0)).toBe(7);
    await hook("reset", {});
    expect((await signIn(backend, "admin@example.com")).expires_in).toBe(3600);
  });

  it("sets one user's access token lifetime without touching anyone else's, also on refresh", async () => {
    await hook("lifetimes", { accessToken: 9, email: "Lotte.Smit@example.com" });
    const lotte = await signIn(backend, "lotte.smit@example.com");
    expect(lotte.expires_in).toBe(9);
    expect((await refreshTokens(backend.url, backend.config, lotte.refresh_token ?? "")).expires_in).toBe(9);
    expect((await signIn(backend, "admin@example.com")).expires_in).toBe(3600);
    await hook("reset", {});
    expect((await signIn(backend, "lotte.smit@example.com")).expires_in).toBe(3600);
  });

  it("makes the token endpoint fail a given number of times", async () => {
    const tokens = await signIn(backend, "admin@example.com");
    await hook("token-failures", { status: 503, count: 1 });
    const form = { grant_type: "refresh_token", refresh_token: tokens.refresh_token ?? "", client_id: backend.config.clientId };
    const failed = await fetch(`${backend.url}/oauth/token`, {
      method: "POST",
      headers: { origin: site(), "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form),
    });
    expect(failed.status).toBe(503);
    expect(failed.headers.get("access-control-allow-origin")).toBe(site());
    expect((await tokenRequest(backend.url, form)).access_token).toBeTruthy();
  });
});

/** /authorize with an existing session's cookies; returns where the provider sent the browser. */
async function startAuthorizationWithJar(jar: { header(): string }, extra: Record<string, string>): Promise<URL> {
  const params = new URLSearchParams({
    client_id: backend.config.clientId,
    redirect_uri: `${site()}/callback`,
    response_type: "code",
    scope: "openid profile email offline_access",
    state: "s",
    nonce: "n",
    code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
    code_challenge_method: "S256",
    ...extra,
  });
  const response = await fetch(`${backend.url}/authorize?${params}`, { redirect: "manual", headers: { cookie: jar.header() } });
  return new URL(response.headers.get("location") ?? "", backend.url);
}

describe("forgetting grants (test hook)", () => {
  it("makes a user's refresh tokens fail, or their provider session disappear", async () => {
    const authorization = await startAuthorization(backend.url, backend.config);
    const callback = await followToSite(authorization, await submitLogin(authorization, "facturen@example.com", DEMO_PASSWORD), backend.url);
    const tokens = await exchangeCode(backend.url, backend.config, authorization, callback.searchParams.get("code") ?? "");
    expect((await startAuthorizationWithJar(authorization.jar, { prompt: "none" })).searchParams.get("code")).toBeTruthy();

    expect(await (await hook("forget", { email: "facturen@example.com", what: "refresh_tokens" })).json()).toMatchObject({ removed: expect.any(Number) });
    await expect(refreshTokens(backend.url, backend.config, tokens.refresh_token ?? "")).rejects.toMatchObject({ error: "invalid_grant" });
    expect((await startAuthorizationWithJar(authorization.jar, { prompt: "none" })).searchParams.get("code")).toBeTruthy();

    await hook("forget", { email: "facturen@example.com", what: "sessions" });
    expect((await startAuthorizationWithJar(authorization.jar, { prompt: "none" })).searchParams.get("error")).toBe("login_required");
  });
});

describe("logout, Auth0 style", () => {
  it("takes returnTo as the post-logout address", async () => {
    const tokens = await signIn(backend, "admin@example.com");
    const response = await fetch(
      `${backend.url}/v2/logout?${new URLSearchParams({ id_token_hint: tokens.id_token, returnTo: `${site()}/en`, client_id: backend.config.clientId })}`,
    );
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('name="logout"');
    const unknown = await fetch(`${backend.url}/v2/logout?${new URLSearchParams({ returnTo: "http://evil.example/", client_id: backend.config.clientId })}`);
    expect(unknown.status).toBe(400);
  });
});

describe("userinfo", () => {
  it("answers the API access token with the user's claims, as the hosted provider does", async () => {
    const tokens = await signIn(backend, "admin@example.com");
    const response = await fetch(`${backend.url}/userinfo`, { headers: { authorization: `Bearer ${tokens.access_token}`, origin: site() } });
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe(site());
    expect(await response.json()).toMatchObject({ sub: "usr-0003", email: "admin@example.com", org_id: "org_klantportaal" });
  });

  it("refuses an ID token and no token", async () => {
    const tokens = await signIn(backend, "admin@example.com");
    expect((await fetch(`${backend.url}/userinfo`, { headers: { authorization: `Bearer ${tokens.id_token}` } })).status).toBe(401);
    expect((await fetch(`${backend.url}/userinfo`)).status).toBe(401);
  });
});
