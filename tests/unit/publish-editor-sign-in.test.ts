import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createEditorSignIn,
  hasRole,
  LOGIN_COOKIE,
  type EditorSignIn,
} from "../../publishing/server/editor-sign-in.ts";
import { memoryLogger } from "../../publishing/server/log.ts";
import { SESSION_COOKIE } from "../../publishing/server/receipt.ts";
import { createRebuildServer, type RebuildSite } from "../../publishing/server/server.ts";
import { startFakeProvider, type FakeProvider, type Spoil } from "./support/fake-oidc-provider.ts";

/**
 * The content team's sign-in at the identity provider for the publish receipt: the role check, the
 * refusals (no role, a state that is not ours, a forged or foreign ID token, no sign-in of this
 * browser, a lapsed one) and the pages the rebuild server answers with, in both languages.
 */

const EDITOR = { name: "Eva de Boer", email: "redacteur@example.com", roles: ["editor"] };
const CUSTOMER = { name: "Marleen de Vries", email: "hoofdgebruiker@example.com" };

describe("the editor role", () => {
  it("is an array of roles that holds `editor` exactly", () => {
    expect(hasRole({ roles: ["editor"] }, "editor")).toBe(true);
    expect(hasRole({ roles: ["reader", "editor"] }, "editor")).toBe(true);
    expect(hasRole({ roles: ["editors"] }, "editor")).toBe(false);
    expect(hasRole({ roles: "editor" }, "editor")).toBe(false);
    expect(hasRole({ roles: [] }, "editor")).toBe(false);
    expect(hasRole({ groups: ["editor"] }, "editor")).toBe(false);
    expect(hasRole(undefined, "editor")).toBe(false);
  });
});

let provider: FakeProvider;
beforeAll(async () => {
  provider = await startFakeProvider();
});
afterAll(async () => {
  await provider.close();
});

const settings = () => ({
  issuer: provider.issuer,
  clientId: provider.clientId,
  clientSecret: provider.clientSecret,
  redirectUri: "http://127.0.0.1:9/publicaties/callback",
  role: "editor",
});

/** Starts a sign-in, lets the provider answer with `claims`, and finishes it (state changeable). */
async function signInWith(
  signIn: EditorSignIn,
  claims: Record<string, unknown>,
  spoil: Spoil = "none",
  state?: string,
) {
  const started = await signIn.start("en", false);
  if ("unavailable" in started) throw new Error("the provider should be reachable");
  const answer = provider.issueCode(started.location, claims, spoil);
  return signIn.finish(
    new URLSearchParams({ code: answer.code, state: state ?? answer.state }),
    started.cookie.split(";")[0],
  );
}

describe("editor sign-in at the identity provider", () => {
  const log = memoryLogger();

  it("sends the browser to the provider with state, nonce and PKCE, bound to it by a cookie", async () => {
    const signIn = createEditorSignIn({ settings: settings(), log });
    const started = await signIn.start("nl", false);
    if ("unavailable" in started) throw new Error("unavailable");
    const url = new URL(started.location);
    expect(url.href.startsWith(`${provider.issuer}authorize?`)).toBe(true);
    expect(url.searchParams.get("client_id")).toBe(provider.clientId);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("state")?.length).toBeGreaterThan(20);
    expect(url.searchParams.get("nonce")?.length).toBeGreaterThan(20);
    expect(url.searchParams.get("prompt")).toBeNull();
    expect(started.cookie).toMatch(
      new RegExp(`^${LOGIN_COOKIE}=[\\w-]+; Path=/publicaties; HttpOnly; SameSite=Lax`),
    );
    const again = await signIn.start("nl", true);
    expect("location" in again && new URL(again.location).searchParams.get("prompt")).toBe("login");
    // Over https (as the server tells from the request), the binding cookie never travels over plain http.
    expect(started.cookie).not.toContain("Secure");
    const overHttps = await signIn.start("nl", false, true);
    expect("cookie" in overHttps && overHttps.cookie).toMatch(/; Secure$/);
  });

  it("lets an editor in", async () => {
    const signIn = createEditorSignIn({ settings: settings(), log });
    expect(await signInWith(signIn, EDITOR)).toEqual({ kind: "editor", lang: "en" });
  });

  it("refuses a signed-in customer without the editor role, naming who signed in", async () => {
    const signIn = createEditorSignIn({ settings: settings(), log });
    expect(await signInWith(signIn, CUSTOMER)).toEqual({
      kind: "no-role",
      lang: "en",
      name: "Marleen de Vries",
    });
    expect(await signInWith(signIn, { ...CUSTOMER, roles: ["customer"] })).toMatchObject({ kind: "no-role" });
  });

  it("refuses a callback whose state is not the one it sent", async () => {
    const signIn = createEditorSignIn({ settings: settings(), log });
    expect(await signInWith(signIn, EDITOR, "none", "a-state-from-elsewhere")).toEqual({
      kind: "refused",
      lang: "en",
      reason: "invalid",
    });
  });

  it("refuses an ID token signed with another key, or from another issuer, for another client, with another nonce", async () => {
    const signIn = createEditorSignIn({ settings: settings(), log });
    for (const spoil of ["signature", "issuer", "audience", "nonce"] as const) {
      expect(await signInWith(signIn, EDITOR, spoil), spoil).toEqual({
        kind: "refused",
        lang: "en",
        reason: "invalid",
      });
    }
  });

  it("refuses a callback this browser did not start, and the same callback twice", async () => {
    const signIn = createEditorSignIn({ settings: settings(), log });
    const started = await signIn.start("en", false);
    if ("unavailable" in started) throw new Error("unavailable");
    const answer = provider.issueCode(started.location, EDITOR);
    const query = new URLSearchParams({ code: answer.code, state: answer.state });
    expect(await signIn.finish(query, undefined)).toMatchObject({ kind: "refused", reason: "no-sign-in" });
    expect(await signIn.finish(query, `${LOGIN_COOKIE}=made-up`)).toMatchObject({
      kind: "refused",
      reason: "no-sign-in",
    });
    const cookie = started.cookie.split(";")[0];
    expect(await signIn.finish(query, cookie)).toMatchObject({ kind: "editor" });
    expect(await signIn.finish(query, cookie)).toMatchObject({ kind: "refused", reason: "no-sign-in" });
  });

  it("keeps an editor's sign-in under way however many others are started meanwhile (it lives in the editor's cookie)", async () => {
    const signIn = createEditorSignIn({ settings: settings(), log });
    const started = await signIn.start("en", false);
    if ("unavailable" in started) throw new Error("unavailable");
    const answer = provider.issueCode(started.location, EDITOR);
    // A flood of sign-ins started by someone else, more than any number kept in memory before.
    for (let i = 0; i < 600; i++) await signIn.start("nl", false);
    const query = new URLSearchParams({ code: answer.code, state: answer.state });
    expect(await signIn.finish(query, started.cookie.split(";")[0])).toEqual({ kind: "editor", lang: "en" });
    // A cookie sealed by another process (or altered) is no sign-in of this one.
    const other = await createEditorSignIn({ settings: settings(), log }).start("en", false);
    expect("cookie" in other && (await signIn.finish(query, other.cookie.split(";")[0]))).toMatchObject({ kind: "refused", reason: "no-sign-in" });
  });

  it("lets a sign-in lapse after ten minutes (on the clock seam)", async () => {
    let now = 1_000_000;
    const signIn = createEditorSignIn({ settings: settings(), log, now: () => now });
    const started = await signIn.start("nl", false);
    if ("unavailable" in started) throw new Error("unavailable");
    const answer = provider.issueCode(started.location, EDITOR);
    now += 10 * 60 * 1000;
    expect(
      await signIn.finish(
        new URLSearchParams({ code: answer.code, state: answer.state }),
        started.cookie.split(";")[0],
      ),
    ).toMatchObject({
      kind: "refused",
      reason: "no-sign-in",
    });
  });

  it("says the provider is unreachable instead of failing", async () => {
    const signIn = createEditorSignIn({ settings: { ...settings(), issuer: "http://127.0.0.1:9/" }, log });
    expect(await signIn.start("nl", false)).toEqual({ unavailable: true });
  });
});

describe("the receipt's editor sign-in on the rebuild server", () => {
  const ADMIN = "admin-secret-for-the-sign-in-test";
  let url: string;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const site = { pipeline: { recentBuilds: () => [] }, queue: {} } as unknown as RebuildSite;
    const log = memoryLogger();
    const server = createRebuildServer({
      verify: () => ({ ok: false, reason: "bad-signature" }),
      sites: { live: site, preview: site },
      adminSecret: ADMIN,
      editorSignIn: createEditorSignIn({ settings: settings(), log }),
      log,
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    };
  });
  afterAll(() => close());

  /** Through the server's own pages: start in a language, answer as the provider, come back. */
  async function callback(path: string, claims: Record<string, unknown>) {
    const started = await fetch(`${url}${path}`, { redirect: "manual" });
    expect(started.status).toBe(303);
    const cookie = (started.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const answer = provider.issueCode(started.headers.get("location") ?? "", claims);
    return fetch(
      `${url}/publicaties/callback?${new URLSearchParams({ code: answer.code, state: answer.state })}`,
      { headers: { cookie }, redirect: "manual" },
    );
  }

  it("offers the editor sign-in beside the publishing key", async () => {
    const nl = await (await fetch(`${url}/publicaties`)).text();
    expect(nl).toContain('<a class="button" href="/publicaties/inloggen">Inloggen als redacteur</a>');
    const en = await (await fetch(`${url}/en/publications`)).text();
    expect(en).toContain('<a class="button" href="/en/publications/sign-in">Sign in as an editor</a>');
  });

  it("gives a customer without the role a 403 page in their language, and no session", async () => {
    const en = await callback("/en/publications/sign-in", CUSTOMER);
    expect(en.status).toBe(403);
    expect(en.headers.get("set-cookie")).not.toContain(`${SESSION_COOKIE}=`);
    const page = await en.text();
    expect(page).toContain('<html lang="en">');
    expect(page).toContain(
      "You are signed in as Marleen de Vries, but your account does not have the editor role.",
    );
    expect(page).not.toContain("Live at");
    const nl = await (await callback("/publicaties/inloggen", CUSTOMER)).text();
    expect(nl).toContain(
      "U bent ingelogd als Marleen de Vries, maar uw account heeft niet de rol redacteur.",
    );
  });

  it("gives an editor the publications session and sends them on to the receipt", async () => {
    const response = await callback("/publicaties/inloggen", EDITOR);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<meta http-equiv="refresh" content="0;url=/publicaties">');
    const session = response.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))
      ?.split(";")[0];
    expect(session).toBeDefined();
    const receipt = await fetch(`${url}/publicaties`, { headers: { cookie: session ?? "" } });
    expect(receipt.status).toBe(200);
    expect(await receipt.text()).toContain("<h1>Publicaties</h1>");
  });

  it("refuses a forged callback with a page that offers to try again", async () => {
    const response = await fetch(`${url}/publicaties/callback?code=x&state=y`);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Inloggen is niet gelukt");
  });
});
