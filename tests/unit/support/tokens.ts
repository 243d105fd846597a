import { createHash, randomBytes } from "node:crypto";
import { DEMO_PASSWORD, siteUrl, type StackConfig } from "../../../dev/lib/stack-config.ts";

/**
 * Signs in against the stand-in identity provider the way a browser does, over plain fetch:
 * /authorize with PKCE, the login form, the redirects back to the site's callback, the code exchange.
 * So tests get real tokens, and the login page's password check is exercised on the way.
 */

export type Tokens = {
  access_token: string;
  id_token: string;
  refresh_token?: string;
  expires_in: number;
  scope: string;
  token_type: string;
};

/** A cookie jar that ignores paths: enough for one provider on one host. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair?.indexOf("=") ?? -1;
      if (!pair || at < 1) continue;
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (value === "" || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

export type Authorization = {
  /** The login page URL the provider sent the browser to. */
  loginUrl: string;
  jar: CookieJar;
  verifier: string;
  state: string;
  nonce: string;
  redirectUri: string;
};

const base64url = (bytes: Buffer): string => bytes.toString("base64url");

/** Starts a code flow; returns where the login form is. `extra` adds or overrides authorization parameters. */
export async function startAuthorization(
  backendUrl: string,
  config: StackConfig,
  extra: Record<string, string> = {},
): Promise<Authorization> {
  const verifier = base64url(randomBytes(32));
  const state = base64url(randomBytes(16));
  const nonce = base64url(randomBytes(16));
  const redirectUri = `${siteUrl(config)}/callback`;
  const params = new URLSearchParams({
    client_id: config.clientId,
    redirect_uri: redirectUri,
    response_type: "code",
    scope: "openid profile email offline_access",
    audience: config.audience,
    state,
    nonce,
    code_challenge: base64url(createHash("sha256").update(verifier).digest()),
    code_challenge_method: "S256",
    ...extra,
  });
  const jar = new CookieJar();
  const response = await fetch(`${backendUrl}/authorize?${params}`, { redirect: "manual" });
  jar.store(response);
  const location = response.headers.get("location");
  if (response.status !== 303 || !location) {
    throw new Error(`authorize answered ${response.status}: ${await response.text()}`);
  }
  return { loginUrl: new URL(location, backendUrl).href, jar, verifier, state, nonce, redirectUri };
}

/** Posts the login form. The response is the re-rendered form on failure, or a redirect on success. */
export async function submitLogin(authorization: Authorization, email: string, password: string): Promise<Response> {
  const response = await fetch(authorization.loginUrl, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: authorization.jar.header() },
    body: new URLSearchParams({ email, password }),
  });
  authorization.jar.store(response);
  return response;
}

/** Follows the provider's redirects from `response` until one leaves for the site; returns that URL. */
export async function followToSite(authorization: Authorization, response: Response, backendUrl: string): Promise<URL> {
  let current = response;
  for (let hop = 0; hop < 10; hop++) {
    const location = current.headers.get("location");
    if (!location) throw new Error(`expected a redirect, got ${current.status}: ${await current.text()}`);
    const target = new URL(location, backendUrl);
    if (target.href.startsWith(authorization.redirectUri)) return target;
    current = await fetch(target, { redirect: "manual", headers: { cookie: authorization.jar.header() } });
    authorization.jar.store(current);
  }
  throw new Error("too many redirects");
}

export async function exchangeCode(backendUrl: string, config: StackConfig, authorization: Authorization, code: string): Promise<Tokens> {
  return tokenRequest(backendUrl, {
    grant_type: "authorization_code",
    code,
    redirect_uri: authorization.redirectUri,
    client_id: config.clientId,
    code_verifier: authorization.verifier,
  });
}

export async function refreshTokens(backendUrl: string, config: StackConfig, refreshToken: string): Promise<Tokens> {
  return tokenRequest(backendUrl, { grant_type: "refresh_token", refresh_token: refreshToken, client_id: config.clientId });
}

/** POST /oauth/token; throws with the provider's error body on a non-200. */
export async function tokenRequest(backendUrl: string, form: Record<string, string>): Promise<Tokens> {
  const response = await fetch(`${backendUrl}/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form),
  });
  const body = (await response.json()) as Tokens & { error?: string };
  if (response.status !== 200) throw new TokenError(response.status, body.error ?? "unknown");
  return body;
}

export class TokenError extends Error {
  readonly status: number;
  readonly error: string;
  constructor(status: number, error: string) {
    super(`token endpoint ${status}: ${error}`);
    this.status = status;
    this.error = error;
  }
}

/** The whole sign-in for a user with a password (default: the demo password); returns the tokens. */
export async function signIn(
  backend: { url: string; config: StackConfig },
  email: string,
  password = DEMO_PASSWORD,
  extra: Record<string, string> = {},
): Promise<Tokens> {
  const authorization = await startAuthorization(backend.url, backend.config, extra);
  const login = await submitLogin(authorization, email, password);
  if (login.status !== 303) throw new Error(`login for ${email} answered ${login.status}`);
  const callback = await followToSite(authorization, login, backend.url);
  const code = callback.searchParams.get("code");
  if (!code || callback.searchParams.get("state") !== authorization.state) {
    throw new Error(`no code at the callback: ${callback.href}`);
  }
  return exchangeCode(backend.url, backend.config, authorization, code);
}
