import type { User, UserManager, UserManagerSettings, WebStorageStateStore } from "oidc-client-ts";
import type { RuntimeSettings } from "../settings.ts";
import type { AuthService, LogoutOptions } from "../stores/auth.ts";
import { SELECTED_ACCOUNT_KEY } from "../stores/selected-account.ts";
import { AUTH_ERROR_TEXT, AuthError, toAuthError } from "./errors.ts";
import { sanitizeReturnTo } from "./return-to.ts";
import { hasSessionCookie, markSignedIn, markSignedOut } from "./session-hint.ts";
import { browserLocks } from "./token-lock.ts";
import {
  readStoredUser,
  removeStoredUser,
  storedUserKey,
  writeStoredUser,
  type StoredUser,
} from "./stored-user.ts";
import { withTokenCallRetries } from "./token-call-retry.ts";
import { createTokenSource, type TokenSource } from "./token-source.ts";
import { userFromProfile, type AuthUser } from "./user.ts";

/** Popup sign-in limits of spec section 9. */
const POPUP = { width: 400, height: 600, timeoutMs: 60_000 } as const;
/** Provider HTTP timeout (spec section 9). */
const PROVIDER_TIMEOUT_SECONDS = 10;
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
  rawUser: () => Promise<StoredUser | null>;
  /** In the sign-in popup: hands the callback URL to the opener, which finishes the sign-in. */
  finishPopup: (url: string) => Promise<void>;
};

/**
 * The real AuthService: oidc-client-ts configured from the runtime settings (code + PKCE S256,
 * refresh tokens in localStorage), with the ID token checks of spec section 5 run on every ID token
 * it receives, and the token order of `token-source.ts`. Created on first use in the browser only.
 *
 * The library itself is loaded on first need (a sign-in, a callback, a renewal, a logout at the
 * provider): a page whose stored token is still fresh reads it straight from localStorage.
 */
export function createOidcSession(settings: RuntimeSettings): OidcSession {
  const { auth } = settings;
  const origin = window.location.origin;
  const userKey = storedUserKey(auth.domain, auth.clientId);
  const storedUser = (): StoredUser | null => readStoredUser(window.localStorage, userKey);
  let loading: Promise<UserManager> | undefined;
  const manager = (): Promise<UserManager> =>
    (loading ??= import("oidc-client-ts").then(
      ({ UserManager, WebStorageStateStore }) => {
        retryTokenCalls(auth.domain);
        return new UserManager(
          userManagerSettings(auth, origin, new WebStorageStateStore({ store: window.localStorage })),
        );
      },
      (error: unknown) => {
        // Offline or a failed deploy: the next call tries again.
        loading = undefined;
        throw error;
      },
    ));

  const refreshListeners = new Set<(user: AuthUser) => void>();
  const logoutListeners = new Set<() => void>();
  const channel = typeof BroadcastChannel === "undefined" ? undefined : new BroadcastChannel(LOGOUT_CHANNEL);
  channel?.addEventListener("message", (event: MessageEvent) => {
    if (event.data === "logout") for (const listener of logoutListeners) listener();
  });

  const toUser = (user: Pick<User, "profile"> | StoredUser): AuthUser =>
    userFromProfile(user.profile as Record<string, unknown>, auth.claimNamespace);

  /** The checks of spec section 5 on a freshly received ID token; a failure ends the session here. */
  async function verify(user: User, nonce: string | undefined): Promise<void> {
    // Loaded only here, where tokens arrive: the checks and jose are not part of the first page's
    // script. A failed download is not a bad token, so it does not end the session.
    const [{ checkIdToken }, { verifyIdTokenSignature }] = await Promise.all([
      import("./id-token.ts"),
      import("./id-token-signature.ts"),
    ]);
    try {
      checkIdToken(user.id_token, {
        issuer: auth.domain,
        clientId: auth.clientId,
        nonce,
        organization: auth.organization,
      });
      const jwksUri = await (await manager()).metadataService.getKeysEndpoint(false);
      await verifyIdTokenSignature(user.id_token ?? "", jwksUri);
    } catch (error) {
      removeStoredUser(window.localStorage, userKey);
      markSignedOut();
      throw new AuthError("login_failed", AUTH_ERROR_TEXT.loginFailed, { cause: error });
    }
  }

  async function signedIn(user: User): Promise<AuthUser> {
    markSignedIn();
    return toUser(user);
  }

  async function refresh(): Promise<void> {
    const before = storedUser();
    if (!before?.refresh_token)
      throw new AuthError("missing_refresh_token", AUTH_ERROR_TEXT.missingRefreshToken, {
        code: "missing_refresh_token",
      });
    const oidc = await manager();
    const user = await oidc.signinSilent();
    if (!user) throw new AuthError("token_failed", AUTH_ERROR_TEXT.tokenFailed);
    // A refresh answer without a new ID token keeps the old one, which was checked when it arrived.
    if (user.id_token !== before.id_token) await verify(user, undefined);
    notifyRefreshed(user);
  }

  async function frame(): Promise<void> {
    const stored = storedUser();
    if (stored?.refresh_token) {
      // oidc-client-ts prefers the refresh token when there is one; this renewal is the frame's.
      delete stored.refresh_token;
      writeStoredUser(window.localStorage, userKey, stored);
    }
    const nonce = crypto.randomUUID();
    const user = await (await manager()).signinSilent({ nonce, state: { nonce } satisfies FlowState });
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
    removeStoredUser(window.localStorage, userKey);
    clearPrivateCaches();
    await clearPrivateCacheStorage();
  }

  const tokens = createTokenSource({
    read: async () => {
      const user = storedUser();
      if (!user?.access_token) return null;
      return {
        accessToken: user.access_token,
        expiresAt: user.expires_at ?? 0,
        hasRefreshToken: !!user.refresh_token,
      };
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
      if (
        !parsed.searchParams.has("state") &&
        !parsed.searchParams.has("code") &&
        !parsed.searchParams.has("error")
      ) {
        throw new AuthError("no_callback_params", AUTH_ERROR_TEXT.noQueryParams);
      }
      let user: User | undefined;
      try {
        user = await (await manager()).signinCallback(url);
      } catch (error) {
        const authError = toAuthError(error, "login_failed");
        if (authError.kind === "invalid_state")
          throw new AuthError("invalid_state", AUTH_ERROR_TEXT.invalidState, { cause: error });
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
      const user = storedUser();
      return user ? toUser(user) : null;
    },
    async loginWithRedirect(returnTo, lang) {
      const nonce = crypto.randomUUID();
      await (
        await manager()
      ).signinRedirect({
        nonce,
        state: { returnTo: sanitizeReturnTo(returnTo), nonce } satisfies FlowState,
        extraQueryParams: {
          audience: auth.audience,
          ui_locales: lang === "en" ? "en-US" : "nl-NL",
          ...(auth.organization ? { organization: auth.organization } : {}),
        },
      });
    },
    async loginWithPopup() {
      const nonce = crypto.randomUUID();
      const timeout = new AbortController();
      const timer = setTimeout(() => timeout.abort(AUTH_ERROR_TEXT.popupTimeout), POPUP.timeoutMs);
      try {
        const user = await (
          await manager()
        ).signinPopup({
          nonce,
          state: { nonce } satisfies FlowState,
          popupAbortOnClose: true,
          popupSignal: timeout.signal,
        });
        await verify(user, nonce);
        return await signedIn(user);
      } catch (error) {
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
    async logout(options: LogoutOptions) {
      const user = storedUser();
      channel?.postMessage("logout");
      if (options.localOnly || !user) {
        await clearPrivateData();
        return;
      }
      const home = document.documentElement.lang === "en" ? `${origin}/en` : `${origin}/`;
      // signoutRedirect revokes the refresh token and removes the stored user before it leaves.
      clearPrivateCaches();
      await clearPrivateCacheStorage();
      await (
        await manager()
      ).signoutRedirect({
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
    rawUser: async () => storedUser(),
    finishPopup: async (url) => (await manager()).signinPopupCallback(url),
  };
}

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
    revokeTokensOnSignout: true,
  };
}

/** Empties the service worker's private caches (loaded at logout only); a failure leaves nothing to do. */
async function clearPrivateCacheStorage(): Promise<void> {
  try {
    await (await import("../offline/clear-private-caches.ts")).clearPrivateCacheStorage();
  } catch {
    // No Cache Storage (or the module could not load offline): there is nothing cached to clear.
  }
}

/** Forgets everything private this browser keeps besides the tokens: hint, selected account, caches. */
function clearPrivateCaches(): void {
  markSignedOut();
  for (const key of Object.keys(localStorage)) {
    if (key.startsWith(PRIVATE_CACHE_PREFIX) || key === SELECTED_ACCOUNT_KEY) localStorage.removeItem(key);
  }
  sessionStorage.clear();
}

let retryingTokenCalls = false;

/**
 * Token calls (the code exchange and every refresh) are repeated on a network failure (spec
 * section 7); see `token-call-retry.ts`. The provider's token endpoint is Auth0's `/oauth/token`.
 */
function retryTokenCalls(domain: string): void {
  if (retryingTokenCalls) return;
  retryingTokenCalls = true;
  const tokenEndpoint = `${domain.replace(/\/+$/, "")}/oauth/token`;
  globalThis.fetch = withTokenCallRetries(globalThis.fetch.bind(globalThis), (url) => url === tokenEndpoint);
}
