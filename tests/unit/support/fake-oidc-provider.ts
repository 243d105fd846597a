/**
 * A small OpenID provider for the publishing server's editor sign-in tests: discovery, keys and a
 * token endpoint that checks the client's secret and the PKCE verifier, and answers with the ID
 * token the test asks for (its claims, or one thing wrong: another key, issuer, audience or nonce).
 * The authorization step is the test's: it reads state and nonce from the URL the server built and
 * hands back a code with `issueCode`.
 */
import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT } from "jose";

export type Spoil = "none" | "signature" | "issuer" | "audience" | "nonce";

type Code = { challenge: string; nonce: string; claims: Record<string, unknown>; spoil: Spoil };

export type FakeProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** A code for the authorization URL the server built; the token for it carries `claims`. */
  issueCode: (
    authorizationUrl: string,
    claims: Record<string, unknown>,
    spoil?: Spoil,
  ) => { code: string; state: string };
  close: () => Promise<void>;
};

export async function startFakeProvider(): Promise<FakeProvider> {
  const clientId = "publishing-test";
  const clientSecret = "publishing-test-secret";
  const { publicKey, privateKey } = await generateKeyPair("RS256");
  const stranger = (await generateKeyPair("RS256")).privateKey;
  const jwk = { ...(await exportJWK(publicKey)), kid: "k1", alg: "RS256", use: "sig" };
  const codes = new Map<string, Code>();
  let issuer = "";

  async function idToken(entry: Code): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      sub: "usr-test",
      ...entry.claims,
      nonce: entry.spoil === "nonce" ? "another-nonce" : entry.nonce,
    };
    return new SignJWT(claims)
      .setProtectedHeader({ alg: "RS256", kid: "k1", typ: "JWT" })
      .setIssuer(entry.spoil === "issuer" ? "http://issuer.invalid/" : issuer)
      .setAudience(entry.spoil === "audience" ? "another-client" : clientId)
      .setIssuedAt(now)
      .setExpirationTime(now + 300)
      .sign(entry.spoil === "signature" ? stranger : privateKey);
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", issuer);
    const json = (status: number, body: unknown): void => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === "/.well-known/openid-configuration") {
      return json(200, {
        issuer,
        authorization_endpoint: `${issuer}authorize`,
        token_endpoint: `${issuer}token`,
        jwks_uri: `${issuer}jwks`,
        response_types_supported: ["code"],
        subject_types_supported: ["public"],
        id_token_signing_alg_values_supported: ["RS256"],
        token_endpoint_auth_methods_supported: ["client_secret_basic"],
        code_challenge_methods_supported: ["S256"],
      });
    }
    if (url.pathname === "/jwks") return json(200, { keys: [jwk] });
    if (url.pathname === "/token" && req.method === "POST") {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        const form = new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
        // client_secret_basic: each part form-url-encoded (RFC 6749, 2.3.1), then base64.
        const [id, secret] = Buffer.from((req.headers.authorization ?? "").replace(/^Basic /, ""), "base64")
          .toString("utf8")
          .split(":")
          .map((part) => decodeURIComponent(part.replace(/\+/g, " ")));
        if (id !== clientId || secret !== clientSecret) return json(401, { error: "invalid_client" });
        const entry = codes.get(form.get("code") ?? "");
        codes.delete(form.get("code") ?? "");
        const verifier = form.get("code_verifier") ?? "";
        if (!entry || createHash("sha256").update(verifier).digest("base64url") !== entry.challenge)
          return json(400, { error: "invalid_grant" });
        void idToken(entry).then((token) =>
          json(200, { access_token: "opaque", token_type: "Bearer", expires_in: 300, id_token: token }),
        );
      });
      return undefined;
    }
    return json(404, { error: "not_found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;

  return {
    issuer,
    clientId,
    clientSecret,
    issueCode(authorizationUrl, claims, spoil = "none") {
      const asked = new URL(authorizationUrl).searchParams;
      const code = randomBytes(16).toString("base64url");
      codes.set(code, {
        challenge: asked.get("code_challenge") ?? "",
        nonce: asked.get("nonce") ?? "",
        claims,
        spoil,
      });
      return { code, state: asked.get("state") ?? "" };
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
