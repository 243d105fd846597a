import type { AddressInfo } from "node:net";
import { LinkChecker, LinkState } from "linkinator";
import { headerContextFor } from "../../publishing/serving/headers.ts";
import { runtimeSettingsFor, testStackConfig } from "../../dev/lib/stack-config.ts";
import { startStaticServer } from "../../publishing/serving/static-server.ts";
import { htmlFilesOf } from "./build-output.ts";

/** A link or image in the build that does not resolve, and the page it is on. */
export type BrokenLink = { url: string; status: number | undefined; from: string | undefined };

/** The clean URL path our static server and the CDN answer for a built page (`nieuws.html` -> `/nieuws`). */
export function pathOfPage(file: string): string {
  const bare = file.replace(/\.html$/, "").replace(/(^|\/)index$/, "");
  return `/${bare}`;
}

/**
 * Checks every page of a build as the site serves it: linkinator starts from each page (so pages
 * no menu links to, like the portal's shells, are covered too), follows internal links and checks
 * every `<a>`, `<img>`/`srcset`, `<link>` and `<script>` URL and in-page `#fragment`. Other
 * origins are skipped, except those in `alsoCheck` (the CMS image origin), whose URLs are
 * requested but not crawled.
 */
export async function brokenLinks(
  siteUrl: string,
  buildDir: string,
  alsoCheck: string[] = [],
): Promise<{ broken: BrokenLink[]; checked: string[] }> {
  const origin = new URL(siteUrl).origin;
  const pages = (await htmlFilesOf(buildDir)).map((file) => `${origin}${pathOfPage(file)}`);
  const result = await new LinkChecker().check({
    path: pages,
    recurse: true,
    checkFragments: true,
    concurrency: 8,
    timeout: 20_000,
    linksToSkip: (link) => Promise.resolve(![`${origin}/`, ...alsoCheck].some((prefix) => link.startsWith(prefix))),
  });
  const broken = result.links
    .filter((link) => link.state === LinkState.BROKEN)
    .map((link) => ({ url: link.url, status: link.status, from: link.parent }));
  return { broken, checked: result.links.filter((link) => link.state !== LinkState.SKIPPED).map((link) => link.url) };
}

/**
 * Serves a build folder (a scratch copy with a planted fault) with the project's static server on
 * a free port, with the test stack's settings; `close` stops it.
 */
export async function serveBuild(buildDir: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = await startStaticServer({
    port: 0,
    root: () => buildDir,
    fallbackContext: headerContextFor(runtimeSettingsFor(testStackConfig())),
  });
  const { port } = server.address() as AddressInfo;
  return { url: `http://localhost:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** One line per broken link, for an assertion message. */
export function describeBrokenLinks(broken: BrokenLink[]): string[] {
  return broken.map((link) => `${link.url} (${link.status ?? "no answer"}) on ${link.from ?? "?"}`);
}
