import { createHash, hash as hashOnce } from "node:crypto";

/** Each content object's own fingerprint, computed once: content objects are never changed after loading. */
const fingerprints = new WeakMap<object, string>();

/**
 * An array's fingerprint is made of its items' fingerprints: a list built anew from the same
 * content objects (the archive after a publish elsewhere) costs a hash per item, not the
 * serialisation of thousands of summaries.
 */
function fingerprintOf(input: unknown): string {
  if (typeof input !== "object" || input === null) return JSON.stringify(input) ?? "undefined";
  let found = fingerprints.get(input);
  if (found === undefined) {
    found = Array.isArray(input) || holdsList(input) ? fingerprintOfParts(input) : hashOnce("sha256", JSON.stringify(input), "base64url");
    fingerprints.set(input, found);
  }
  return found;
}

/**
 * A list's or a list holder's fingerprint. An entry on its own (an article) is hashed in one call
 * instead: tens of thousands of them in a cold build, where a streaming hash object each cost more
 * than the hashing.
 */
function fingerprintOfParts(input: object): string {
  const hash = createHash("sha256");
  if (!Array.isArray(input)) {
    // An object with a list of objects (a category and its articles): made of its parts'
    // fingerprints, so a category fetched again costs what changed in it, not its whole text.
    hash.update("{");
    for (const [name, value] of Object.entries(input)) hash.update(JSON.stringify(name)).update(":").update(fingerprintOf(value)).update(",");
  } else if (input.every((item) => typeof item !== "object" || item === null)) {
    // A list of plain values (a site's addresses): serialised whole, not value by value.
    hash.update(JSON.stringify(input));
  } else {
    hash.update("[");
    for (const item of input as unknown[]) hash.update(fingerprintOf(item)).update(",");
  }
  return hash.digest("base64url");
}

const holdsList = (input: object): boolean =>
  Object.values(input).some((value) => Array.isArray(value) && typeof value[0] === "object" && value[0] !== null);

/**
 * A short fingerprint of everything a page is rendered from, used as Astro's incremental-build
 * `cacheKey`: a page is rebuilt exactly when one of its inputs (its content in either language,
 * the menus) changed. An object's own fingerprint is remembered, so a warm publishing process that
 * keeps the unchanged articles does not serialise them again for every key.
 */
export function digest(...inputs: unknown[]): string {
  const hash = createHash("sha256");
  for (const input of inputs) hash.update(fingerprintOf(input)).update("\u0000");
  return hash.digest("base64url").slice(0, 22);
}
