import type { RuntimeSettings } from "../settings.ts";
import { AUTH_ERROR_TEXT, AuthError } from "./errors.ts";
import { rememberPasswordNext } from "./password-next.ts";
import type { SessionBrowser } from "./session-browser.ts";
import type { StoredUser } from "./stored-user.ts";
import { createProviderTokens } from "./token-source.ts";
import type { AuthUser } from "./user.ts";

/** How far a logout reaches: this browser only, the provider, or also its upstream session. */
export type LogoutOptions = {
  /** Also end the provider's upstream (federated) session. */
  federated?: boolean;
  /** End the session in this browser only; no trip to the provider. */
  localOnly?: boolean;
};

/** What the auth store needs from the sign-in service; `createOidcSession` below is the real one. */
export type AuthService = {
  /** Finishes a redirect sign-in from the callback URL; resolves to the (sanitised) target path. */
  handleRedirectCallback: (url: string) => Promise<{ returnTo: string }>;
  /** True while the is-authenticated cookie says a session may exist at the provider. */
  hasSessionCookie: () => boolean;
  /** Silent session check: a token from cache, refresh token or frame; fails quietly when signed out. */
  checkSession: () => Promise<void>;
  getUser: () => Promise<AuthUser | null>;
  loginWithPopup: () => Promise<AuthUser>;
  logout: (options: LogoutOptions) => Promise<void>;
  /** Called with the user after every token renewal. */
  onUserRefreshed: (listener: (user: AuthUser) => void) => () => void;
};

/** The whole sign-in service of the browser: the auth store's part and what the session and pages use. */
export type OidcSession = AuthService & {
  /** The one function the API client asks for a token (see `createProviderTokens`). */
  accessToken: (rejected?: string) => Promise<string | undefined>;
  /** Sends the browser to the provider's login page; after the callback it lands on `returnTo`. `again`: ask the password whatever the provider's session. */
  loginWithRedirect: (returnTo: string, lang: "nl" | "en", again?: { loginHint: string }) => Promise<void>;
  /** Runs `listener` when another tab logged out. */
  onLoggedOutElsewhere: (listener: () => void) => () => void;
  /** The raw stored user (debug page, renewal timer). */
  rawUser: () => Promise<StoredUser | null>;
  /** In the sign-in popup: hands the callback URL to the opener, which finishes the sign-in. */
  finishPopup: (url: string) => Promise<void>;
  /**
   * Whether a callback URL answers a popup sign-in. Read from the stored sign-in state, not from
   * `window.opener`: pages send `Cross-Origin-Opener-Policy: same-origin`, so a popup that went
   * through the provider comes back without an opener.
   */
  isPopupCallback: (url: string) => boolean;
};

/** The request type oidc-client-ts stores with a popup sign-in's state (`oidc.{state}`). */
const POPUP_REQUEST_TYPE = "si:p";

/**
 * The real sign-in service: oidc-client-ts configured from the runtime settings (code + PKCE S256,
 * refresh tokens in localStorage), with our ID token checks on every ID token it receives, and the
 * tokens of `token-source.ts`. `browser` does everything that touches the page; `onRenewalFailed`
 * hears of a token that could not be had for an API call.
 */
export function createOidcSession(
  settings: RuntimeSettings,
  browser: SessionBrowser,
  onRenewalFailed: (error: AuthError) => void,
): OidcSession {
  // The tokens' own part of the service (accessToken, checkSession, onUserRefreshed) is theirs as it is.
  const { flows, receiving, storedUser, toUser, forget, ...tokens } = createProviderTokens(settings.auth, browser, onRenewalFailed);

  return {
    ...tokens,
    onLoggedOutElsewhere: browser.onLoggedOutElsewhere,
    hasSessionCookie: browser.hasSessionCookie,
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
      browser.markSignedIn();
      return { returnTo };
    },
    async getUser() {
      const user = storedUser();
      return user ? toUser(user) : null;
    },
    async loginWithRedirect(returnTo, lang, again) {
      await (await flows()).loginWithRedirect(returnTo, lang, again);
    },
    async loginWithPopup() {
      const user = await receiving(async () => (await flows()).loginWithPopup());
      browser.markSignedIn();
      return toUser(user as Pick<StoredUser, "profile">);
    },
    async logout(options: LogoutOptions) {
      const user = storedUser();
      browser.tellLoggedOut();
      if (options.localOnly || !user) {
        // Whatever the provider still holds, the next sign-in here asks for the password.
        rememberPasswordNext(browser.storage);
        await forget();
        return;
      }
      // The tokens stay until the provider trip: revocation and the end-session hint need them.
      await browser.forgetPrivateData();
      try {
        await (await flows()).logoutAtProvider(user, browser.homeUrl(), !!options.federated);
      } catch (error) {
        // The provider could not be reached or has no logout: the tokens go here all the same, and
        // its session, which may live on, will not let the next sign-in pass without the password.
        rememberPasswordNext(browser.storage);
        await forget();
        throw error;
      }
    },
    rawUser: async () => storedUser(),
    finishPopup: async (url) => (await flows()).finishPopup(url),
    isPopupCallback(url) {
      const state = new URL(url).searchParams.get("state")?.split(";")[0];
      if (!state) return false;
      try {
        const stored = JSON.parse(browser.storage.getItem(`oidc.${state}`) ?? "null") as { request_type?: unknown } | null;
        return stored?.request_type === POPUP_REQUEST_TYPE;
      } catch {
        return false;
      }
    },
  };
}
