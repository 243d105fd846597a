import type { ClientMetadata } from "oidc-provider";
import type { StackConfig } from "../../dev/lib/stack-config.ts";
import { previewUrl, PUBLISHING_CLIENT, rebuildUrl, siteUrl } from "../../dev/lib/stack-config.ts";

/**
 * The site's client: the site's browser code (public, PKCE). Redirect targets are listed here once;
 * each path is allowed on the live and the preview site of the stack.
 */
const REDIRECT_PATHS = ["/callback", "/silent-renew"];
// The page signing out ends on ("U bent uitgelogd"); the homepage for sites built before it existed.
const POST_LOGOUT_PATHS = ["/", "/en", "/uitgelogd", "/en/uitgelogd"];

/** Origins of the sites that sign in here: live and preview. */
export const siteOriginsFor = (config: StackConfig): string[] => [siteUrl(config), previewUrl(config)];

export function clientMetadata(config: StackConfig): ClientMetadata {
  const origins = siteOriginsFor(config);
  return {
    client_id: config.clientId,
    client_name: "Klantportaal",
    application_type: "web",
    token_endpoint_auth_method: "none",
    grant_types: ["authorization_code", "refresh_token"],
    response_types: ["code"],
    redirect_uris: origins.flatMap((origin) => REDIRECT_PATHS.map((path) => `${origin}${path}`)),
    post_logout_redirect_uris: origins.flatMap((origin) => POST_LOGOUT_PATHS.map((path) => `${origin}${path}`)),
    id_token_signed_response_alg: "RS256",
  };
}

/** The issuer, with the trailing slash the hosted provider uses (and the site's `auth.domain`). */
export const issuerFor = (config: StackConfig): string => `http://localhost:${config.backendPort}/`;

/**
 * The publishing server's client: confidential (a secret, sent as HTTP Basic), code flow with PKCE,
 * for the content team's sign-in at the publish receipt. ID token only: no API audience, no refresh.
 */
export function publishingClientMetadata(config: StackConfig): ClientMetadata {
  return {
    client_id: PUBLISHING_CLIENT.id,
    client_secret: PUBLISHING_CLIENT.secret,
    client_name: "Klantportaal publicaties",
    application_type: "web",
    token_endpoint_auth_method: "client_secret_basic",
    grant_types: ["authorization_code"],
    response_types: ["code"],
    redirect_uris: [`${rebuildUrl(config)}${PUBLISHING_CLIENT.callbackPath}`],
    id_token_signed_response_alg: "RS256",
  };
}
