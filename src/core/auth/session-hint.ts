import { AUTH_HINT_KEY } from "../content/auth-hint.ts";

/**
 * The is-authenticated marker, kept both as the header's sign-in hint in localStorage and as a cookie
 * that lasts 1 day, as long as the provider's session by default; the cookie decides whether a silent
 * session check runs on load.
 */
const ONE_DAY_SECONDS = 24 * 60 * 60;

/** True while the is-authenticated cookie is set. */
export function hasSessionCookie(): boolean {
  return document.cookie.split(/;\s*/).includes(`${AUTH_HINT_KEY}=1`);
}

/** Marks this browser as signed in and switches the page's header to its signed-in variant. */
export function markSignedIn(): void {
  const secure = location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${AUTH_HINT_KEY}=1; Max-Age=${ONE_DAY_SECONDS}; Path=/; SameSite=Lax${secure}`;
  try {
    localStorage.setItem(AUTH_HINT_KEY, "1");
  } catch {
    // Storage disabled: the cookie still carries the hint.
  }
  document.documentElement.dataset["auth"] = "signed-in";
}

/** Forgets the marker (logout, or a session that ended) and switches the header back. */
export function markSignedOut(): void {
  document.cookie = `${AUTH_HINT_KEY}=; Max-Age=0; Path=/; SameSite=Lax`;
  try {
    localStorage.removeItem(AUTH_HINT_KEY);
  } catch {
    // Nothing stored when storage is disabled.
  }
  document.documentElement.dataset["auth"] = "anonymous";
}
