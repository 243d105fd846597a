import { createHash } from "node:crypto";

/**
 * A CMS-style entry id, stable across runs and the same in both languages (one entry, two locales),
 * e.g. `article:statiegeld-op-blik` -> `4Xk2…` (22 characters).
 */
export const entryId = (kind: string, slug: string): string =>
  createHash("sha256").update(`${kind}:${slug}`).digest("base64url").slice(0, 22);
