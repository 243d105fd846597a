import { hash } from "node:crypto";

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
    // One string hashed in one call: a cold build fingerprints tens of thousands of objects, and
    // feeding a hash object piece by piece cost more than the hashing itself.
    found = sha256(hashedTextOf(input));
    fingerprints.set(input, found);
  }
  return found;
}

/** The text an object's fingerprint is the hash of. */
function hashedTextOf(input: object): string {
  if (Array.isArray(input)) {
    // A list of plain values (a site's addresses): serialised whole, not value by value.
    if (input.every((item) => typeof item !== "object" || item === null)) return JSON.stringify(input);
    return `[${input.map((item) => `${fingerprintOf(item)},`).join("")}`;
  }
  // An object with a list of objects (a category and its articles, an article and its related
  // summaries): made of its parts' fingerprints, so one fetched again costs what changed in it.
  if (holdsList(input)) return `{${Object.entries(input).map(([name, value]) => `${JSON.stringify(name)}:${fingerprintOf(value)},`).join("")}`;
  return JSON.stringify(input);
}

const sha256 = (text: string): string => hash("sha256", text, "base64url");

const holdsList = (input: object): boolean =>
  Object.values(input).some((value) => Array.isArray(value) && typeof value[0] === "object" && value[0] !== null);

/**
 * A short fingerprint of everything a page is rendered from, used as Astro's incremental-build
 * `cacheKey`: a page is rebuilt exactly when one of its inputs (its content in either language,
 * the menus) changed. An object's own fingerprint is remembered, so a warm publishing process that
 * keeps the unchanged articles does not serialise them again for every key.
 */
export function digest(...inputs: unknown[]): string {
  return sha256(inputs.map((input) => `${fingerprintOf(input)}\u0000`).join("")).slice(0, 22);
}
