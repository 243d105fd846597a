/**
 * The content team's sign-in at the identity provider for the publish receipt: an OpenID Connect
 * authorization code flow with PKCE as a confidential client, through `openid-client` (discovery,
 * state, nonce, the ID token's issuer, audience, expiry and signature). What is ours: the pending
 * sign-in bound to the browser that started it, and the role check on the ID token's `roles` claim.
 * The provider must issue that claim to the editors (docs/security-tokens.md).
 */
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
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
/**
 * Callbacks already finished are remembered (until their sign-in would have lapsed) so the same one
 * cannot be used twice; past this many the oldest are forgotten, which only leaves a replay to the
 * provider's own refusal of a code used twice.
 */
const MAX_FINISHED = 10_000;

type Pending = { id: string; state: string; nonce: string; verifier: string; lang: ReceiptLang; expires: number };

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
  /**
   * A sign-in under way lives in its browser's cookie, sealed (AES-256-GCM under a key of this
   * process): nothing is kept here per started sign-in, so no number of them started by anyone can
   * push out an editor's. A restart only makes a sign-in under way start again.
   */
  const key = randomBytes(32);
  const finished = new Map<string, number>();
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

  function seal(entry: Pending): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", key, iv);
    const sealed = Buffer.concat([cipher.update(JSON.stringify(entry), "utf8"), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64url");
  }

  /** The sign-in a cookie holds; undefined for anything this process did not seal. */
  function unseal(value: string): Pending | undefined {
    try {
      const bytes = Buffer.from(value, "base64url");
      const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, 12));
      decipher.setAuthTag(bytes.subarray(12, 28));
      return JSON.parse(Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString("utf8")) as Pending;
    } catch {
      return undefined;
    }
  }

  /** True the first time a sign-in is finished, false after (a replayed callback). */
  function firstFinish(entry: Pending): boolean {
    const at = now();
    for (const [id, expires] of finished) if (expires <= at) finished.delete(id);
    if (finished.has(entry.id)) return false;
    while (finished.size >= MAX_FINISHED) finished.delete(finished.keys().next().value as string);
    finished.set(entry.id, entry.expires);
    return true;
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
        id: randomBytes(18).toString("base64url"),
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        verifier: oidc.randomPKCECodeVerifier(),
        lang,
        expires: now() + LOGIN_MS,
      };
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
        cookie: `${LOGIN_COOKIE}=${seal(entry)}; Path=/publicaties; HttpOnly; SameSite=Lax; Max-Age=${LOGIN_MS / 1000}${secure ? "; Secure" : ""}`,
      };
    },

    async finish(query, cookieHeader) {
      const sealed = readCookie(cookieHeader, LOGIN_COOKIE);
      const entry = sealed ? unseal(sealed) : undefined;
      // One use: a replayed callback finds nothing.
      if (!entry || entry.expires <= now() || !firstFinish(entry)) return { kind: "refused", lang: "nl", reason: "no-sign-in" };
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
