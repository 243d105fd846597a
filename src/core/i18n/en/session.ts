import type { nl } from "../session.ts";

/** The English of `../session.ts`: the same keys, so a missing translation is a type error. */
export const en: Record<keyof typeof nl, string> = {
  "auth.error.title": "Sign-in did not succeed",
  "auth.error.login_required": "You are not (or no longer) signed in. Sign in again to continue.",
  "auth.error.consent_required": "You need to give consent before you can continue.",
  "auth.error.interaction_required": "Your action is needed. Sign in again to continue.",
  "auth.error.account_selection_required": "Choose an account while signing in to continue.",
  "auth.error.access_denied": "Access was denied. Contact us if you think this is wrong.",
  "auth.error.timeout": "Signing in took too long. Please try again.",
  "auth.error.popup_cancelled": "The sign-in window was closed before you were signed in.",
  "auth.error.popup_blocked":
    "The sign-in window could not be opened. Allow pop-ups for this site and try again.",
  "auth.error.missing_refresh_token": "Your session could not be extended. Please sign in again.",
  "auth.error.mfa_required": "An extra verification step is needed. Sign in again and follow the steps.",
  "auth.error.invalid_state": "The sign-in attempt expired or is invalid. Start signing in again.",
  "auth.error.no_callback_params": "This page completes a sign-in, but no sign-in details were sent to it.",
  "auth.error.cross_origin_isolated":
    "Your session cannot be extended in the background on this page. Please sign in again.",
  "auth.error.login_failed": "Sign-in failed. Please try again.",
  "auth.error.token_failed": "Your session could not be extended. Try again or sign in again.",
  "auth.error.token_refused":
    "Your session was ended: the sign-in details we received from the sign-in service did not check out. Please sign in again.",
  "auth.sessionExpired.title": "Your session has expired",
  "auth.sessionExpired.body": "Sign in again to continue. What you have filled in is kept.",
  "auth.sessionExpired.signIn": "Sign in again",
  "auth.consent.title": "Consent",
  "auth.consent.intro":
    "Read the terms of use and the privacy statement. Give your consent to use the portal.",
  "auth.consent.terms": "Terms of use",
  "auth.consent.privacy": "Privacy statement",
  "auth.consent.accept": "I agree",
  "auth.consent.decline": "I do not agree",
  "auth.consent.declineWarning": "If you do not agree, you cannot use My account and you will be signed out.",
  "auth.consent.declineConfirm": "Do not agree, sign out",
  "auth.consent.declineBack": "Back",
  "auth.consent.saving": "Saving…",
  "auth.consent.failed": "Your consent could not be saved. Please try again.",
  "auth.debug.title": "Session inspector",
  "auth.debug.claims": "ID token claims",
  "auth.debug.accessToken": "Access token claims",
  "auth.debug.expires": "Access token expires at {time}",
  "auth.debug.off": "This page is only available when debug is on.",
};
