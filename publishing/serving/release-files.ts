/**
 * Names of the files a release carries for the operator and the hosting, which the build writes
 * and the static server reads or refuses. Apart from the build (build-site.ts), so that serving a
 * release loads none of the build's code.
 */
import { CDN_REDIRECTS_FILE, REDIRECTS_FILE } from "./redirects.ts";

/** Name of the file in a build that records the header context the static server uses for it. */
export const HEADER_CONTEXT_FILE = "_headers.json";

/**
 * Files at a release's root that are for the operator and the hosting (header rules, redirects, the
 * release record), never for visitors: they show how the site is run, and nothing links to them.
 */
export const OPERATOR_FILES: readonly string[] = ["_headers", HEADER_CONTEXT_FILE, "nginx-headers.conf", "release.json", REDIRECTS_FILE, CDN_REDIRECTS_FILE];
