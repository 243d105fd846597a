/**
 * One path, judged once (docs/security.md): the path a request names as the file lookup will open
 * it, after decoding, dot segments, doubled and trailing slashes. The static server judges this
 * path (operator files, dot files, header kind) and hands exactly this path to the file lookup, so
 * no spelling can make the guard look at one file while the lookup opens another.
 */
import path from "node:path";
import { OPERATOR_FILES } from "./release-files.ts";

/**
 * `/release.json/`, `//release.json`, `/en/../release.json`, `/%72elease.json` and `/nieuws/` are
 * `/release.json` and `/nieuws`. A malformed escape is read as written, as the lookup would.
 */
export function servedPath(rawUrl: string): string {
  const raw = rawUrl.split(/[?#]/)[0] ?? "/";
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // A malformed escape: the lookup reads it as written.
  }
  const normalized = path.posix.normalize(`/${decoded}`);
  return normalized.length > 1 ? normalized.replace(/\/+$/, "") || "/" : "/";
}

/**
 * The served path written as a URL path again for the file lookup (sirv), which reads it back with
 * `decodeURI`: `%` is escaped so nothing is decoded twice, `?` and `#` so they stay in the path.
 */
export function servedUrl(served: string, rawUrl: string): string {
  const query = /\?[^#]*/.exec(rawUrl)?.[0] ?? "";
  return encodeURI(served).replace(/\?/g, "%3F").replace(/#/g, "%23") + query;
}

/**
 * An operator file, or a compressed or `.html` spelling of one, at the root. Compared without case:
 * a case-insensitive file system (a Mac, a Windows share) opens `/Release.JSON` as `release.json`.
 */
export function isOperatorFile(served: string): boolean {
  const name = served.replace(/^\/+/, "").replace(/(\.(br|gz|html?))+$/i, "").toLowerCase();
  return OPERATOR_FILES.some((file) => file.toLowerCase() === name);
}

/** A dot file or dot folder (other than `.well-known`), which a listing left out and a lookup must too. */
export function isHidden(served: string): boolean {
  return /(^|\/)\.(?!well-known(\/|$))/i.test(served);
}

/** Whether a visitor may be given what lies at this served path at all. */
export const isServable = (served: string): boolean => !isOperatorFile(served) && !isHidden(served);
