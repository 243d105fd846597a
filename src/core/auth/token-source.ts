import { now } from "./clock.ts";
import { AUTH_ERROR_TEXT, AuthError, toAuthError } from "./errors.ts";
import { TOKEN_LOCK_NAME, withLock, type LockRequester } from "./token-lock.ts";

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
  lockWaitMs?: number;
  lockAttempts?: number;
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
 * Access tokens from the cheapest source first: cache, then a cross-tab lock, then the refresh token,
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
      { ...(deps.lockWaitMs ? { waitMs: deps.lockWaitMs } : {}), ...(deps.lockAttempts ? { attempts: deps.lockAttempts } : {}) },
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
