import http from "node:http";
import type { AddressInfo } from "node:net";
import { SignJWT, createLocalJWKSet, exportJWK, generateKeyPair, type JWTVerifyGetKey } from "jose";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { setClock } from "../../src/core/auth/clock.ts";
import { publishedKeys, verifyIdToken, type IdTokenExpectations } from "../../src/core/auth/id-token.ts";

const NOW = 1_800_000_000;
const expected: IdTokenExpectations = { issuer: "https://idp.example/", clientId: "client-1", nonce: "n-1" };
const good = { iss: "https://idp.example/", sub: "user-1", aud: "client-1", nonce: "n-1", exp: NOW + 600, iat: NOW - 5 };

let privateKey: CryptoKey;
let otherKey: CryptoKey;
let keys: JWTVerifyGetKey;
let jwk: Record<string, unknown>;

beforeAll(async () => {
  const pair = await generateKeyPair("RS256", { extractable: true });
  privateKey = pair.privateKey;
  otherKey = (await generateKeyPair("RS256")).privateKey;
  jwk = { ...(await exportJWK(pair.publicKey)), kid: "k1", alg: "RS256", use: "sig" };
  keys = createLocalJWKSet({ keys: [jwk] });
});

/** A token with these claims, signed with the published key unless told otherwise. */
const token = (payload: Record<string, unknown>, key: CryptoKey = privateKey, alg = "RS256"): Promise<string> =>
  new SignJWT(payload).setProtectedHeader({ alg, kid: "k1" }).sign(key);
const without = (key: string): Record<string, unknown> => Object.fromEntries(Object.entries(good).filter(([k]) => k !== key));
const check = async (payload: Record<string, unknown>, expectations: IdTokenExpectations = expected) =>
  verifyIdToken(await token(payload), keys, expectations);

afterEach(() => setClock());
const at = (seconds: number): void => setClock(() => seconds * 1000);

describe("ID token shape and signature", () => {
  it("accepts a good token", async () => {
    at(NOW);
    expect((await check(good)).sub).toBe("user-1");
  });
  it("refuses a missing token", async () => {
    await expect(verifyIdToken(undefined, keys, expected)).rejects.toThrow("ID token is required but missing");
  });
  it("refuses a token that is not a compact JWS", async () => {
    at(NOW);
    await expect(verifyIdToken("a.b", keys, expected)).rejects.toThrow("ID token refused");
    await expect(verifyIdToken("not.json.here", keys, expected)).rejects.toThrow("ID token refused");
  });
  it("refuses a token signed with another key", async () => {
    at(NOW);
    await expect(verifyIdToken(await token(good, otherKey), keys, expected)).rejects.toThrow("signature verification failed");
  });
  it("refuses a token whose payload was changed after signing", async () => {
    at(NOW);
    const [header, , signature] = (await token(good)).split(".");
    const forged = Buffer.from(JSON.stringify({ ...good, sub: "someone-else" })).toString("base64url");
    await expect(verifyIdToken(`${header}.${forged}.${signature}`, keys, expected)).rejects.toThrow("signature verification failed");
  });
  it("refuses HS256 (even keyed with the public key) and unsigned tokens", async () => {
    at(NOW);
    const hmacKey = new TextEncoder().encode(JSON.stringify(jwk));
    const hs256 = await new SignJWT(good).setProtectedHeader({ alg: "HS256", kid: "k1" }).sign(hmacKey);
    await expect(verifyIdToken(hs256, keys, expected)).rejects.toThrow('"alg" (Algorithm) Header Parameter value not allowed');
    const none = [{ alg: "none" }, good].map((part) => Buffer.from(JSON.stringify(part)).toString("base64url")).join(".") + ".";
    await expect(verifyIdToken(none, keys, expected)).rejects.toThrow("ID token refused");
  });
});

describe("ID token claim checks, each on both sides", () => {
  it("issuer: must be present and match", async () => {
    at(NOW);
    await expect(check(without("iss"))).rejects.toThrow('missing required "iss" claim');
    await expect(check({ ...good, iss: "https://evil.example/" })).rejects.toThrow('unexpected "iss" claim value');
  });

  it("subject: must be a non-empty string", async () => {
    at(NOW);
    await expect(check(without("sub"))).rejects.toThrow('missing required "sub" claim');
    await expect(check({ ...good, sub: "" })).rejects.toThrow("Subject (sub) claim must be a non-empty string");
  });

  it("subject: a renewal must not change it", async () => {
    at(NOW);
    await expect(check(good, { ...expected, subject: "user-1" })).resolves.toBeTruthy();
    await expect(check({ ...good, sub: "user-2" }, { ...expected, subject: "user-1" })).rejects.toThrow("Subject (sub) claim changed");
  });

  it("audience: must be present and include the client id", async () => {
    at(NOW);
    await expect(check(without("aud"))).rejects.toThrow('missing required "aud" claim');
    await expect(check({ ...good, aud: "other" })).rejects.toThrow('unexpected "aud" claim value');
    await expect(check({ ...good, aud: ["client-1"] })).resolves.toBeTruthy();
  });

  it("several audiences: azp must be present and equal the client id", async () => {
    at(NOW);
    const several = { ...good, aud: ["client-1", "https://api.example"] };
    await expect(check(several)).rejects.toThrow("Authorized Party (azp) claim must be present");
    await expect(check({ ...several, azp: "other" })).rejects.toThrow("Authorized Party (azp) claim mismatch");
    await expect(check({ ...several, azp: "client-1" })).resolves.toBeTruthy();
  });

  it("a single audience with azp: azp must still be the client id", async () => {
    at(NOW);
    await expect(check({ ...good, azp: "another-client" })).rejects.toThrow("Authorized Party (azp) claim mismatch");
    await expect(check({ ...good, azp: "client-1" })).resolves.toBeTruthy();
  });

  it("nonce: must match when one was sent, and is not asked for after a refresh", async () => {
    at(NOW);
    await expect(check(without("nonce"))).rejects.toThrow("Nonce (nonce) claim mismatch");
    await expect(check({ ...good, nonce: "n-2" })).rejects.toThrow("Nonce (nonce) claim mismatch");
    await expect(check(without("nonce"), { ...expected, nonce: undefined })).resolves.toBeTruthy();
  });

  it("exp and iat must be numbers", async () => {
    at(NOW);
    await expect(check({ ...good, exp: "soon" })).rejects.toThrow('"exp" claim must be a number');
    await expect(check(without("iat"))).rejects.toThrow('missing required "iat" claim');
  });

  it("exp: accepted until 60 s past expiry, refused from then on", async () => {
    at(good.exp + 59);
    await expect(check(good)).resolves.toBeTruthy();
    at(good.exp + 60);
    await expect(check(good)).rejects.toThrow('"exp" claim timestamp check failed');
  });

  it("nbf: accepted from 60 s before, refused one second earlier", async () => {
    const nbf = NOW + 100;
    at(nbf - 60);
    await expect(check({ ...good, nbf })).resolves.toBeTruthy();
    at(nbf - 61);
    await expect(check({ ...good, nbf })).rejects.toThrow('"nbf" claim timestamp check failed');
  });

  it("iat: up to the leeway in the future is accepted, later is refused", async () => {
    at(NOW);
    await expect(check({ ...good, iat: NOW + 60 })).resolves.toBeTruthy();
    await expect(check({ ...good, iat: NOW + 61 })).rejects.toThrow('"iat" claim timestamp check failed (it should be in the past)');
    await expect(check({ ...good, iat: NOW + 600 })).rejects.toThrow("it should be in the past");
  });

  it("iat: a token issued more than an hour (plus leeway) ago is refused", async () => {
    at(NOW);
    await expect(check({ ...good, iat: NOW - 3660 })).resolves.toBeTruthy();
    await expect(check({ ...good, iat: NOW - 3661 })).rejects.toThrow("too far in the past");
  });

  it("max age: auth_time required when set, and not older than max age plus leeway", async () => {
    const withMaxAge = { ...expected, maxAgeSeconds: 300 };
    at(NOW);
    await expect(check(good, withMaxAge)).rejects.toThrow("Authentication Time (auth_time) claim must be a number");
    await expect(check(good)).resolves.toBeTruthy();
    const authTime = NOW - 360;
    await expect(check({ ...good, auth_time: authTime }, withMaxAge)).resolves.toBeTruthy();
    at(NOW + 1);
    await expect(check({ ...good, auth_time: authTime }, withMaxAge)).rejects.toThrow("older than the max age");
  });

  it("organization: org_id must be present and match when configured", async () => {
    at(NOW);
    const withOrg = { ...expected, organization: "org_abc" };
    await expect(check(good, withOrg)).rejects.toThrow("Organization ID (org_id) claim mismatch");
    await expect(check({ ...good, org_id: "org_xyz" }, withOrg)).rejects.toThrow("Organization ID (org_id) claim mismatch");
    await expect(check({ ...good, org_id: "org_abc" }, withOrg)).resolves.toBeTruthy();
    await expect(check({ ...good, org_id: "org_xyz" }, { ...expected, organization: "" })).resolves.toBeTruthy();
  });
});

describe("the provider's published keys", () => {
  let server: http.Server;
  let jwksUri = "";
  let requests = 0;

  beforeAll(async () => {
    server = http.createServer((_req, res) => {
      requests += 1;
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((resolve) => server.listen(0, "localhost", resolve));
    jwksUri = `http://localhost:${(server.address() as AddressInfo).port}/.well-known/jwks.json`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it("are fetched from the key set URL once and then reused", async () => {
    at(NOW);
    await expect(verifyIdToken(await token(good), publishedKeys(jwksUri), expected)).resolves.toBeTruthy();
    await expect(verifyIdToken(await token(good, otherKey), publishedKeys(jwksUri), expected)).rejects.toThrow("ID token refused");
    expect(publishedKeys(jwksUri)).toBe(publishedKeys(jwksUri));
    expect(requests).toBe(1);
  });
});
