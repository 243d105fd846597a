import { createHash } from "node:crypto";

/**
 * A short fingerprint of everything a page is rendered from, used as Astro's incremental-build
 * `cacheKey`: a page is rebuilt exactly when one of its inputs (its content in either language,
 * the menus) changed.
 */
export function digest(...inputs: unknown[]): string {
  const hash = createHash("sha256");
  for (const input of inputs) hash.update(JSON.stringify(input) ?? "undefined").update("\u0000");
  return hash.digest("base64url").slice(0, 22);
}
