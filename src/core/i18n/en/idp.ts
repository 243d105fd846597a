import type { nl } from "../idp.ts";

/** The English of `../idp.ts`: the same keys, so a missing translation is a type error. */
export const en: Record<keyof typeof nl, string> = {
  "idp.brand": "My account",
  "idp.login.title": "Sign in",
  "idp.login.intro": "Sign in with your email address and password.",
  "idp.login.email": "Email",
  "idp.login.password": "Password",
  "idp.login.submit": "Sign in",
  "idp.login.show": "Show",
  "idp.login.hide": "Hide",
  "idp.site.home": "To the Van Dam Dranken website",
  "idp.site.nav": "Website",
  "idp.site.back": "Back to the website",
  "idp.site.notCustomer": "Not a customer yet?",
  "idp.site.becomeCustomer": "Become a customer",
  "idp.login.error.credentials": "Incorrect email or password.",
  "idp.login.error.required": "Enter your email address and password.",
  "idp.login.error.expired": "This sign-in attempt has expired. Go back to the website and sign in again.",
  "idp.logout.title": "Sign out",
  "idp.logout.busy": "Signing you out…",
  "idp.logout.submit": "Sign out",
  "idp.signedOut.title": "You are signed out",
  "idp.signedOut.body": "You can close this window.",
  "idp.error.title": "Something went wrong while signing in",
};
