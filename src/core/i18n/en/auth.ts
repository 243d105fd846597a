import type { nl } from "../auth.ts";

/** The English of `../auth.ts`: the same keys, so a missing translation is a type error. */
export const en: Record<keyof typeof nl, string> = {
  "auth.signIn": "Sign in",
  "auth.signOut": "Sign out",
  "auth.signingIn": "Taking you to the sign-in page…",
  "auth.callback.busy": "Signing you in…",
  "auth.signingOut": "Signing you out…",
  "auth.signedOut": "You are signed out.",
  "auth.signedOut.unreachable":
    "You are signed out on this computer. The sign-in service did not answer in time, so we could not end your session there. That is why the sign-in page will ask for your password again the next time you sign in on this computer.",
  "auth.signedOut.noSession":
    "You were not (or no longer) signed in on this computer. To be safe, the sign-in page will ask for your password again the next time you sign in on this computer.",
  "auth.toHome": "Go to the homepage",
  "auth.tryAgain": "Sign in again",
  "auth.settings.invalid": "The portal is not configured correctly and cannot start.",
  "auth.noPermission.title": "No permission",
  "auth.noPermission.body":
    "You do not have permission to view this page. Ask the main user to adjust your rights.",
  "auth.back": "Back to the previous page",
  "auth.account.panel": "My account",
  "auth.account.open": "Open account menu",
  "auth.account.current": "Current account",
  "auth.account.switch": "Switch account",
  "auth.account.select.title": "Select account",
  "auth.account.select.intro":
    "You have access to several accounts. Choose the account you want to continue with.",
  "auth.account.select.choose": "Choose {name}",
  "auth.account.number": "Account number {number}",
  "auth.account.none": "No accounts are linked to your user. Please contact us.",
  "auth.account.error": "Your accounts could not be loaded.",
  "auth.account.loading": "Loading accounts…",
  "auth.dashboard": "Dashboard",
  "auth.notifications": "Notifications",
  "auth.notifications.count.one": "{count} unread notification",
  "auth.notifications.count.other": "{count} unread notifications",
  "auth.dashboard.title": "My account",
  "auth.dashboard.welcome": "Welcome, {name}",
  "auth.dashboard.account": "You are working for {name} ({number}).",
  "auth.error.boundary.title": "An error occurred.",
  "auth.error.boundary.unexpected": "Unexpected Application Error!",
  "auth.error.boundary.reload": "Reload",
  "auth.error.boundary.back": "Go back",
};
