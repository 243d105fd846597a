import { atom } from "nanostores";
import { $auth, followRefreshes, initAuth, loginWithPopup, logout, signedOutElsewhere } from "../stores/auth.ts";
import { clearSelectedAccount } from "../stores/selected-account.ts";
import { resetAccounts } from "../stores/accounts.ts";
import { now } from "../auth/clock.ts";
import type { LogoutOptions } from "../auth/auth-service.ts";
import { AuthError, TOKEN_REFUSED } from "../auth/errors.ts";
import { createOidcSession, type OidcSession } from "../auth/oidc-service.ts";
import { runtimeSettings } from "../auth/runtime-settings.ts";
import { langFromPath, localizedPath } from "../i18n/locale.ts";

/**
 * The browser's one sign-in session: created on first use (never at import time, so a public page
 * that imports nothing of this pays nothing), started once per page, shared by every island.
 */
let session: OidcSession | undefined;
let started: Promise<{ returnTo?: string }> | undefined;
let renewTimer: ReturnType<typeof setTimeout> | undefined;

/** True once a signed-in session ended under the user's hands (token renewal refused). */
export const $sessionExpired = atom(false);

/** True from the moment a logout starts: private pages wait for it instead of sending the user to sign in. */
export const $signingOut = atom(false);

/** The oidc session for this page, created from the runtime settings on first call. */
export function oidcSession(): OidcSession {
  session ??= createOidcSession(runtimeSettings());
  return session;
}

/**
 * Initialises `$auth` once per page (callback, silent check, stored user), follows refreshes and
 * logouts in other tabs, and keeps the access token renewed ahead of its expiry.
 */
export function startAuth(): Promise<{ returnTo?: string }> {
  started ??= (async () => {
    const current = oidcSession();
    followRefreshes(current);
    current.onLoggedOutElsewhere(() => {
      document.documentElement.dataset["auth"] = "anonymous";
      // A private page goes where the logout went, the site's home; changing the stores first would
      // let its guard send it to sign-in instead, where the provider may not have ended the session yet.
      if (document.documentElement.hasAttribute("data-private")) {
        goHome();
        return;
      }
      clearSelectedAccount();
      resetAccounts();
      signedOutElsewhere();
    });
    const result = await initAuth(current, new URL(window.location.href));
    if ($auth.get().isAuthenticated) void scheduleRenewal();
    return result;
  })();
  return started;
}

/** An access token for an API call; a renewal the provider refuses marks the session as expired. */
export async function accessToken(rejected?: string): Promise<string | undefined> {
  if (!$auth.get().isAuthenticated) return undefined;
  try {
    return await oidcSession().tokens.getAccessToken({ rejected });
  } catch (error) {
    if (error instanceof AuthError) {
      // A refused token ended the session in every tab; the dialog says why.
      if (error.code === TOKEN_REFUSED) $auth.setKey("error", error);
      $sessionExpired.set(true);
    }
    throw error;
  }
}

/** Renews shortly before expiry so every tab keeps a fresh token; the lock keeps it to one refresh. */
async function scheduleRenewal(): Promise<void> {
  clearTimeout(renewTimer);
  const user = await oidcSession().rawUser();
  if (!user?.expires_at) return;
  const margin = runtimeSettings().auth.expiryMarginSeconds;
  // Renew when the token enters the margin (plus a little, so the cache no longer counts it as fresh).
  const dueMs = Math.max(1000, (user.expires_at - margin) * 1000 - now() + 250);
  renewTimer = setTimeout(() => {
    void accessToken()
      .then(() => scheduleRenewal())
      .catch(() => undefined);
  }, dueMs);
}

/** Sign in again in a popup after the session expired; the page (and any half-filled form) stays. */
export async function signInAgain(): Promise<void> {
  await loginWithPopup(oidcSession());
  if ($auth.get().isAuthenticated) {
    $sessionExpired.set(false);
    void scheduleRenewal();
  }
}

/**
 * Logout: clears the selected account, tokens and private caches (every tab hears it), then returns
 * to the site's home through the provider's logout. When the provider cannot be reached the session
 * still ends here, and the browser goes home directly.
 */
export async function signOut(options: LogoutOptions = {}): Promise<void> {
  $signingOut.set(true);
  clearTimeout(renewTimer);
  clearSelectedAccount();
  resetAccounts();
  try {
    // Resolves only when no provider trip happens (local only, no session); else the page unloads.
    await logout(oidcSession(), options);
  } catch (error) {
    console.error("[auth] provider logout failed; signed out in this browser only", error);
    await logout(oidcSession(), { localOnly: true });
  }
  goHome();
}

function goHome(): void {
  window.location.replace(localizedPath(langFromPath(window.location.pathname), "/"));
}
