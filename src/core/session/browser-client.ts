import { accessToken } from "./session.ts";
import { runtimeSettings } from "../auth/runtime-settings.ts";
import { localizedPath, langFromPath } from "../i18n/locale.ts";
import { createApiClient, type ApiClient } from "../api/client.ts";

let client: ApiClient | undefined;

/**
 * The site's API client in the browser: base URL and subscription key from the runtime settings,
 * the signed-in user's token, and /consent when the API asks for it. Created on first use.
 */
export function api(): ApiClient {
  if (client) return client;
  const settings = runtimeSettings();
  client = createApiClient({
    apiUrl: settings.apiUrl,
    subscriptionKey: settings.subscriptionKey,
    getAccessToken: () => accessToken(),
    renewAccessToken: (rejected) => accessToken(rejected),
    onConsentRequired: goToConsent,
  });
  return client;
}

/** Sends the browser to /consent, remembering where the user was going. */
export function goToConsent(): void {
  const { pathname, search, hash } = window.location;
  const lang = langFromPath(pathname);
  if (pathname === localizedPath(lang, "/consent")) return;
  const returnTo = encodeURIComponent(`${pathname}${search}${hash}`);
  window.location.assign(`${localizedPath(lang, "/consent")}?returnTo=${returnTo}`);
}
