import type { LockRequester } from "./token-source.ts";

/**
 * Everything the sign-in code does to the browser besides talking to the provider: the signed-in
 * hint, private data, the other tabs, navigation. The sign-in code is handed one of these and never
 * touches the DOM itself; the browser's own is `createSessionBrowser()` in `../session/browser.ts`,
 * beside the page's own moves (home, consent) that the session makes.
 */
export type SessionBrowser = {
  /** The site's origin, for the addresses the provider sends the browser back to. */
  origin: string;
  /** Where oidc-client-ts keeps the user and its sign-in transactions: localStorage, shared by every tab. */
  storage: Storage;
  /** The cross-tab lock around renewals. */
  locks: LockRequester;
  /** True in a cross-origin isolated page, where a sign-in in a hidden frame cannot work. */
  crossOriginIsolated: () => boolean;
  /** True while the is-authenticated cookie says a session may exist at the provider. */
  hasSessionCookie: () => boolean;
  /** Marks this browser as signed in (cookie and header hint) and shows the signed-in header. */
  markSignedIn: () => void;
  /** Forgets the signed-in marker and shows the anonymous header. */
  markSignedOut: () => void;
  /**
   * Forgets everything private this browser keeps besides the tokens: the marker, the selected
   * account, private caches in localStorage, sessionStorage, the service worker's private caches.
   */
  forgetPrivateData: () => Promise<void>;
  /** Tells every other tab of this site that the session ended here. */
  tellLoggedOut: () => void;
  /** Runs `listener` when another tab ended the session; returns the unsubscribe. */
  onLoggedOutElsewhere: (listener: () => void) => () => void;
  /** The site's home in the page's language, as an absolute URL (where the provider's logout returns). */
  homeUrl: () => string;
};
