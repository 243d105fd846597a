import { map } from "nanostores";
import { AUTH_ERROR_TEXT, toAuthError, type AuthError } from "../auth/errors.ts";
import type { AuthService, LogoutOptions } from "../auth/oidc-service.ts";
import type { AuthUser } from "../auth/user.ts";

/** The sign-in state (loading, signed in, the user, the last error), shared by every island on the page. */
export type AuthState = {
  isLoading: boolean;
  isAuthenticated: boolean;
  user: AuthUser | undefined;
  error: AuthError | undefined;
};

const initial: AuthState = { isLoading: true, isAuthenticated: false, user: undefined, error: undefined };

export const $auth = map<AuthState>({ ...initial });

/** True when the URL is a redirect callback: `code` or `error`, together with `state`. */
export function isCallbackUrl(url: URL): boolean {
  const params = url.searchParams;
  return (params.has("code") || params.has("error")) && params.has("state");
}

/** Puts the store back to its first state (tests, and the start of a fresh initialisation). */
export function resetAuth(): void {
  $auth.set({ ...initial });
}

/**
 * Initialisation: a callback URL is handled as the redirect callback; otherwise,
 * with the is-authenticated cookie set, a silent session check runs; then the user is loaded and
 * loading ends. Resolves to the sign-in target when a callback was handled.
 */
export async function initAuth(service: AuthService, url: URL): Promise<{ returnTo?: string }> {
  $auth.setKey("isLoading", true);
  let returnTo: string | undefined;
  try {
    if (isCallbackUrl(url)) {
      returnTo = (await service.handleRedirectCallback(url.href)).returnTo;
    } else if (service.hasSessionCookie()) {
      // A session that ended at the provider is not an error to show: the visitor is simply signed out.
      await service.checkSession().catch((error: unknown) => {
        const authError = toAuthError(error, "token_failed");
        if (!["login_required", "consent_required", "interaction_required"].includes(authError.kind)) throw authError;
      });
    }
    const user = await service.getUser();
    $auth.set({ isLoading: false, isAuthenticated: !!user, user: user ?? undefined, error: undefined });
  } catch (error) {
    $auth.set({ isLoading: false, isAuthenticated: false, user: undefined, error: toAuthError(error, "login_failed") });
  }
  return returnTo === undefined ? {} : { returnTo };
}

/** Popup sign-in: loading while the popup is open, then the user or an error. */
export async function loginWithPopup(service: AuthService): Promise<void> {
  $auth.set({ ...$auth.get(), isLoading: true, error: undefined });
  try {
    const user = await service.loginWithPopup();
    $auth.set({ isLoading: false, isAuthenticated: true, user, error: undefined });
  } catch (error) {
    $auth.set({ ...$auth.get(), isLoading: false, error: toAuthError(error, "login_failed") });
  }
}

/** Logout clears the user; `federated` and `localOnly` together are refused. */
export async function logout(service: AuthService, options: LogoutOptions = {}): Promise<void> {
  if (options.federated && options.localOnly) throw new Error(AUTH_ERROR_TEXT.bothLogoutModes);
  $auth.set({ isLoading: false, isAuthenticated: false, user: undefined, error: undefined });
  await service.logout(options);
}

/** The session ended elsewhere (another tab, or the provider): forget the user here too. */
export function signedOutElsewhere(): void {
  $auth.set({ isLoading: false, isAuthenticated: false, user: undefined, error: undefined });
}

/** After a token refresh: take the new user only when `updated_at` changed, so islands do not re-render for nothing. */
export function userRefreshed(user: AuthUser): void {
  const current = $auth.get().user;
  if (current && current.sub === user.sub && current.updatedAt === user.updatedAt) return;
  $auth.set({ isLoading: false, isAuthenticated: true, user, error: undefined });
}

/** Subscribes the store to the service's refresh events; returns the unsubscribe. */
export const followRefreshes = (service: AuthService): (() => void) => service.onUserRefreshed(userRefreshed);
