import http from "node:http";
import type { AddressInfo } from "node:net";
import { SignJWT, exportJWK, generateKeyPair } from "jose";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { setClock } from "../../src/core/auth/clock.ts";
import { checkIdToken, decodeJwt, type IdTokenExpectations } from "../../src/core/auth/id-token.ts";
import { verifyIdTokenSignature } from "../../src/core/auth/id-token-signature.ts";

const NOW = 1_800_000_000;
const expected: IdTokenExpectations = { issuer: "https://idp.example/", clientId: "client-1", nonce: "n-1" };
const good = { iss: "https://idp.example/", sub: "user-1", aud: "client-1", nonce: "n-1", exp: NOW + 600, iat: NOW - 5 };

/** An unsigned token with the given header and payload: the claim checks do not look at the signature. */
const token = (payload: Record<string, unknown>, header: Record<string, unknown> = { alg: "RS256" }): string =>
  [header, payload].map((part) => Buffer.from(JSON.stringify(part)).toString("base64url")).join(".") + ".c2ln";

const without = (key: string): Record<string, unknown> => Object.fromEntries(Object.entries(good).filter(([k]) => k !== key));

afterEach(() => setClock());
const at = (seconds: number): void => setClock(() => seconds * 1000);

describe("ID token shape", () => {
  it("accepts a good token", () => {
    at(NOW);
    expect(checkIdToken(token(good), expected).sub).toBe("user-1");
  });
  it("refuses a missing token", () => {
    expect(() => checkIdToken(undefined, expected)).toThrow("ID token is required but missing");
  });
  it("refuses a token without 3 parts", () => {
    expect(() => decodeJwt("a.b")).toThrow("3 parts");
    expect(() => decodeJwt("a.b.c.d")).toThrow("3 parts");
  });
  it("refuses a token whose parts are not JSON", () => {
    expect(() => decodeJwt("not.json.here")).toThrow("could not be decoded");
  });
});

describe("ID token claim checks, each on both sides", () => {
  it("algorithm: RS256 passes, HS256 and none are refused", () => {
    at(NOW);
    expect(() => checkIdToken(token(good, { alg: "RS256" }), expected)).not.toThrow();
    expect(() => checkIdToken(token(good, { alg: "HS256" }), expected)).toThrow('"HS256" is not supported');
    expect(() => checkIdToken(token(good, { alg: "none" }), expected)).toThrow('"none" is not supported');
  });

  it("issuer: must be present and match", () => {
    at(NOW);
    expect(() => checkIdToken(token(without("iss")), expected)).toThrow("Issuer (iss) claim must be a string");
    expect(() => checkIdToken(token({ ...good, iss: "https://evil.example/" }), expected)).toThrow("Issuer (iss) claim mismatch");
  });

  it("subject: must be present", () => {
    at(NOW);
    expect(() => checkIdToken(token(without("sub")), expected)).toThrow("Subject (sub) claim must be a string");
  });

  it("audience: must be present and include the client id", () => {
    at(NOW);
    expect(() => checkIdToken(token(without("aud")), expected)).toThrow("Audience (aud) claim must be");
    expect(() => checkIdToken(token({ ...good, aud: "other" }), expected)).toThrow("Audience (aud) claim mismatch");
    expect(() => checkIdToken(token({ ...good, aud: ["client-1"] }), expected)).not.toThrow();
  });

  it("several audiences: azp must be present and equal the client id", () => {
    at(NOW);
    const several = { ...good, aud: ["client-1", "https://api.example"] };
    expect(() => checkIdToken(token(several), expected)).toThrow("Authorized Party (azp) claim must be a string");
    expect(() => checkIdToken(token({ ...several, azp: "other" }), expected)).toThrow("Authorized Party (azp) claim mismatch");
    expect(() => checkIdToken(token({ ...several, azp: "client-1" }), expected)).not.toThrow();
  });

  it("nonce: must match when one was sent, and is not asked for after a refresh", () => {
    at(NOW);
    expect(() => checkIdToken(token(without("nonce")), expected)).toThrow("Nonce (nonce) claim must be a string");
    expect(() => checkIdToken(token({ ...good, nonce: "n-2" }), expected)).toThrow("Nonce (nonce) claim mismatch");
    expect(() => checkIdToken(token(without("nonce")), { ...expected, nonce: undefined })).not.toThrow();
  });

  it("exp and iat must be numbers", () => {
    at(NOW);
    expect(() => checkIdToken(token({ ...good, exp: "soon" }), expected)).toThrow("Expiration Time (exp) claim must be a number");
    expect(() => checkIdToken(token(without("iat")), expected)).toThrow("Issued At (iat) claim must be a number");
  });

  it("exp: accepted up to 60 s past expiry, refused one second later", () => {
    at(good.exp + 60);
    expect(() => checkIdToken(token(good), expected)).not.toThrow();
    at(good.exp + 61);
    expect(() => checkIdToken(token(good), expected)).toThrow("Expiration Time (exp) claim error");
  });

  it("nbf: accepted from 60 s before, refused one second earlier", () => {
    const nbf = NOW + 100;
    at(nbf - 60);
    expect(() => checkIdToken(token({ ...good, nbf }), expected)).not.toThrow();
    at(nbf - 61);
    expect(() => checkIdToken(token({ ...good, nbf }), expected)).toThrow("Not Before time (nbf)");
  });

  it("max age: auth_time required when set, and not older than max age plus leeway", () => {
    const withMaxAge = { ...expected, maxAgeSeconds: 300 };
    at(NOW);
    expect(() => checkIdToken(token(good), withMaxAge)).toThrow("Authentication Time (auth_time) claim must be a number");
    expect(() => checkIdToken(token(good), expected)).not.toThrow();
    const authTime = NOW - 360;
    expect(() => checkIdToken(token({ ...good, auth_time: authTime }), withMaxAge)).not.toThrow();
    at(NOW + 1);
    expect(() => checkIdToken(token({ ...good, auth_time: authTime }), withMaxAge)).toThrow("too much time has passed");
  });

  it("organization: org_id must be present and match when configured", () => {
    at(NOW);
    const withOrg = { ...expected, organization: "org_abc" };
    expect(() => checkIdToken(token(good), withOrg)).toThrow("Organization ID (org_id) claim must be a string");
    expect(() => checkIdToken(token({ ...good, org_id: "org_xyz" }), withOrg)).toThrow("Organization ID (org_id) claim mismatch");
    expect(() => checkIdToken(token({ ...good, org_id: "org_abc" }), withOrg)).not.toThrow();
    expect(() => checkIdToken(token({ ...good, org_id: "org_xyz" }), { ...expected, organization: "" })).not.toThrow();
  });
});

describe("ID token signature against published keys", () => {
  let server: http.Server;
  let jwksUri = "";
  let privateKey: CryptoKey;
  let otherKey: CryptoKey;

  beforeAll(async () => {
    const pair = await generateKeyPair("RS256");
    privateKey = pair.privateKey;
    otherKey = (await generateKeyPair("RS256")).privateKey;
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: "k1", alg: "RS256", use: "sig" };
    server = http.createServer((_req, res) => {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((resolve) => server.listen(0, "localhost", resolve));
    jwksUri = `http://localhost:${(server.address() as AddressInfo).port}/.well-known/jwks.json`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const sign = (key: CryptoKey, alg = "RS256"): Promise<string> =>
    new SignJWT(good).setProtectedHeader({ alg, kid: "k1" }).sign(key);

  it("accepts a token signed with the published key", async () => {
    await expect(verifyIdTokenSignature(await sign(privateKey), jwksUri)).resolves.toBeUndefined();
  });

  it("refuses a token signed with another key", async () => {
    await expect(verifyIdTokenSignature(await sign(otherKey), jwksUri)).rejects.toThrow("Invalid ID token signature");
  });

  it("refuses a token whose payload was changed after signing", async () => {
    const [header, , signature] = (await sign(privateKey)).split(".");
    const forged = Buffer.from(JSON.stringify({ ...good, sub: "someone-else" })).toString("base64url");
    await expect(verifyIdTokenSignature(`${header}.${forged}.${signature}`, jwksUri)).rejects.toThrow("Invalid ID token signature");
  });

  it("refuses an unsigned (alg none) token", async () => {
    await expect(verifyIdTokenSignature(token(good, { alg: "none" }).replace(/\.c2ln$/, "."), jwksUri)).rejects.toThrow("Invalid ID token signature");
  });
});
