import { goToConsent } from "./browser.ts";
import { oidcSession } from "./session.ts";
import { runtimeSettings } from "../auth/runtime-settings.ts";
import { createApiClient, type ApiClient } from "../api/client.ts";

let client: ApiClient | undefined;

/**
 * The site's API client in the browser: base URL and subscription key from the runtime settings,
 * the signed-in user's token from the sign-in service's `accessToken`, and /consent when the API
 * asks for it. Created on first use.
 */
export function api(): ApiClient {
  if (client) return client;
  const settings = runtimeSettings();
  client = createApiClient({
    apiUrl: settings.apiUrl,
    subscriptionKey: settings.subscriptionKey,
    accessToken: oidcSession().accessToken,
    onConsentRequired: goToConsent,
  });
  return client;
}
