/**
 * The content team's sign-in at the identity provider for the publish receipt: an OpenID Connect
 * authorization code flow with PKCE as a confidential client, through `openid-client` (discovery,
 * state, nonce, the ID token's issuer, audience, expiry and signature). What is ours: the pending
 * sign-in bound to the browser that started it, and the role check on the ID token's `roles` claim.
 * The provider must issue that claim to the editors (docs/security-tokens.md).
 */
import { randomBytes } from "node:crypto";
import * as oidc from "openid-client";
import type { ReceiptLang } from "./receipt.ts";

export type EditorSignInSettings = {
  /** The provider's issuer exactly as its discovery document names it (trailing slash included). */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The public URL of this server's callback (`…/publicaties/callback`), registered at the provider. */
  redirectUri: string;
  /** The role the `roles` claim must hold; `editor` by default. */
  role: string;
};

/** The ID token claim that lists the person's roles at the provider. */
export const ROLES_CLAIM = "roles";

/** Whether an ID token's claims give the role: an array of strings that holds it exactly. */
export function hasRole(claims: Record<string, unknown> | undefined, role: string): boolean {
  const roles = claims?.[ROLES_CLAIM];
  return Array.isArray(roles) && roles.some((held) => held === role);
}

/** The cookie that ties a callback to the browser that started the sign-in. */
export const LOGIN_COOKIE = "kp_publications_login";
/** Long enough to type a password, short enough that a forgotten tab's sign-in lapses. */
const LOGIN_MS = 10 * 60 * 1000;
/** Sign-ins started and never finished are dropped past this many, oldest first. */
const MAX_PENDING = 500;

type Pending = { state: string; nonce: string; verifier: string; lang: ReceiptLang; expires: number };

export type SignInOutcome =
  | { kind: "editor"; lang: ReceiptLang }
  | { kind: "no-role"; lang: ReceiptLang; name: string }
  /** No sign-in of this browser, or it lapsed, or the provider's answer failed a check. */
  | { kind: "refused"; lang: ReceiptLang; reason: "no-sign-in" | "cancelled" | "invalid" }
  | { kind: "unavailable"; lang: ReceiptLang };

export type EditorSignIn = {
  /** Where to send the browser, and the cookie that binds the sign-in to it (`secure`: over https only). */
  start: (
    lang: ReceiptLang,
    again: boolean,
    secure?: boolean,
  ) => Promise<{ location: string; cookie: string } | { unavailable: true }>;
  /** Checks the provider's answer at the callback; always clears the binding cookie (`clearCookie`). */
  finish: (query: URLSearchParams, cookieHeader: string | undefined) => Promise<SignInOutcome>;
  clearCookie: string;
};

type Options = {
  settings: EditorSignInSettings;
  log: (event: string, fields: Record<string, unknown>) => void;
  /** Epoch ms; the clock seam of the pending sign-ins' expiry. */
  now?: (() => number) | undefined;
};

/** Plain http only to a provider on this machine (the stand-in, tests); anything else must be https. */
const isLocal = (url: URL): boolean =>
  url.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);

export function createEditorSignIn(options: Options): EditorSignIn {
  const { settings, log } = options;
  const now = options.now ?? Date.now;
  const pending = new Map<string, Pending>();
  let configuration: Promise<oidc.Configuration> | undefined;

  /** The provider's discovery document, fetched on first need and kept; fetched again after a failure. */
  function discover(): Promise<oidc.Configuration> {
    configuration ??= (async () => {
      const issuer = new URL(settings.issuer);
      const config = await oidc.discovery(
        issuer,
        settings.clientId,
        undefined,
        oidc.ClientSecretBasic(settings.clientSecret),
        isLocal(issuer) ? { execute: [oidc.allowInsecureRequests] } : undefined,
      );
      // The ID token comes straight from the token endpoint, where openid-client may skip its
      // signature; the receipt checks it against the provider's keys all the same.
      oidc.enableNonRepudiationChecks(config);
      return config;
    })();
    configuration.catch(() => (configuration = undefined));
    return configuration;
  }

  function forget(expired: number): void {
    for (const [id, entry] of pending) if (entry.expires <= expired) pending.delete(id);
    while (pending.size >= MAX_PENDING) pending.delete(pending.keys().next().value as string);
  }

  const clearCookie = `${LOGIN_COOKIE}=; Path=/publicaties; HttpOnly; SameSite=Lax; Max-Age=0`;

  return {
    clearCookie,
    async start(lang, again, secure = false) {
      let config: oidc.Configuration;
      try {
        config = await discover();
      } catch (error) {
        log("publications.provider-unavailable", { error: String(error) });
        return { unavailable: true };
      }
      const entry: Pending = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        verifier: oidc.randomPKCECodeVerifier(),
        lang,
        expires: now() + LOGIN_MS,
      };
      forget(now());
      const id = randomBytes(24).toString("base64url");
      pending.set(id, entry);
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: settings.redirectUri,
        scope: "openid profile email",
        state: entry.state,
        nonce: entry.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(entry.verifier),
        code_challenge_method: "S256",
        ui_locales: lang,
        // "With another account" after a refusal: the provider asks again instead of reusing its session.
        ...(again ? { prompt: "login" } : {}),
      });
      // Lax, not Strict: the provider's redirect back is a navigation from another site.
      return {
        location: url.href,
        cookie: `${LOGIN_COOKIE}=${id}; Path=/publicaties; HttpOnly; SameSite=Lax; Max-Age=${LOGIN_MS / 1000}${secure ? "; Secure" : ""}`,
      };
    },

    async finish(query, cookieHeader) {
      const id = readCookie(cookieHeader, LOGIN_COOKIE);
      const entry = id ? pending.get(id) : undefined;
      // One use: a replayed callback finds nothing.
      if (id) pending.delete(id);
      if (!entry || entry.expires <= now()) return { kind: "refused", lang: "nl", reason: "no-sign-in" };
      const { lang } = entry;
      if (query.get("error") === "access_denied" && query.get("state") === entry.state)
        return { kind: "refused", lang, reason: "cancelled" };
      let config: oidc.Configuration;
      try {
        config = await discover();
      } catch (error) {
        log("publications.provider-unavailable", { error: String(error) });
        return { kind: "unavailable", lang };
      }
      const callback = new URL(settings.redirectUri);
      callback.search = query.toString();
      try {
        const tokens = await oidc.authorizationCodeGrant(config, callback, {
          pkceCodeVerifier: entry.verifier,
          expectedState: entry.state,
          expectedNonce: entry.nonce,
          idTokenExpected: true,
        });
        const claims = tokens.claims() as Record<string, unknown> | undefined;
        if (hasRole(claims, settings.role)) {
          log("publications.signed-in", { via: "provider", sub: claims?.["sub"] });
          return { kind: "editor", lang };
        }
        log("publications.refused", { reason: "no-role", sub: claims?.["sub"] });
        const name = claims?.["name"] ?? claims?.["email"] ?? "";
        return { kind: "no-role", lang, name: typeof name === "string" ? name : "" };
      } catch (error) {
        // Bad state, a forged or foreign ID token, a code used twice: the same refusal, the cause in the log.
        const detail = error as { error?: unknown; code?: unknown };
        log("publications.refused", {
          reason: "invalid-callback",
          error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
          // The OAuth error code (`invalid_grant`, …) or the library's check that failed.
          code: detail.error ?? detail.code,
        });
        return { kind: "refused", lang, reason: "invalid" };
      }
    },
  };
}

function readCookie(header: string | undefined, name: string): string | undefined {
  return (header ?? "")
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name}=`))
    ?.slice(name.length + 1);
}
