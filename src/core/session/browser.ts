import { isPrivateKey } from "../auth/private-storage.ts";
import type { SessionBrowser } from "../auth/session-browser.ts";
import type { LockRequester } from "../auth/token-source.ts";
import { AUTH_HINT_KEY } from "../content/auth-hint.ts";
import { langFromPath, localizedPath } from "../i18n/locale.ts";

/** Other tabs hear about a logout on this channel. */
const LOGOUT_CHANNEL = "klantportaal.auth";
/** The is-authenticated cookie lasts a day; it decides whether a silent check runs on load. */
const ONE_DAY_SECONDS = 24 * 60 * 60;

/**
 * The browser side of signing in and out, and the only code of the sign-in machinery that touches
 * the DOM, cookies, navigation or the other tabs. Only the session (`session.ts`,
 * `browser-client.ts`) creates it; the sign-in code gets it handed in.
 */
export function createSessionBrowser(): SessionBrowser {
  const channel = typeof BroadcastChannel === "undefined" ? undefined : new BroadcastChannel(LOGOUT_CHANNEL);

  function markSignedOut(): void {
    document.cookie = `${AUTH_HINT_KEY}=; Max-Age=0; Path=/; SameSite=Lax`;
    try {
      localStorage.removeItem(AUTH_HINT_KEY);
    } catch {
      // Nothing stored when storage is disabled.
    }
    document.documentElement.dataset["auth"] = "anonymous";
  }

  return {
    origin: location.origin,
    storage: localStorage,
    locks: browserLocks(),
    crossOriginIsolated: () => globalThis.crossOriginIsolated === true,
    hasSessionCookie: () => document.cookie.split(/;\s*/).includes(`${AUTH_HINT_KEY}=1`),
    markSignedIn() {
      const secure = location.protocol === "https:" ? "; Secure" : "";
      document.cookie = `${AUTH_HINT_KEY}=1; Max-Age=${ONE_DAY_SECONDS}; Path=/; SameSite=Lax${secure}`;
      try {
        localStorage.setItem(AUTH_HINT_KEY, "1");
      } catch {
        // Storage disabled: the cookie still carries the hint.
      }
      document.documentElement.dataset["auth"] = "signed-in";
    },
    markSignedOut,
    async forgetPrivateData() {
      markSignedOut();
      for (const key of Object.keys(localStorage)) {
        if (isPrivateKey(key)) localStorage.removeItem(key);
      }
      sessionStorage.clear();
      try {
        // Loaded at logout only.
        await (await import("../offline/clear-private-caches.ts")).clearPrivateCacheStorage();
      } catch {
        // No Cache Storage (or the module could not load offline): there is nothing cached to clear.
      }
    },
    tellLoggedOut: () => channel?.postMessage("logout"),
    onLoggedOutElsewhere(listener) {
      const onMessage = (event: MessageEvent): void => {
        if (event.data === "logout") listener();
      };
      channel?.addEventListener("message", onMessage);
      return () => channel?.removeEventListener("message", onMessage);
    },
    // Where the provider's logout returns: the page that says "U bent uitgelogd" (registered with the provider).
    homeUrl: () => `${location.origin}${signedOutPath()}`,
  };
}

/** True on a private (portal) page, which leaves for the home page when the session ends. */
export const isPrivatePage = (): boolean => document.documentElement.hasAttribute("data-private");

/** Replaces the page with the site's home in its language. */
export const goHome = (): void => location.replace(localizedPath(langFromPath(location.pathname), "/"));

/** The page signing out ends on, in the page's language. */
const signedOutPath = (): string => localizedPath(document.documentElement.lang === "en" ? "en" : "nl", "/uitgelogd");

/** Sends the browser to the consent screen, remembering where it was going. */
export function goToConsent(): void {
  const { pathname, search, hash } = location;
  const consent = localizedPath(langFromPath(pathname), "/consent");
  if (pathname === consent) return;
  location.assign(`${consent}?returnTo=${encodeURIComponent(`${pathname}${search}${hash}`)}`);
}

/**
 * The browser's Web Locks, shared by every tab of the origin. Without them (browsers before 2022)
 * a lock within this tab stands in, loaded when first asked for, so it costs no other page a byte.
 */
function browserLocks(): LockRequester {
  const manager = typeof navigator !== "undefined" ? navigator.locks : undefined;
  // The browser's own function, bound: a renewal runs no code of this module.
  if (manager) return manager.request.bind(manager) as LockRequester;
  let local: Promise<LockRequester> | undefined;
  return async <T>(name: string, options: { signal: AbortSignal }, callback: () => Promise<T>): Promise<T> => {
    const locks = await (local ??= import("./local-locks.ts").then(({ createLocalLocks }) => createLocalLocks()));
    // A wait that ran out while the module loaded is over, as it would be at Web Locks.
    options.signal.throwIfAborted();
    return locks(name, options, callback);
  };
}
