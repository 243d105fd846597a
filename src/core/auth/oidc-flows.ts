import { ErrorResponse, ErrorTimeout, UserManager, WebStorageStateStore, type User, type UserManagerSettings } from "oidc-client-ts";
import type { RuntimeSettings } from "../settings.ts";
import { AUTH_ERROR_TEXT, AuthError, TOKEN_REFUSED, toAuthError } from "./errors.ts";
import { sanitizeReturnTo } from "./return-to.ts";
import type { SessionBrowser } from "./session-browser.ts";
import { readStoredUser, removeStoredUser, writeStoredUser, type StoredUser } from "./stored-user.ts";
import { forgetPasswordNext, passwordNext, promptFor } from "./password-next.ts";
import { isTokenRefusal } from "./token-refusal.ts";
import { retryOnNetworkFailure } from "./token-source.ts";

/** The sign-in popup: 400×600, and 60 s to sign in; longer and the person has probably lost the window. */
const POPUP = { width: 400, height: 600, timeoutMs: 60_000 } as const;
/** A provider call that has not answered in 10 s has failed: the person sees an error, not a spinner. */
const PROVIDER_TIMEOUT_SECONDS = 10;
/** Login transactions older than a day are dropped: no one finishes such a sign-in, so they only pile up. */
const TRANSACTION_MAX_AGE_SECONDS = 24 * 60 * 60;

/** What the sign-in flow carries through the provider in oidc-client-ts's state. */
type FlowState = { returnTo?: string; nonce?: string; passwordAsked?: boolean };

/** What the flows need from the tokens that loaded them. */
export type FlowContext = {
  auth: RuntimeSettings["auth"];
  browser: SessionBrowser;
  /** Where oidc-client-ts keeps this provider's and client's user. */
  userKey: string;
};

/**
 * Everything that talks to the provider through oidc-client-ts: sign-in (redirect, popup, the
 * callback), renewal (refresh token, hidden frame), logout at the provider, each ID token checked
 * as it arrives (`id-token.ts`). `token-source.ts` loads this module, and the library with it, on
 * first need, so a page whose stored token is still fresh never downloads either.
 */
export function createOidcFlows(context: FlowContext) {
  const { auth, browser, userKey } = context;
  const storedUser = (): StoredUser | null => readStoredUser(browser.storage, userKey);
  const manager = new UserManager(
    userManagerSettings(auth, browser.origin, new WebStorageStateStore({ store: browser.storage })),
  );
  /**
   * The discovery document, read before a token call and kept by the library: the call that
   * `retryOnNetworkFailure` repeats then makes one request, to the token endpoint, and a failed
   * discovery is not taken for a failed token call.
   */
  const discover = async (): Promise<void> => void (await manager.metadataService.getMetadata());

  /**
   * One library call that makes a token call, made again on a network failure. An HTTP error
   * without an OAuth answer (a proxy's 502 page) comes out as 'HTTP error. Unable to fetch' with the token
   * endpoint; an OAuth error answer and everything else pass on as the library gave them.
   */
  async function tokenCall<T>(call: (attempt: number) => Promise<T>): Promise<T> {
    try {
      return await retryOnNetworkFailure(call);
    } catch (error) {
      if (!isLibraryHttpFailure(error)) throw error;
      const endpoint = await manager.metadataService.getTokenEndpoint(false);
      throw new Error(AUTH_ERROR_TEXT.httpError(endpoint ?? ""), { cause: error });
    }
  }

  /**
   * The ID token checks (`id-token.ts`) on a freshly received token. Loaded only here, where tokens
   * arrive: jose is not downloaded for a sign-in page that fails before any token. A failed download
   * is not a bad token, so it does not end the session.
   */
  async function verify(user: User, expected: { nonce?: string | undefined; subject?: string | undefined }): Promise<void> {
    const { publishedKeys, verifyIdToken } = await import("./id-token.ts");
    const jwksUri = await manager.metadataService.getKeysEndpoint(false);
    await verifyIdToken(user.id_token, publishedKeys(jwksUri), {
      issuer: auth.domain,
      clientId: auth.clientId,
      organization: auth.organization,
      ...expected,
    });
  }

  /**
   * Runs one call that receives tokens. When it fails because a token was refused, by our checks or
   * by the library's own (which run first: nonce, sub continuity, a malformed token), nothing of the
   * session may stay: the library may have kept the old tokens, and the next page load would renew
   * with them. The error's code is `token_refused`, by which the session that loaded these flows
   * ends the session in every tab; a sign-in keeps the kind `login_failed`, a renewal says why.
   */
  async function receiving<T>(kind: "sign-in" | "renewal", call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (!isTokenRefusal(error)) throw error;
      removeStoredUser(browser.storage, userKey);
      browser.markSignedOut();
      const options = { code: TOKEN_REFUSED, cause: error };
      throw kind === "sign-in"
        ? new AuthError("login_failed", AUTH_ERROR_TEXT.loginFailed, options)
        : new AuthError("token_refused", AUTH_ERROR_TEXT.tokenRefused, options);
    }
  }

  return {
    /** Renews with the refresh token; returns the new user. */
    async refresh(): Promise<User> {
      const before = storedUser();
      if (!before?.refresh_token)
        throw new AuthError("missing_refresh_token", AUTH_ERROR_TEXT.missingRefreshToken, {
          code: "missing_refresh_token",
        });
      await discover();
      return receiving("renewal", async () => {
        // The stored user is untouched by a refresh that failed on the network: it is sent again as it is.
        const user = await tokenCall(() => manager.signinSilent());
        if (!user) throw new AuthError("token_failed", AUTH_ERROR_TEXT.tokenFailed);
        // A refresh answer without a new ID token keeps the old one, which was checked when it arrived.
        if (user.id_token !== before.id_token) await verify(user, { subject: subjectOf(before) });
        return user;
      });
    },

    /** Renews in a hidden frame at the provider (no refresh token); returns the new user. */
    async frame(): Promise<User> {
      // After a sign-out that left the provider's session alive, a silent frame would pass without
      // the password the next sign-in must ask for (password-next.ts).
      if (passwordNext(browser.storage)) throw new AuthError("login_required", "login_required", { code: "login_required" });
      const stored = storedUser();
      if (stored?.refresh_token) {
        // oidc-client-ts prefers the refresh token when there is one; this renewal is the frame's.
        delete stored.refresh_token;
        writeStoredUser(browser.storage, userKey, stored);
      }
      await discover();
      return receiving("renewal", async () => {
        // A code exchange that failed on the network is repeated as a whole frame sign-in: the
        // library dropped that sign-in's state, and the provider's session gives a new code.
        let nonce = "";
        const user = await tokenCall(() => {
          nonce = crypto.randomUUID();
          return manager.signinSilent({ nonce, state: { nonce } satisfies FlowState });
        });
        if (!user) throw new AuthError("token_failed", AUTH_ERROR_TEXT.tokenFailed);
        await verify(user, { nonce, subject: stored ? subjectOf(stored) : undefined });
        return user;
      });
    },

    /** Finishes a redirect sign-in on the callback page; returns where to go (a safe path). */
    async handleRedirectCallback(url: string): Promise<string> {
      await discover();
      const again = await keepSigninState(url);
      return receiving("sign-in", async () => {
        let user: User | undefined;
        try {
          user = await tokenCall(async (attempt) => {
            if (attempt > 1) await again();
            return manager.signinCallback(url);
          });
        } catch (error) {
          if (isTokenRefusal(error)) throw error;
          const authError = toAuthError(error, "login_failed");
          if (authError.kind === "invalid_state")
            throw new AuthError("invalid_state", AUTH_ERROR_TEXT.invalidState, { cause: error });
          throw authError;
        }
        if (!user) throw new AuthError("login_failed", AUTH_ERROR_TEXT.loginFailed);
        const state = (user.state ?? {}) as FlowState;
        await verify(user, { nonce: state.nonce });
        if (state.passwordAsked) forgetPasswordNext(browser.storage);
        return sanitizeReturnTo(state.returnTo);
      });
    },

    /**
     * `again`: a fresh sign-in for a money change (src/core/permissions/step-up.ts): the provider asks
     * for the password whatever session it holds (`prompt=login`, `max_age=0`), the address filled in.
     */
    async loginWithRedirect(returnTo: string, lang: "nl" | "en", again?: { loginHint: string }): Promise<void> {
      const nonce = crypto.randomUUID();
      const prompt = again ? { prompt: "login" as const } : promptFor(browser.storage);
      await manager.signinRedirect({
        nonce,
        ...prompt,
        ...(again ? { max_age: 0, login_hint: again.loginHint } : {}),
        state: { returnTo: sanitizeReturnTo(returnTo), nonce, ...(prompt.prompt ? { passwordAsked: true } : {}) } satisfies FlowState,
        extraQueryParams: {
          audience: auth.audience,
          ui_locales: lang === "en" ? "en-US" : "nl-NL",
          ...(auth.organization ? { organization: auth.organization } : {}),
        },
      });
    },

    async loginWithPopup(): Promise<User> {
      const nonce = crypto.randomUUID();
      const timeout = new AbortController();
      const timer = setTimeout(() => timeout.abort(AUTH_ERROR_TEXT.popupTimeout), POPUP.timeoutMs);
      try {
        await discover();
        const prompt = promptFor(browser.storage);
        // Not repeated on a network failure: the callback URL with its code stays inside the
        // library's popup handling, so the person starts the sign-in again (see docs/security-tokens.md).
        return await receiving("sign-in", async () => {
          const user = await manager.signinPopup({
            nonce,
            ...prompt,
            state: { nonce } satisfies FlowState,
            // Pages send Cross-Origin-Opener-Policy: same-origin, so once the popup reaches the
            // provider this page no longer sees it (`closed` reads true): closing cannot be told
            // from going on. The answer comes over a BroadcastChannel; the timeout ends a wait.
            popupAbortOnClose: false,
            popupSignal: timeout.signal,
          });
          await verify(user, { nonce });
          if (prompt.prompt) forgetPasswordNext(browser.storage);
          return user;
        });
      } catch (error) {
        if (error instanceof AuthError) throw error;
        if (timeout.signal.aborted)
          throw new AuthError("timeout", AUTH_ERROR_TEXT.popupTimeout, { cause: error });
        if (error instanceof Error && /disposed window|window\.open/i.test(error.message)) {
          throw new AuthError("popup_blocked", AUTH_ERROR_TEXT.popupBlocked, { cause: error });
        }
        throw toAuthError(error, "login_failed");
      } finally {
        clearTimeout(timer);
      }
    },

    /** Revokes the refresh token and ends the session at the provider, which sends the browser `home`. */
    async logoutAtProvider(user: StoredUser, home: string, federated: boolean): Promise<void> {
      // Revocation is best effort: a provider that does not revoke, or answers in a way the library
      // refuses (200 with an HTML body), must not keep the browser from ending the provider's session.
      try {
        await manager.revokeTokens(["refresh_token"]);
      } catch (error) {
        console.warn("[auth] revoking the refresh token failed; ending the session at the provider anyway", error);
      }
      // signoutRedirect removes the stored user before it leaves.
      await manager.signoutRedirect({
        ...(user.id_token ? { id_token_hint: user.id_token } : {}),
        post_logout_redirect_uri: home,
        ...(federated ? { extraQueryParams: { federated: "" } } : {}),
      });
    },

    finishPopup: async (url: string): Promise<void> => manager.signinPopupCallback(url),
  };

  /**
   * The library takes a sign-in's state out of its store before it exchanges the code, so a repeated
   * exchange would find none. This reads the state the callback URL names first and returns what
   * puts it back before a repeat (through the library's public state store).
   */
  async function keepSigninState(url: string): Promise<() => Promise<void>> {
    const store = manager.settings.stateStore;
    const id = new URL(url).searchParams.get("state");
    const saved = id ? await store.get(id) : null;
    return async () => {
      if (id && saved) await store.set(id, saved);
    };
  }
}

export type OidcFlows = ReturnType<typeof createOidcFlows>;

/** oidc-client-ts's settings from the runtime settings: code + PKCE, tokens in localStorage, renewal ours. */
function userManagerSettings(
  auth: RuntimeSettings["auth"],
  origin: string,
  storage: WebStorageStateStore,
): UserManagerSettings {
  return {
    authority: auth.domain,
    client_id: auth.clientId,
    redirect_uri: auth.redirectUri,
    popup_redirect_uri: auth.redirectUri,
    silent_redirect_uri: `${origin}/silent-renew`,
    post_logout_redirect_uri: `${origin}/`,
    response_type: "code",
    scope: "openid profile email offline_access",
    extraQueryParams: {
      audience: auth.audience,
      ...(auth.organization ? { organization: auth.organization } : {}),
    },
    userStore: storage,
    stateStore: storage,
    staleStateAgeInSeconds: TRANSACTION_MAX_AGE_SECONDS,
    // Renewal happens on demand and on a timer of our own, through the cross-tab lock.
    automaticSilentRenew: false,
    // The provider puts the profile and portal claims into the ID token, which we check ourselves.
    loadUserInfo: false,
    requestTimeoutInSeconds: PROVIDER_TIMEOUT_SECONDS,
    silentRequestTimeoutInSeconds: PROVIDER_TIMEOUT_SECONDS,
    popupWindowFeatures: { width: POPUP.width, height: POPUP.height },
    revokeTokenTypes: ["refresh_token"],
    // The revocation endpoint answers 200 with an empty text/plain body (RFC 7009 sets no type).
    revokeTokenAdditionalContentTypes: ["text/plain"],
    // Revoked by logoutAtProvider itself, where a failed revocation cannot stop the logout.
    revokeTokensOnSignout: false,
  };
}

/** The sub of the session a renewal continues, from the ID token it holds (not checked again). */
function subjectOf(user: StoredUser): string | undefined {
  return typeof user.profile["sub"] === "string" ? user.profile["sub"] : undefined;
}

/**
 * How oidc-client-ts 3.5 (pinned) reports an HTTP error that carries no OAuth answer: a body of
 * another type ("Invalid response Content-Type: text/html, from URL: …") or a status without an
 * `error` ("Bad Gateway (502)"). tests/unit/auth-token-call-retry.test.ts holds it to the library as
 * installed, so an upgrade that words it differently fails there.
 */
const LIBRARY_HTTP_FAILURE = /^Invalid response Content-Type: |\(\d{3}\)(?:: |$)/;

function isLibraryHttpFailure(error: unknown): boolean {
  return (
    error instanceof Error &&
    !(error instanceof ErrorResponse) &&
    !(error instanceof ErrorTimeout) &&
    !(error instanceof TypeError) &&
    LIBRARY_HTTP_FAILURE.test(error.message)
  );
}
