import { UserManager, WebStorageStateStore, type User } from "oidc-client-ts";
import type { RuntimeSettings } from "../settings.ts";
import type { AuthService, LogoutOptions } from "../stores/auth.ts";
import { SELECTED_ACCOUNT_KEY } from "../stores/selected-account.ts";
import { AUTH_ERROR_TEXT, AuthError, toAuthError } from "./errors.ts";
import { checkIdToken } from "./id-token.ts";
import { clearPrivateCacheStorage } from "../offline/clear-private-caches.ts";
import { sanitizeReturnTo } from "./return-to.ts";
import { hasSessionCookie, markSignedIn, markSignedOut } from "./session-hint.ts";
import { browserLocks } from "./token-lock.ts";
import { createTokenSource, type TokenSource } from "./token-source.ts";
import { userFromProfile, type AuthUser } from "./user.ts";

/** Popup sign-in limits of spec section 9. */
const POPUP = { width: 400, height: 600, timeoutMs: 60_000 } as const;
/** Provider HTTP timeout (spec section 9). */
const PROVIDER_TIMEOUT_SECONDS = 10;
/** Refresh-token calls are retried this often when the network fails (spec section 7). */
const TOKEN_CALL_ATTEMPTS = 3;
/** Login transactions older than a day are dropped (spec section 9). */
const TRANSACTION_MAX_AGE_SECONDS = 24 * 60 * 60;
/** Other tabs hear about a logout on this channel. */
const LOGOUT_CHANNEL = "klantportaal.auth";
/** localStorage keys with this prefix are private caches, removed at logout (see docs/portal-howto.md). */
export const PRIVATE_CACHE_PREFIX = "kp.private.";

/** What the sign-in flow carries through the provider in oidc-client-ts's state. */
type FlowState = { returnTo?: string; nonce?: string };

export type OidcSession = AuthService & {
  tokens: TokenSource;
  /** Sends the browser to the provider's login page; after the callback it lands on `returnTo`. */
  loginWithRedirect: (returnTo: string, lang: "nl" | "en") => Promise<void>;
  /** Runs `listener` when another tab logged out. */
  onLoggedOutElsewhere: (listener: () => void) => () => void;
  /** The raw stored user (debug page, renewal timer). */
  rawUser: () => Promise<User | null>;
  /** In the sign-in popup: hands the callback URL to the opener, which finishes the sign-in. */
  finishPopup: (url: string) => Promise<void>;
};

/**
 * The real AuthService: oidc-client-ts configured from the runtime settings (code + PKCE S256,
 * refresh tokens in localStorage), with the ID token checks of spec section 5 run on every ID token
 * it receives, and the token order of `token-source.ts`. Created on first use in the browser only.
 */
export function createOidcSession(settings: RuntimeSettings): OidcSession {
  const { auth } = settings;
  const origin = window.location.origin;
  const storage = new WebStorageStateStore({ store: window.localStorage });
  const manager = new UserManager({
    authority: auth.domain,
    client_id: auth.clientId,
    redirect_uri: auth.redirectUri,
    popup_redirect_uri: auth.redirectUri,
    silent_redirect_uri: `${origin}/silent-renew`,
    post_logout_redirect_uri: `${origin}/`,
    response_type: "code",
    scope: "openid profile email offline_access",
    extraQueryParams: { audience: auth.audience, ...(auth.organization ? { organization: auth.organization } : {}) },
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
    revokeTokensOnSignout: true,
  });

  const refreshListeners = new Set<(user: AuthUser) => void>();
  const logoutListeners = new Set<() => void>();
  const channel = typeof BroadcastChannel === "undefined" ? undefined : new BroadcastChannel(LOGOUT_CHANNEL);
  channel?.addEventListener("message", (event: MessageEvent) => {
    if (event.data === "logout") for (const listener of logoutListeners) listener();
  });

  const toUser = (user: User): AuthUser => userFromProfile(user.profile as Record<string, unknown>, auth.claimNamespace);

  /** The checks of spec section 5 on a freshly received ID token; a failure ends the session here. */
  async function verify(user: User, nonce: string | undefined): Promise<void> {
    try {
      checkIdToken(user.id_token, {
        issuer: auth.domain,
        clientId: auth.clientId,
        nonce,
        organization: auth.organization,
      });
      const jwksUri = await manager.metadataService.getKeysEndpoint(false);
      // Loaded only here, where tokens arrive: jose is not part of the first page's script.
      const { verifyIdTokenSignature } = await import("./id-token-signature.ts");
      await verifyIdTokenSignature(user.id_token ?? "", jwksUri);
    } catch (error) {
      await manager.removeUser();
      markSignedOut();
      throw new AuthError("login_failed", AUTH_ERROR_TEXT.loginFailed, { cause: error });
    }
  }

  async function signedIn(user: User): Promise<AuthUser> {
    markSignedIn();
    return toUser(user);
  }

  async function refresh(): Promise<void> {
    const before = await manager.getUser();
    if (!before?.refresh_token) throw new AuthError("missing_refresh_token", AUTH_ERROR_TEXT.missingRefreshToken, { code: "missing_refresh_token" });
    const user = await retryOnNetworkFailure(() => manager.signinSilent(), TOKEN_CALL_ATTEMPTS);
    if (!user) throw new AuthError("token_failed", AUTH_ERROR_TEXT.tokenFailed);
    // A refresh answer without a new ID token keeps the old one, which was checked when it arrived.
    if (user.id_token !== before.id_token) await verify(user, undefined);
    notifyRefreshed(user);
  }

  async function frame(): Promise<void> {
    const stored = await manager.getUser();
    if (stored?.refresh_token) {
      // oidc-client-ts prefers the refresh token when there is one; this renewal is the frame's.
      delete stored.refresh_token;
      await manager.storeUser(stored);
    }
    const nonce = crypto.randomUUID();
    const user = await manager.signinSilent({ nonce, state: { nonce } satisfies FlowState });
    if (!user) throw new AuthError("token_failed", AUTH_ERROR_TEXT.tokenFailed);
    await verify(user, nonce);
    markSignedIn();
    notifyRefreshed(user);
  }

  function notifyRefreshed(user: User): void {
    const authUser = toUser(user);
    for (const listener of refreshListeners) listener(authUser);
  }

  async function clearPrivateData(): Promise<void> {
    await manager.removeUser();
    clearPrivateCaches();
    await clearPrivateCacheStorage().catch(() => undefined);
  }

  const tokens = createTokenSource({
    read: async () => {
      const user = await manager.getUser();
      if (!user?.access_token) return null;
      return { accessToken: user.access_token, expiresAt: user.expires_at ?? 0, hasRefreshToken: !!user.refresh_token };
    },
    refresh,
    frame,
    logoutLocally: clearPrivateData,
    locks: browserLocks(),
    marginSeconds: auth.expiryMarginSeconds,
    crossOriginIsolated: () => globalThis.crossOriginIsolated === true,
  });

  return {
    tokens,
    hasSessionCookie,
    async handleRedirectCallback(url) {
      const parsed = new URL(url);
      if (!parsed.searchParams.has("state") && !parsed.searchParams.has("code") && !parsed.searchParams.has("error")) {
        throw new AuthError("no_callback_params", AUTH_ERROR_TEXT.noQueryParams);
      }
      let user: User | undefined;
      try {
        user = await manager.signinCallback(url);
      } catch (error) {
        const authError = toAuthError(error, "login_failed");
        if (authError.kind === "invalid_state") throw new AuthError("invalid_state", AUTH_ERROR_TEXT.invalidState, { cause: error });
        throw authError;
      }
      if (!user) throw new AuthError("login_failed", AUTH_ERROR_TEXT.loginFailed);
      const state = (user.state ?? {}) as FlowState;
      await verify(user, state.nonce);
      await signedIn(user);
      return { returnTo: sanitizeReturnTo(state.returnTo) };
    },
    async checkSession() {
      await tokens.getAccessToken({ allowWithoutSession: true });
    },
    async getUser() {
      const user = await manager.getUser();
      return user ? toUser(user) : null;
    },
    async loginWithRedirect(returnTo, lang) {
      const nonce = crypto.randomUUID();
      await manager.signinRedirect({
        nonce,
        state: { returnTo: sanitizeReturnTo(returnTo), nonce } satisfies FlowState,
        extraQueryParams: { audience: auth.audience, ui_locales: lang === "en" ? "en-US" : "nl-NL", ...(auth.organization ? { organization: auth.organization } : {}) },
      });
    },
    async loginWithPopup() {
      const nonce = crypto.randomUUID();
      const timeout = new AbortController();
      const timer = setTimeout(() => timeout.abort(AUTH_ERROR_TEXT.popupTimeout), POPUP.timeoutMs);
      try {
        const user = await manager.signinPopup({
          nonce,
          state: { nonce } satisfies FlowState,
          popupAbortOnClose: true,
          popupSignal: timeout.signal,
        });
        await verify(user, nonce);
        return await signedIn(user);
      } catch (error) {
        if (timeout.signal.aborted) throw new AuthError("timeout", AUTH_ERROR_TEXT.popupTimeout, { cause: error });
        if (error instanceof Error && /disposed window|window\.open/i.test(error.message)) {
          throw new AuthError("popup_blocked", AUTH_ERROR_TEXT.popupBlocked, { cause: error });
        }
        throw toAuthError(error, "login_failed");
      } finally {
        clearTimeout(timer);
      }
    },
    async logout(options: LogoutOptions) {
      const user = await manager.getUser();
      channel?.postMessage("logout");
      if (options.localOnly || !user) {
        await clearPrivateData();
        return;
      }
      const home = document.documentElement.lang === "en" ? `${origin}/en` : `${origin}/`;
      // signoutRedirect revokes the refresh token and removes the stored user before it leaves.
      clearPrivateCaches();
      await clearPrivateCacheStorage().catch(() => undefined);
      await manager.signoutRedirect({
        ...(user.id_token ? { id_token_hint: user.id_token } : {}),
        post_logout_redirect_uri: home,
        ...(options.federated ? { extraQueryParams: { federated: "" } } : {}),
      });
    },
    onUserRefreshed(listener) {
      refreshListeners.add(listener);
      return () => refreshListeners.delete(listener);
    },
    onLoggedOutElsewhere(listener) {
      logoutListeners.add(listener);
      return () => logoutListeners.delete(listener);
    },
    rawUser: () => manager.getUser(),
    finishPopup: (url) => manager.signinPopupCallback(url),
  };
}

/** Forgets everything private this browser keeps besides the tokens: hint, selected account, caches. */
function clearPrivateCaches(): void {
  markSignedOut();
  for (const key of Object.keys(localStorage)) {
    if (key.startsWith(PRIVATE_CACHE_PREFIX) || key === SELECTED_ACCOUNT_KEY) localStorage.removeItem(key);
  }
  sessionStorage.clear();
}

/** Repeats `call` when the network failed (fetch's TypeError), up to `attempts` times in all. */
async function retryOnNetworkFailure<T>(call: () => Promise<T>, attempts: number): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      const networkFailure = error instanceof TypeError || (error instanceof Error && /failed to fetch|network/i.test(error.message));
      if (!networkFailure || attempt >= attempts) throw error;
    }
  }
}
