import { atom } from "nanostores";
import { $auth, followRefreshes, initAuth, loginWithPopup, logout, signedOutElsewhere } from "../stores/auth.ts";
import { clearSelectedAccount } from "../stores/selected-account.ts";
import { resetAccounts } from "../stores/accounts.ts";
import { now } from "../auth/clock.ts";
import { TOKEN_REFUSED, type AuthError } from "../auth/errors.ts";
import { createOidcSession, type LogoutOptions, type OidcSession } from "../auth/oidc-service.ts";
import { runtimeSettings } from "../auth/runtime-settings.ts";
import type { SessionBrowser } from "../auth/session-browser.ts";
import { createSessionBrowser, goHome, isPrivatePage } from "./browser.ts";

/**
 * The browser's one sign-in session: created on first use (never at import time, so a public page
 * that imports nothing of this pays nothing), started once per page, shared by every island.
 */
let session: OidcSession | undefined;
let browser: SessionBrowser | undefined;
let started: Promise<{ returnTo?: string }> | undefined;
let renewTimer: ReturnType<typeof setTimeout> | undefined;

/** True once a signed-in session ended under the user's hands (token renewal refused). */
export const $sessionExpired = atom(false);

/** True from the moment a logout starts: private pages wait for it instead of sending the user to sign in. */
export const $signingOut = atom(false);

/** The page's browser side of signing in and out (hint, navigation, other tabs), created on first call. */
export function sessionBrowser(): SessionBrowser {
  browser ??= createSessionBrowser();
  return browser;
}

/** The oidc session for this page, created from the runtime settings on first call. */
export function oidcSession(): OidcSession {
  session ??= createOidcSession(runtimeSettings(), sessionBrowser(), sessionExpired);
  return session;
}

/** A token for an API call could not be had: the session expired under the user's hands. */
function sessionExpired(error: AuthError): void {
  // A refused token ended the session in every tab; the dialog says why.
  if (error.code === TOKEN_REFUSED) $auth.setKey("error", error);
  $sessionExpired.set(true);
}

/**
 * Initialises `$auth` once per page (callback, silent check, stored user), follows refreshes and
 * logouts in other tabs, and keeps the access token renewed ahead of its expiry.
 */
export function startAuth(): Promise<{ returnTo?: string }> {
  started ??= (async () => {
    const current = oidcSession();
    followRefreshes(current);
    const page = sessionBrowser();
    current.onLoggedOutElsewhere(() => {
      page.markSignedOut();
      // A private page goes where the logout went, the site's home; changing the stores first would
      // let its guard send it to sign-in instead, where the provider may not have ended the session yet.
      if (isPrivatePage()) {
        goHome();
        return;
      }
      clearSelectedAccount();
      resetAccounts();
      signedOutElsewhere();
    });
    const result = await initAuth(current, new URL(location.href));
    if ($auth.get().isAuthenticated) void scheduleRenewal();
    return result;
  })();
  return started;
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
    void oidcSession()
      .accessToken()
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
 * How a sign-out ended, for the sign-out page to say. While the browser is on its way to the
 * provider's logout (which ends the provider's session and returns home) there is none yet. Else
 * only this browser's session ended, and the next sign-in here asks for the password
 * (password-next.ts): `unreachable` when the provider did not answer in time or could not be
 * reached, `no-session` when this browser held no session to end there.
 */
export type SignOutOutcome = "unreachable" | "no-session";
export const $signOutOutcome = atom<SignOutOutcome | undefined>(undefined);

/**
 * Logout: clears the selected account, tokens and private caches (every tab hears it), then returns
 * to the site's home through the provider's logout. When the provider cannot be reached the session
 * still ends here, the next sign-in asks for the password, and the page stays to say so.
 */
export async function signOut(options: LogoutOptions = {}): Promise<SignOutOutcome> {
  $signingOut.set(true);
  clearTimeout(renewTimer);
  clearSelectedAccount();
  resetAccounts();
  let outcome: SignOutOutcome = "no-session";
  try {
    // Resolves only when no provider trip happens (local only, no session); else the page unloads.
    await logout(oidcSession(), options);
  } catch (error) {
    console.error("[auth] provider logout failed; signed out in this browser only", error);
    outcome = "unreachable";
    await logout(oidcSession(), { localOnly: true });
  }
  $signOutOutcome.set(outcome);
  return outcome;
}
