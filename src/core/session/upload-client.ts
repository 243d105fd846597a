import { createApiClient, type ApiClient } from "../api/client.ts";
import { runtimeSettings } from "../auth/runtime-settings.ts";
import { progressFetch } from "../business/progress-fetch.ts";
import { goToConsent } from "./browser.ts";
import { oidcSession } from "./session.ts";

/**
 * An API client for one upload that reports its bytes sent: the browser client's settings, token
 * and consent redirect over a transport that can count (see progressFetch).
 */
export function uploadClient(onProgress: (sent: number, total: number) => void): ApiClient {
  const settings = runtimeSettings();
  return createApiClient({
    apiUrl: settings.apiUrl,
    subscriptionKey: settings.subscriptionKey,
    accessToken: oidcSession().accessToken,
    onConsentRequired: goToConsent,
    fetch: progressFetch(onProgress),
  });
}
