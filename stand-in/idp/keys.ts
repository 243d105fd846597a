import { generateKeyPairSync, randomBytes, randomUUID } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { JWK } from "jose";

/**
 * The provider's signing key and cookie secrets, generated once per data folder and kept there, so a
 * restart of the stand-in keeps issued tokens verifiable and sessions valid.
 */
type ProviderKeys = {
  /** Private RS256 key as a JWK set, for the provider. */
  signing: { keys: JWK[] };
  /** The same key without private parts, for the API's token check. */
  verification: { keys: JWK[] };
  cookieSecrets: string[];
};

const cache = new Map<string, ProviderKeys>();

export function providerKeys(dataDir: string): ProviderKeys {
  const cached = cache.get(dataDir);
  if (cached) return cached;
  const signing = readOrCreate(path.join(dataDir, "jwks.json"), () => {
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    return { keys: [{ ...(privateKey.export({ format: "jwk" }) as JWK), kid: randomUUID(), alg: "RS256", use: "sig" }] };
  });
  const cookieSecrets = readOrCreate(path.join(dataDir, "cookie-secrets.json"), () => [
    randomBytes(32).toString("base64url"),
  ]);
  const verification = {
    keys: signing.keys.map(({ kty, n, e, kid, alg, use }) => ({ kty, n, e, kid, alg, use }) as JWK),
  };
  const keys = { signing, verification, cookieSecrets };
  cache.set(dataDir, keys);
  return keys;
}

function readOrCreate<T>(file: string, create: () => T): T {
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8")) as T;
  const value = create();
  writeFileSync(file, JSON.stringify(value, null, 2), { mode: 0o600 });
  return value;
}
