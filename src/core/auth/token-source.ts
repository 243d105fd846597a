import type { RuntimeSettings } from "../settings.ts";
import { now } from "./clock.ts";
import { AUTH_ERROR_TEXT, AuthError, TOKEN_REFUSED, toAuthError } from "./errors.ts";
import type { OidcFlows } from "./oidc-flows.ts";
import type { SessionBrowser } from "./session-browser.ts";
import { readStoredUser, removeStoredUser, storedUserKey, type StoredUser } from "./stored-user.ts";
import { userFromProfile, type AuthUser } from "./user.ts";

/**
 * The access token's whole path in one place: the cached token, the cross-tab lock, the renewal
 * order and the provider calls behind it. `accessToken()` is the one function the API client asks.
 */

/** The part of the Web Locks API we use (`SessionBrowser.locks`). */
export type LockRequester = <T>(name: string, options: { signal: AbortSignal }, callback: () => Promise<T>) => Promise<T>;

/** How long a tab waits for the lock: up to 5000 ms per attempt, up to 10 attempts, then a timeout error. */
export const LOCK_WAIT_MS = 5000;
export const LOCK_ATTEMPTS = 10;

/** Name of the cross-tab lock around token renewal: one refresh in flight across all tabs. */
export const TOKEN_LOCK_NAME = "klantportaal.token";

/**
 * Runs `callback` while holding the lock `name`. Each attempt waits at most `waitMs`; after `attempts`
 * failed waits it gives up with a timeout error rather than hanging the page.
 */
export async function withLock<T>(
  locks: LockRequester,
  name: string,
  callback: () => Promise<T>,
  { waitMs = LOCK_WAIT_MS, attempts = LOCK_ATTEMPTS } = {},
): Promise<T> {
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), waitMs);
    let acquired = false;
    try {
      return await locks(name, { signal: controller.signal }, () => {
        acquired = true;
        clearTimeout(timer);
        return callback();
      });
    } catch (error) {
      // Only a wait that timed out is retried; an error from the callback itself is the caller's.
      if (acquired || !controller.signal.aborted) throw error;
    } finally {
      clearTimeout(timer);
    }
  }
  throw new AuthError("timeout", "Timeout", { code: "timeout" });
}

/** Token calls (the code exchange and each refresh) are made this often in all when the network fails. */
export const TOKEN_CALL_ATTEMPTS = 3;

/**
 * Runs `call`, which makes one token call to the provider, up to `attempts` times in all while it
 * fails on the network (fetch's TypeError, which oidc-client-ts passes on as it is). An answer of
 * the provider (an error included) ends it at once, and so does a timeout (oidc-client-ts's
 * ErrorTimeout): the provider may have handled that call, and a refresh token sent twice counts as
 * reused. After the last network failure the error says "Failed to fetch" (the browser's
 * own failure its cause). `call` hears which attempt it is.
 */
export async function retryOnNetworkFailure<T>(call: (attempt: number) => Promise<T>, attempts = TOKEN_CALL_ATTEMPTS): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call(attempt);
    } catch (error) {
      if (!(error instanceof TypeError)) throw error;
      // One text in every browser, not the browser's own ("Load failed", "NetworkError when attempting…").
      if (attempt >= attempts) throw new TypeError(AUTH_ERROR_TEXT.fetchFailed, { cause: error });
    }
  }
}

/** What the token cache holds right now (oidc-client-ts's stored user, shared by all tabs). */
export type TokenSnapshot = {
  accessToken: string;
  /** Epoch seconds. */
  expiresAt: number;
  hasRefreshToken: boolean;
};

export type TokenSourceDeps = {
  read: () => Promise<TokenSnapshot | null>;
  /** Refresh-token grant (with the ID token checks); throws when the refresh token is refused. */
  refresh: () => Promise<void>;
  /** Hidden-frame sign-in (with the ID token checks). */
  frame: () => Promise<void>;
  /** Ends the session in this browser only (after the provider said login_required). */
  logoutLocally: () => Promise<void>;
  locks: LockRequester;
  /** Seconds before expiry at which a cached token counts as expired (runtime `auth.expiryMarginSeconds`). */
  marginSeconds: number;
  /** True in a cross-origin isolated page, where a frame sign-in cannot work. */
  crossOriginIsolated: () => boolean;
  /**
   * Waited for after a renewal with the lock still held (the caller has its token already): the
   * time other tabs need to see the new tokens. Chromium syncs localStorage between renderer
   * processes asynchronously, so a tab taking the lock right after it may still read the old
   * refresh token, send it, and find it already rotated.
   */
  afterRenewal?: () => Promise<void>;
};

export type GetTokenOptions = {
  /** A token the API just refused (401): renew even if the cache still thinks it is fresh. */
  rejected?: string | undefined;
  /** Try the frame even without a stored session (the silent session check on load). */
  allowWithoutSession?: boolean;
};

/**
 * Access tokens in this order: cache, then a cross-tab lock, then the refresh token,
 * then the hidden frame. Inside the lock the cache is read again, because another tab may just have
 * renewed; so with several tabs exactly one refresh is in flight and rotated refresh tokens stay valid.
 */
export function createTokenSource(deps: TokenSourceDeps) {
  let inFlight: Promise<string | undefined> | null = null;

  const fresh = (snapshot: TokenSnapshot | null, rejected: string | undefined): string | undefined =>
    snapshot && snapshot.accessToken !== rejected && snapshot.expiresAt - deps.marginSeconds > now() / 1000
      ? snapshot.accessToken
      : undefined;

  async function renew(options: GetTokenOptions): Promise<string | undefined> {
    let handOver: (token: string) => void = () => undefined;
    const renewed = new Promise<string>((resolve) => (handOver = resolve));
    /** The new token goes to the caller at once; the lock stays held until other tabs can see it. */
    const settle = async (): Promise<string> => {
      const token = requireToken(await deps.read());
      handOver(token);
      await deps.afterRenewal?.();
      return token;
    };
    const locked = withLock(
      deps.locks,
      TOKEN_LOCK_NAME,
      async () => {
        const current = await deps.read();
        const renewedElsewhere = fresh(current, options.rejected);
        if (renewedElsewhere) return renewedElsewhere;
        if (!current && !options.allowWithoutSession) return undefined;
        if (current?.hasRefreshToken) {
          try {
            await deps.refresh();
            return await settle();
          } catch (error) {
            // A refused or missing refresh token is not the end: the provider's session may still be alive.
            const authError = toAuthError(error, "token_failed");
            if (!["invalid_grant", "missing_refresh_token", "login_required"].includes(authError.code)) throw authError;
          }
        }
        if (deps.crossOriginIsolated()) {
          throw new AuthError("cross_origin_isolated", AUTH_ERROR_TEXT.crossOriginIsolated);
        }
        try {
          await deps.frame();
        } catch (error) {
          const authError = toAuthError(error, "token_failed");
          if (authError.kind === "login_required") await deps.logoutLocally();
          throw authError;
        }
        return settle();
      },
    );
    return Promise.race([renewed, locked]);
  }

  return {
    /** A valid access token, renewing when needed; undefined when nobody is signed in. */
    async getAccessToken(options: GetTokenOptions = {}): Promise<string | undefined> {
      const cached = await deps.read();
      const token = fresh(cached, options.rejected);
      if (token) return token;
      if (!cached && !options.allowWithoutSession) return undefined;
      // Callers in this tab share one renewal instead of queueing on the lock one by one.
      inFlight ??= renew(options).finally(() => (inFlight = null));
      return inFlight;
    },
  };
}

export type TokenSource = ReturnType<typeof createTokenSource>;

function requireToken(snapshot: TokenSnapshot | null): string {
  if (!snapshot) throw new AuthError("token_failed", AUTH_ERROR_TEXT.tokenFailed);
  return snapshot.accessToken;
}

/**
 * How long a tab keeps the token lock after a renewal, so the new tokens reach the other tabs'
 * localStorage before any of them can take the lock (see `afterRenewal` above).
 */
const STORAGE_SYNC_MS = 300;

/**
 * The signed-in user's tokens in this browser: the order above over oidc-client-ts's stored user,
 * renewing through `oidc-flows.ts`. The flows, and the library with them, load on first need (a
 * renewal, a sign-in, a logout at the provider): a page whose stored token is still fresh reads it
 * straight from localStorage and downloads neither.
 */
export function createProviderTokens(
  auth: RuntimeSettings["auth"],
  browser: SessionBrowser,
  /**
   * Told when the token for an API call (or the renewal timer) cannot be had: the session expired
   * under the user's hands. The silent check on load is not reported here.
   */
  onRenewalFailed: (error: AuthError) => void,
) {
  const userKey = storedUserKey(auth.domain, auth.clientId);
  const storedUser = (): StoredUser | null => readStoredUser(browser.storage, userKey);
  const renewedListeners = new Set<(user: AuthUser) => void>();
  let loading: Promise<OidcFlows> | undefined;

  const flows = (): Promise<OidcFlows> =>
    (loading ??= import("./oidc-flows.ts").then(
      ({ createOidcFlows }) => createOidcFlows({ auth, browser, userKey }),
      (error: unknown) => {
        // Offline or a failed deploy: the next call tries again.
        loading = undefined;
        throw error;
      },
    ));

  const toUser = (user: Pick<StoredUser, "profile">): AuthUser => userFromProfile(user.profile, auth.claimNamespace);

  /** Ends the session in this browser only: the tokens go, with everything private. */
  async function forget(): Promise<void> {
    removeStoredUser(browser.storage, userKey);
    await browser.forgetPrivateData();
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
        browser.tellLoggedOut();
        await forget();
      }
      throw error;
    }
  }

  /** The renewed user goes to whoever follows renewals (the auth store: new claims, new permissions). */
  function renewed(): void {
    const user = storedUser();
    if (user) for (const listener of renewedListeners) listener(toUser(user));
  }

  const source = createTokenSource({
    read: async () => {
      const user = storedUser();
      if (!user?.access_token) return null;
      return { accessToken: user.access_token, expiresAt: user.expires_at ?? 0, hasRefreshToken: !!user.refresh_token };
    },
    refresh: async () => {
      await receiving(async () => (await flows()).refresh());
      renewed();
    },
    frame: async () => {
      await receiving(async () => (await flows()).frame());
      browser.markSignedIn();
      renewed();
    },
    logoutLocally: forget,
    locks: browser.locks,
    afterRenewal: () => new Promise((resolve) => setTimeout(resolve, STORAGE_SYNC_MS)),
    marginSeconds: auth.expiryMarginSeconds,
    crossOriginIsolated: browser.crossOriginIsolated,
  });

  return {
    /**
     * The access token for an API call, renewed when needed; undefined when nobody is signed in.
     * With `rejected` (the token the API just refused with a 401) it renews even if the cache still
     * thinks that token is fresh, and returns the renewed one.
     */
    async accessToken(rejected?: string): Promise<string | undefined> {
      try {
        return await source.getAccessToken({ rejected });
      } catch (error) {
        if (error instanceof AuthError) onRenewalFailed(error);
        throw error;
      }
    },
    /** The silent session check on load: a token from cache, refresh token or frame. */
    checkSession: async (): Promise<void> => void (await source.getAccessToken({ allowWithoutSession: true })),
    storedUser,
    toUser,
    flows,
    receiving,
    forget,
    /** Runs `listener` with the user after every renewal (new claims, new permissions). */
    onUserRefreshed(listener: (user: AuthUser) => void): () => void {
      renewedListeners.add(listener);
      return () => renewedListeners.delete(listener);
    },
  };
}

export type ProviderTokens = ReturnType<typeof createProviderTokens>;
