import type { DatabaseSync } from "node:sqlite";
import Provider, { errors, type Configuration, type KoaContextWithOIDC } from "oidc-provider";
import type { StackConfig } from "../../dev/lib/stack-config.ts";
import { ORG_ID, userClaims } from "./claims.ts";
import { clientMetadata, issuerFor, publishingClientMetadata, siteOriginsFor } from "./client.ts";
import { providerKeys } from "./keys.ts";
import { sqliteAdapter } from "./adapter.ts";
import { spoilIdToken } from "./bad-tokens.ts";
import { countGrant, type GrantType, type TestSwitches } from "./test-switches.ts";
import { logoutPage, providerErrorPage, signedOutPage } from "./pages.ts";
import { findUserById } from "../db/people/users.ts";
import { deactivatedEverywhere } from "../db/people/links.ts";

/** Endpoint paths of the hosted (Auth0-style) provider the real site signs in with. */
export const ROUTES = {
  authorization: "/authorize",
  token: "/oauth/token",
  end_session: "/v2/logout",
  userinfo: "/userinfo",
  jwks: "/.well-known/jwks.json",
  revocation: "/oauth/revoke",
} as const;

/** The authorization parameter that marks a request for offline_access (see markOfflineAccess). */
const OFFLINE_MARKER = "x_offline_access";

/** Scope of the API's resource server; the portal's access tokens carry it. */
const API_SCOPE = "api";
const OIDC_SCOPES = ["openid", "offline_access", "profile", "email", "phone"];

/**
 * The stand-in identity provider (oidc-provider): code flow with PKCE for the site's public client,
 * JWT access tokens for the API audience, rotating refresh tokens, claims fresh from the database,
 * its own login page (interactions under /login) and no consent screen for this first-party client.
 */
export function createProvider(config: StackConfig, db: DatabaseSync, switches: TestSwitches): Provider {
  const keys = providerKeys(config.dataDir);
  const origins = new Set(siteOriginsFor(config));
  const ttl = switches.lifetimes;

  const configuration: Configuration = {
    adapter: sqliteAdapter(db),
    clients: [clientMetadata(config), publishingClientMetadata(config)],
    jwks: keys.signing as Configuration["jwks"],
    cookies: { keys: keys.cookieSecrets },
    routes: ROUTES,
    scopes: OIDC_SCOPES,
    claims: {
      openid: ["sub", "org_id", config.claimNamespace, "roles"],
      email: ["email", "email_verified"],
      // phone_number also under profile: the site asks for "openid profile email" and needs it.
      profile: ["name", "given_name", "family_name", "updated_at", "phone_number"],
      phone: ["phone_number"],
    },
    // Profile claims go into the ID token itself, as the hosted provider does; the site reads them there.
    conformIdTokenClaims: false,
    extraParams: {
      // Auth0-style `audience`, mapped to the resource indicator below.
      audience: null,
      // Auth0-style `organization`: the portal has one (ORG_ID); asking for another is refused.
      organization: (_ctx, value) => {
        if (value !== undefined && value !== "" && value !== ORG_ID) throw new errors.InvalidRequest("unknown organization");
      },
      [OFFLINE_MARKER]: null,
    },
    pkce: { required: () => true },
    interactions: { url: (_ctx, interaction) => `/login/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => logoutPage(ctx, form, [...origins]),
        postLogoutSuccessSource: (ctx) => signedOutPage(ctx, [...origins]),
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: (ctx) => {
          // The publishing server's client signs in for the ID token alone: no API access token.
          if (ctx.oidc.client?.clientId !== config.clientId) return undefined;
          const audience = ctx.oidc.params?.["audience"];
          return typeof audience === "string" && audience !== "" ? audience : config.audience;
        },
        // A refresh without `resource` (the site never sends one) keeps the granted API audience.
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource) => {
          if (resource !== config.audience) throw new errors.InvalidTarget();
          return {
            scope: API_SCOPE,
            audience: config.audience,
            accessTokenTTL: ttl.accessToken,
            accessTokenFormat: "jwt",
            jwt: { sign: { alg: "RS256" } },
          };
        },
      },
    },
    findAccount: (_ctx, sub) => {
      // Deactivated on every account: no refresh, no silent sign-in, so a session ends at its next renewal.
      if (!findUserById(db, sub) || deactivatedEverywhere(db, sub)) return undefined;
      return {
        accountId: sub,
        claims: () => {
          const claims = userClaims(db, sub, config.claimNamespace);
          if (!claims) throw new errors.InvalidGrant("the user no longer exists");
          return claims as { sub: string };
        },
      };
    },
    // The API trusts only the database, but the access token carries the same portal claims for tools.
    extraTokenClaims: (_ctx, token) => {
      if (!("accountId" in token) || !token.accountId) return undefined;
      const claims = userClaims(db, token.accountId, config.claimNamespace);
      if (!claims) return undefined;
      return { org_id: claims["org_id"], [config.claimNamespace]: claims[config.claimNamespace], email: claims["email"] };
    },
    loadExistingGrant: (ctx) => grantEverything(ctx, config.audience, config.clientId),
    // offline_access asked for, as the code's scope says or as the grant remembers (markOfflineAccess).
    issueRefreshToken: (ctx, client, code) =>
      client.grantTypeAllowed("refresh_token") &&
      (code.scopes.has("offline_access") || (ctx.oidc.entities.Grant?.getOIDCScope().split(" ").includes("offline_access") ?? false)),
    rotateRefreshToken: () => true,
    clientBasedCORS: (_ctx, origin) => origins.has(origin),
    ttl: {
      AccessToken: (_ctx, token) => {
        const user = "accountId" in token && token.accountId ? findUserById(db, token.accountId) : undefined;
        return (user && switches.userAccessTokenSeconds.get(user.email)) ?? ttl.accessToken;
      },
      IdToken: () => ttl.idToken,
      RefreshToken: () => ttl.refreshToken,
      Session: () => ttl.session,
      Grant: () => ttl.refreshToken,
      AuthorizationCode: 60,
      Interaction: 3600,
    },
    renderError: (ctx, out) => providerErrorPage(ctx, out, [...origins]),
  };

  const provider = new Provider(issuerFor(config), configuration);
  provider.on("server_error", (_ctx: unknown, error: unknown) => console.error("[idp] server error", error));
  provider.use(async (ctx, next) => {
    if (ctx.path === ROUTES.authorization) markOfflineAccess(ctx);
    if (ctx.path === ROUTES.end_session) mapReturnTo(ctx);
    if (ctx.method === "POST" && ctx.path === ROUTES.token && switches.tokenFailures && switches.tokenFailures.remaining > 0) {
      switches.tokenFailures.remaining -= 1;
      // Readable by the site (a failure it can see), unlike a dropped connection.
      const origin = ctx.get("origin");
      if (origins.has(origin)) ctx.set("access-control-allow-origin", origin);
      ctx.status = switches.tokenFailures.status;
      ctx.body = { error: "temporarily_unavailable", error_description: "test hook: token endpoint failure" };
      return;
    }
    await next();
    if (ctx.oidc?.route === "token" && ctx.status === 200) await afterTokenIssued(ctx as KoaContextWithOIDC);
    // A path or method the provider does not serve would get koa's plain-text "Not Found": answer
    // in the stand-in's JSON shape instead, as its other unknown paths do.
    if (ctx.status >= 400 && ctx.body == null) {
      const status = ctx.status;
      ctx.body = { statusCode: status };
      ctx.status = status;
    }
  });

  /** Counts the grant for the test hooks and spoils the ID token when a test asked for it. */
  async function afterTokenIssued(ctx: KoaContextWithOIDC): Promise<void> {
    const grant = ctx.oidc.params?.["grant_type"];
    if (grant !== "authorization_code" && grant !== "refresh_token") return;
    const user = ctx.oidc.account ? findUserById(db, ctx.oidc.account.accountId) : undefined;
    if (user) countGrant(switches, user.email, grant);
    const body = ctx.body as { id_token?: string } | undefined;
    const bad = switches.badIdToken;
    if (!bad || !body?.id_token || (bad.grant !== "any" && bad.grant !== (grant as GrantType))) return;
    if (bad.email !== undefined && bad.email !== user?.email) return;
    switches.badIdToken = undefined;
    body.id_token = await spoilIdToken(body.id_token, bad.kind, keys.signing.keys[0]!);
  }

  return provider;
}

/**
 * Consent is implied for the first-party clients: the session's grant is created or widened to every
 * scope asked for plus, for the site, the API, so the provider never shows a consent prompt (also not in a hidden
 * frame with prompt=none).
 */
async function grantEverything(ctx: KoaContextWithOIDC, audience: string, siteClientId: string) {
  const { client, session, params } = ctx.oidc;
  if (!client || !session?.accountId) return undefined;
  const grantId = ctx.oidc.result?.["consent"]?.grantId ?? session.grantIdFor(client.clientId);
  const existing = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined;
  const grant = existing ?? new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
  const asked = String(params?.["scope"] ?? "");
  grant.addOIDCScope(asked);
  if (params?.[OFFLINE_MARKER] === "1") grant.addOIDCScope("offline_access");
  if (client.clientId === siteClientId) grant.addResourceScope(audience, API_SCOPE);
  await grant.save();
  return grant;
}

/** The hosted provider's logout takes `returnTo`; the standard name is post_logout_redirect_uri. */
function mapReturnTo(ctx: { query: Record<string, unknown> }): void {
  const { returnTo, ...rest } = ctx.query;
  if (typeof returnTo === "string" && rest["post_logout_redirect_uri"] === undefined) {
    ctx.query = { ...rest, post_logout_redirect_uri: returnTo };
  }
}

/**
 * oidc-provider drops offline_access from an authorization request without prompt=consent (as OpenID
 * Connect Core says); the hosted provider the site is written for does not. So the request is marked
 * here, before that happens, and the grant remembers it: issueRefreshToken reads it from the grant.
 */
function markOfflineAccess(ctx: { query: Record<string, unknown> }): void {
  const scope = ctx.query["scope"];
  if (typeof scope === "string" && scope.split(" ").includes("offline_access")) {
    ctx.query = { ...ctx.query, [OFFLINE_MARKER]: "1" };
  }
}
