import { expect, test } from "@playwright/test";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { HEADER_CONTEXT_FILE, OPERATOR_FILES } from "../../publishing/build/build-site.ts";
import {
  headersForKind,
  headersForPath,
  type HeaderContext,
  type PathKind,
} from "../../publishing/serving/headers.ts";
import { releaseStore } from "../../publishing/releases/releases.ts";
import { testStackConfig } from "../../dev/lib/stack-config.ts";
import { storeDirFor } from "../../publishing/server/index.ts";
import { rawRequest, serveWithNginx, type RawResponse, type RunningNginx } from "./support/nginx.ts";
import { pathVariants } from "../unit/support/path-variants.ts";

// One nginx on one port: this file's tests run in one worker, in order.
test.describe.configure({ mode: "default" });

let nginx: RunningNginx;
let context: HeaderContext;

test.beforeAll(async () => {
  // The release the test stack built and put live, served as docs/publishing.md says.
  nginx = await serveWithNginx(releaseStore(storeDirFor(testStackConfig().releasesDir, "live")).current);
  context = JSON.parse(
    readFileSync(path.join(nginx.releaseDir, HEADER_CONTEXT_FILE), "utf8"),
  ) as HeaderContext;
});
test.afterAll(async () => {
  await nginx?.stop();
});

const get = (pathname: string, headers: Record<string, string> = {}): Promise<RawResponse> =>
  rawRequest(`${nginx.url}${pathname}`, { headers });
const file = (name: string): Buffer => readFileSync(path.join(nginx.releaseDir, name));

/** Every header publishing/serving/headers.ts gives this kind of response, with exactly its value. */
function expectHeaders(response: RawResponse, expected: Record<string, string>): void {
  for (const [name, value] of Object.entries(expected)) expect(response.headers[name], name).toBe(value);
}
const expectHeadersOf = (response: RawResponse, pathname: string): void =>
  expectHeaders(response, headersForPath(context, pathname));
const expectKind = (response: RawResponse, kind: PathKind): void =>
  expectHeaders(response, headersForKind(context, kind));

test.describe("a release served by nginx with the documented server block", () => {
  test("pages at their slash-less URLs, with the page headers", async () => {
    for (const [pathname, source] of [
      ["/", "index.html"],
      ["/nieuws", "nieuws.html"],
      ["/en", "en.html"],
      ["/en/nieuws", "en/nieuws.html"],
      ["/mijn-account/dashboard", "mijn-account/dashboard.html"],
    ] as const) {
      const response = await get(pathname);
      expect(response.status, pathname).toBe(200);
      expect(response.headers["content-type"], pathname).toBe("text/html; charset=utf-8");
      expect(response.body.equals(file(source)), `${pathname} is ${source}`).toBe(true);
      expectHeadersOf(response, pathname);
      expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(response.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    }
  });

  test("a trailing slash redirects to the slash-less URL, query kept", async () => {
    for (const [from, to] of [
      ["/nieuws/", "/nieuws"],
      ["/en/", "/en"],
      ["/nieuws/?pagina=2", "/nieuws?pagina=2"],
    ] as const) {
      const response = await get(from);
      expect(response.status, from).toBe(301);
      expect(response.headers["location"], from).toBe(to);
      expectKind(response, "page");
    }
  });

  test("the sign-in callback never sends a referrer; only silent-renew may be framed, by the site", async () => {
    for (const pathname of ["/callback?code=abc&state=xyz", "/en/callback", "/callback.html", "/%63allback", "//callback", "/en/../callback"]) {
      const response = await get(pathname);
      expect(response.status, pathname).toBe(200);
      expectKind(response, "callback");
      expect(response.headers["referrer-policy"]).toBe("no-referrer");
    }
    for (const pathname of ["/silent-renew", "/en/silent-renew"]) {
      const response = await get(pathname);
      expect(response.status, pathname).toBe(200);
      expect(response.body.equals(file(`${pathname.slice(1)}.html`))).toBe(true);
      expectKind(response, "silent-renew");
      expect(response.headers["content-security-policy"]).toContain("frame-ancestors 'self'");
    }
  });

  test("hashed assets are cached for a year; nothing else is", async () => {
    const asset = /["'](\/_astro\/[^"']+\.(?:css|js))["']/.exec(file("index.html").toString())?.[1];
    expect(asset, "the home page links a hashed asset").toBeTruthy();
    const response = await get(asset as string);
    expect(response.status).toBe(200);
    expectKind(response, "asset");
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    // The service worker and the runtime settings must be revalidated, or a release never reaches returning visitors.
    for (const pathname of ["/", "/sw.js", "/settings.js", "/favicon.svg", "/pagefind/pagefind.js"]) {
      const other = await get(pathname);
      expect(other.status, pathname).toBe(200);
      expect(other.headers["cache-control"], pathname).toBe("no-cache");
    }
  });

  test("unknown paths: the 404 page of their language, with status 404 and the page headers", async () => {
    for (const [pathname, page, lang] of [
      ["/deze-pagina-bestaat-niet", "404.html", "nl"],
      ["/nieuws/bestaat-niet/ook-niet", "404.html", "nl"],
      ["/en/this-page-does-not-exist", "en/404.html", "en"],
      ["/_astro/not-built.js", "404.html", "nl"],
    ] as const) {
      const response = await get(pathname);
      expect(response.status, pathname).toBe(404);
      expect(response.headers["content-type"], pathname).toBe("text/html; charset=utf-8");
      expect(response.body.equals(file(page)), `${pathname} shows ${page}`).toBe(true);
      expect(response.body.toString()).toContain(`<html lang="${lang}"`);
      expectKind(response, "page");
    }
  });

  test("other errors carry the headers too; the operator's files are not served", async () => {
    const post = await rawRequest(`${nginx.url}/`, { method: "POST" });
    expect(post.status).toBe(405);
    expectKind(post, "page");
    for (const pathname of OPERATOR_FILES.flatMap((name) => pathVariants(`/${name}`))) {
      for (const encoding of ["gzip, br", "identity"]) {
        const response = await get(pathname, { "accept-encoding": encoding });
        expect(response.status, pathname).toBe(404);
        expect(response.body.toString(), pathname).not.toMatch(/add_header|Content-Security-Policy|"trigger"|scriptHashes/);
        expectKind(response, "page");
      }
    }
  });

  test("precompressed files go out gzip-encoded to browsers that accept it, plain to others", async () => {
    const assets = [
      ...file("index.html")
        .toString()
        .matchAll(/["'](\/_astro\/[^"']+\.(?:css|js))["']/g),
    ].map((match) => match[1] ?? "");
    const asset = assets.find((name) => existsSync(path.join(nginx.releaseDir, `${name}.gz`)));
    expect(asset, "the home page links a compressed hashed asset").toBeTruthy();
    for (const [pathname, source] of [
      ["/", "index.html"],
      ["/nieuws", "nieuws.html"],
      [asset as string, (asset as string).slice(1)],
    ] as const) {
      const compressed = await get(pathname, { "accept-encoding": "gzip, deflate, br" });
      expect(compressed.status, pathname).toBe(200);
      expect(compressed.headers["content-encoding"], pathname).toBe("gzip");
      expect(compressed.headers["vary"], pathname).toBe("Accept-Encoding");
      expect(compressed.body.equals(file(`${source}.gz`)), `${pathname}: the build's own .gz`).toBe(true);
      expect(gunzipSync(compressed.body).equals(file(source))).toBe(true);

      const plain = await get(pathname);
      expect(plain.headers["content-encoding"], pathname).toBeUndefined();
      expect(plain.body.equals(file(source))).toBe(true);
    }
  });
});
