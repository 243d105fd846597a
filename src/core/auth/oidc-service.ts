import type { RuntimeSettings } from "../settings.ts";
import type { AuthService, LogoutOptions } from "./auth-service.ts";
import { AUTH_ERROR_TEXT, AuthError, TOKEN_REFUSED } from "./errors.ts";
import type { OidcFlows } from "./oidc-flows.ts";
import { isPrivateKey } from "./private-storage.ts";
import { hasSessionCookie, markSignedIn, markSignedOut } from "./session-hint.ts";
import { browserLocks } from "./token-lock.ts";
import { readStoredUser, removeStoredUser, storedUserKey, type StoredUser } from "./stored-user.ts";
import { createTokenSource, type TokenSource } from "./token-source.ts";
import { userFromProfile, type AuthUser } from "./user.ts";

/** Other tabs hear about a logout on this channel. */
const LOGOUT_CHANNEL = "klantportaal.auth";
/**
 * How long a tab keeps the token lock after a renewal, so the new tokens reach the other tabs'
 * localStorage before any of them can take the lock (see `afterRenewal` in `token-source.ts`).
 */
const STORAGE_SYNC_MS = 300;

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
 * refresh tokens in localStorage), with our own ID token checks (`id-token.ts`) run on every ID token
 * it receives, and the token order of `token-source.ts`. Created on first use in the browser only.
 *
 * What talks to the provider (`oidc-flows.ts`, with the library) is loaded on first need: a sign-in,
 * a callback, a renewal, a logout at the provider. A page whose stored token is still fresh reads
 * it straight from localStorage and downloads neither.
 */
export function createOidcSession(settings: RuntimeSettings): OidcSession {
  const { auth } = settings;
  const origin = window.location.origin;
  const userKey = storedUserKey(auth.domain, auth.clientId);
  const storedUser = (): StoredUser | null => readStoredUser(window.localStorage, userKey);
  let loading: Promise<OidcFlows> | undefined;
  const flows = (): Promise<OidcFlows> =>
    (loading ??= import("./oidc-flows.ts").then(
      ({ createOidcFlows }) => createOidcFlows({ auth, origin, userKey, storedUser }),
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

  const toUser = (user: Pick<StoredUser, "profile">): AuthUser =>
    userFromProfile(user.profile as Record<string, unknown>, auth.claimNamespace);

  function notifyRefreshed(user: Pick<StoredUser, "profile">): void {
    const authUser = toUser(user);
    for (const listener of refreshListeners) listener(authUser);
  }

  async function clearPrivateData(): Promise<void> {
    removeStoredUser(window.localStorage, userKey);
    clearPrivateCaches();
    await clearPrivateCacheStorage();
  }

  /**
   * Runs a call that receives tokens; when it refused one, the session is over: nothing private
   * stays in this browser and every other tab hears it, as at a logout.
   */
  async function receiving<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof AuthError && error.code === TOKEN_REFUSED) {
        channel?.postMessage("logout");
        await clearPrivateData();
      }
      throw error;
    }
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
    refresh: async () => notifyRefreshed(await receiving(async () => (await flows()).refresh())),
    frame: async () => {
      const user = await receiving(async () => (await flows()).frame());
      markSignedIn();
      notifyRefreshed(user);
    },
    logoutLocally: clearPrivateData,
    locks: browserLocks(),
    afterRenewal: () => new Promise((resolve) => setTimeout(resolve, STORAGE_SYNC_MS)),
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
      const returnTo = await receiving(async () => (await flows()).handleRedirectCallback(url));
      markSignedIn();
      return { returnTo };
    },
    async checkSession() {
      await tokens.getAccessToken({ allowWithoutSession: true });
    },
    async getUser() {
      const user = storedUser();
      return user ? toUser(user) : null;
    },
    async loginWithRedirect(returnTo, lang) {
      await (await flows()).loginWithRedirect(returnTo, lang);
    },
    async loginWithPopup() {
      const user = await receiving(async () => (await flows()).loginWithPopup());
      markSignedIn();
      return toUser(user);
    },
    async logout(options: LogoutOptions) {
      const user = storedUser();
      channel?.postMessage("logout");
      if (options.localOnly || !user) {
        await clearPrivateData();
        return;
      }
      const home = document.documentElement.lang === "en" ? `${origin}/en` : `${origin}/`;
      clearPrivateCaches();
      await clearPrivateCacheStorage();
      try {
        await (await flows()).logoutAtProvider(user, home, !!options.federated);
      } catch (error) {
        // The provider could not be reached or has no logout: the tokens go here all the same.
        removeStoredUser(window.localStorage, userKey);
        throw error;
      }
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
    finishPopup: async (url) => (await flows()).finishPopup(url),
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
    if (isPrivateKey(key)) localStorage.removeItem(key);
  }
  sessionStorage.clear();
}
