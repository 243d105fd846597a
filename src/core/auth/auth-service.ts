import type { AuthUser } from "./user.ts";

/** How far a logout reaches: this browser only, the provider, or also its upstream session. */
export type LogoutOptions = {
  /** Also end the provider's upstream (federated) session. */
  federated?: boolean;
  /** End the session in this browser only; no trip to the provider. */
  localOnly?: boolean;
};

/** What the auth store needs from the sign-in machinery; `./oidc-service.ts` is the real one. */
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
  /** Called with the user after every token refresh. */
  onUserRefreshed: (listener: (user: AuthUser) => void) => () => void;
};
