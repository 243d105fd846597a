import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPERATOR_FILES, precompress, writeHeaderFiles } from "../../publishing/build/build-site.ts";
import { headerContextFor, headersForPath } from "../../publishing/serving/headers.ts";
import { adoptBuild, releaseStore, swapLive, writeReleaseInfo, type ReleaseStore } from "../../publishing/releases/releases.ts";
import { runtimeSettingsFor, testStackConfig } from "../../dev/lib/stack-config.ts";
import { startStaticServer } from "../../publishing/serving/static-server.ts";
import { writeFakeSite } from "./support/fake-site.ts";
import { pathVariants } from "./support/path-variants.ts";

let store: ReleaseStore;
let server: http.Server;
let port: number;
const settings = runtimeSettingsFor(testStackConfig());
const ASSET = "/_astro/app.1a2b3c.js";

/** A raw request, so the test sees exactly what was sent (fetch would decompress). */
function request(pathname: string, options: { method?: string; headers?: Record<string, string> } = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = http.request({ host: "localhost", port, path: pathname, method: options.method ?? "GET", headers: options.headers ?? {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

beforeAll(async () => {
  store = releaseStore(await mkdtemp(path.join(os.tmpdir(), "kp-static-")));
  await writeFakeSite(store.work, "x".repeat(2000));
  await mkdir(path.join(store.work, "en"), { recursive: true });
  await writeFile(path.join(store.work, "en", "404.html"), "<p>Page not found</p>");
  await writeFile(path.join(store.work, "callback.html"), "<p>Signing in</p>");
  // As the build renders it (src/pages/redirects.json.ts): an operator file like the header rules.
  await writeFile(path.join(store.work, "redirects.json"), JSON.stringify({ redirects: [{ from: "/oud", to: "/nieuws/artikel-1" }] }));
  await writeHeaderFiles(store.work, headerContextFor(settings, { imageOrigin: "https://images.example.com/x" }));
  await writeReleaseInfo(store.work, { id: "r1", createdAt: "2026-11-25T04:00:00.000Z", trigger: "test", pages: 3 });
  await precompress(store.work, null);
  await adoptBuild(store, store.work, "r1");
  await swapLive(store, "r1");
  server = await startStaticServer({ port: 0, root: () => store.current, fallbackContext: headerContextFor(settings) });
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await rm(store.root, { recursive: true, force: true });
});

describe("static server", () => {
  it("serves slash-less page URLs from .html files, revalidated, with the release's CSP", async () => {
    const page = await request("/nieuws/artikel-1");
    expect(page.status).toBe(200);
    expect(page.headers["content-type"]).toBe("text/html;charset=utf-8");
    expect(page.headers["cache-control"]).toBe("no-cache");
    expect(page.headers["content-security-policy"]).toContain("img-src 'self' data: https://images.example.com");
    expect(page.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("caches hashed assets for a year as immutable", async () => {
    const asset = await request(ASSET);
    expect(asset.status).toBe(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("sends brotli or gzip when the browser accepts them", async () => {
    const br = await request(ASSET, { headers: { "accept-encoding": "gzip, br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["vary"]).toBe("Accept-Encoding");
    const gz = await request("/", { headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.body).toString()).toContain("<title>Home</title>");
    const plain = await request("/");
    expect(plain.headers["content-encoding"]).toBeUndefined();
  });

  it("answers HEAD without a body and byte ranges with 206 of the plain file", async () => {
    const head = await request("/", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(Number(head.headers["content-length"])).toBeGreaterThan(2000);
    expect(head.body.length).toBe(0);
    const range = await request("/", { headers: { range: "bytes=0-14", "accept-encoding": "br" } });
    expect(range.status).toBe(206);
    expect(range.headers["content-encoding"]).toBeUndefined();
    expect(range.body.toString()).toBe("<!doctype html>");
  });

  it("answers unknown paths with the 404 page and status 404, in the path's language", async () => {
    const nl = await request("/bestaat-niet");
    expect(nl.status).toBe(404);
    expect(nl.body.toString()).toContain("Niet gevonden");
    expect(nl.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    const en = await request("/en/does-not-exist");
    expect(en.status).toBe(404);
    expect(en.body.toString()).toContain("Page not found");
  });

  it("keeps the operator's files (header rules, release record) from visitors, however the path is spelled", async () => {
    // Compressed variants as an older build wrote them: the guard must hold whatever lies in the folder.
    for (const file of OPERATOR_FILES) await writeFile(path.join(store.current, `${file}.gz`), zlib.gzipSync("add_header"));
    for (const file of OPERATOR_FILES) {
      expect(existsSync(path.join(store.current, file)), file).toBe(true);
      for (const pathname of pathVariants(`/${file}`)) {
        for (const encoding of ["br, gzip", "identity"]) {
          const response = await request(pathname, { headers: { "accept-encoding": encoding } });
          expect(response.status, pathname).toBe(404);
          expect(response.body.toString(), pathname).not.toMatch(/Content-Security-Policy|add_header|"trigger"/);
          expect(response.headers["content-security-policy"], pathname).toBeTruthy();
        }
      }
    }
    expect((await request("/index.html")).status).toBe(200);
  });

  it("gives every spelling of the callback and silent-renew paths their own headers, and serves them", async () => {
    const context = headerContextFor(settings, { imageOrigin: "https://images.example.com/x" });
    for (const [route, kind] of [["/callback", "/callback"], ["/en/callback", "/callback"]] as const) {
      for (const pathname of pathVariants(route).filter((variant) => !/\.(gz|br)$/.test(variant))) {
        const response = await request(pathname);
        if (response.status !== 200) continue; // a spelling the lookup does not open (case, /en/ folder)
        expect(response.headers["referrer-policy"], pathname).toBe(headersForPath(context, kind)["referrer-policy"]);
        expect(response.headers["referrer-policy"], pathname).toBe("no-referrer");
      }
    }
    for (const pathname of ["/callback/", "/%63allback", "//callback", "/en/../callback/", "/callback.html"]) {
      const response = await request(pathname);
      expect(response.status, pathname).toBe(200);
      expect(response.headers["referrer-policy"], pathname).toBe("no-referrer");
    }
  });

  it("serves no dot file, however the path is spelled, but does serve .well-known", async () => {
    await mkdir(path.join(store.current, ".git"), { recursive: true });
    await writeFile(path.join(store.current, ".git", "config"), "[core]");
    await writeFile(path.join(store.current, ".env"), "SECRET=1");
    await mkdir(path.join(store.current, ".well-known"), { recursive: true });
    await writeFile(path.join(store.current, ".well-known", "security.txt"), "Contact: mailto:security@example.com");
    for (const pathname of ["/.env", "/.git/config", "/en/../.env", "/%2eenv", "/.git/"]) {
      const response = await request(pathname);
      expect(response.status, pathname).toBe(404);
      expect(response.body.toString(), pathname).not.toMatch(/SECRET|\[core\]/);
    }
    expect((await request("/.well-known/security.txt")).status).toBe(200);
  });

  it("serves a file written into the live release after the server first answered from it", async () => {
    expect((await request("/later")).status).toBe(404);
    await writeFile(path.join(store.current, "later.html"), "<p>Written later</p>");
    const later = await request("/later");
    expect(later.status).toBe(200);
    expect(later.body.toString()).toContain("Written later");
  });

  it("sends no referrer from the callback page", async () => {
    const callback = await request("/callback?code=abc&state=xyz");
    expect(callback.status).toBe(200);
    expect(callback.headers["referrer-policy"]).toBe("no-referrer");
    expect((await request("/")).headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  });

  it("refuses other methods with 405", async () => {
    const post = await request("/", { method: "POST" });
    expect(post.status).toBe(405);
    expect(post.headers["allow"]).toBe("GET, HEAD");
  });

  it("answers with the release's 500.html when serving fails", async () => {
    let calls = 0;
    const broken = await startStaticServer({
      port: 0,
      root: () => {
        if (calls++ > 0) throw new Error("disk gone");
        return store.current;
      },
      fallbackContext: headerContextFor(settings),
    });
    const url = `http://localhost:${(broken.address() as AddressInfo).port}`;
    expect((await fetch(`${url}/`)).status).toBe(200);
    const failed = await fetch(`${url}/`);
    expect(failed.status).toBe(500);
    expect(await failed.text()).toContain("<title>Fout</title>");
    broken.closeAllConnections();
    broken.close();
  });

  it("answers 503 while no release has been published", async () => {
    const empty = await startStaticServer({
      port: 0,
      root: () => path.join(store.root, "nothing-here"),
      fallbackContext: headerContextFor(settings),
    });
    const response = await fetch(`http://localhost:${(empty.address() as AddressInfo).port}/`);
    expect(response.status).toBe(503);
    empty.closeAllConnections();
    empty.close();
  });

  describe("sends the full security header set on every response", () => {
    const context = headerContextFor(settings, { imageOrigin: "https://images.example.com/x" });
    const expectFullSet = (headers: http.IncomingHttpHeaders, pathname: string): void => {
      for (const [name, value] of Object.entries(headersForPath(context, pathname))) {
        if (name === "cache-control") continue; // each answer decides its own caching
        expect(headers[name], name).toBe(value);
      }
    };

    it.each([
      ["GET", "/", 200],
      ["HEAD", "/", 200],
      ["GET", "/bestaat-niet", 404],
      ["HEAD", "/bestaat-niet", 404],
      ["GET", "/en/does-not-exist", 404],
      ["POST", "/", 405],
      ["PUT", "/nieuws/artikel-1", 405],
      ["DELETE", "/callback", 405],
      ["OPTIONS", "/", 405],
      ["OPTIONS", "*", 405],
      ["PATCH", ASSET, 405],
      ["GET", "/%E0%A4%A", 404],
      ["GET", "/callback", 200],
    ])("%s %s (%i)", async (method, pathname, status) => {
      const response = await request(pathname, { method });
      expect(response.status).toBe(status);
      expectFullSet(response.headers, pathname === "*" ? "/" : pathname);
    });

    it("on a 304 Not Modified", async () => {
      const first = await request("/nieuws/artikel-1");
      const again = await request("/nieuws/artikel-1", { headers: { "if-none-match": String(first.headers["etag"]) } });
      expect(again.status).toBe(304);
      expectFullSet(again.headers, "/nieuws/artikel-1");
    });

    it("on a 416 for a range past the end", async () => {
      const response = await request("/", { headers: { range: "bytes=999999-" } });
      expect(response.status).toBe(416);
      expectFullSet(response.headers, "/");
    });

    it("on a 500 and a 503", async () => {
      let calls = 0;
      const broken = await startStaticServer({
        port: 0,
        root: () => {
          if (calls++ > 0) throw new Error("disk gone");
          return store.current;
        },
        fallbackContext: headerContextFor(settings),
      });
      const url = `http://localhost:${(broken.address() as AddressInfo).port}`;
      await fetch(`${url}/`);
      const failed = await fetch(`${url}/`, { method: "POST" });
      expect(failed.status).toBe(500);
      expectFullSet(Object.fromEntries(failed.headers), "/");
      broken.closeAllConnections();
      broken.close();

      const empty = await startStaticServer({ port: 0, root: () => path.join(store.root, "nothing-here"), fallbackContext: context });
      const unpublished = await fetch(`http://localhost:${(empty.address() as AddressInfo).port}/`, { method: "HEAD" });
      expect(unpublished.status).toBe(503);
      expectFullSet(Object.fromEntries(unpublished.headers), "/");
      empty.closeAllConnections();
      empty.close();
    });

    it("on requests Node itself refuses (malformed request line, oversized headers)", async () => {
      const raw = (text: string): Promise<string> =>
        new Promise((resolve, reject) => {
          const socket = net.connect(port, "localhost", () => socket.end(text));
          let answer = "";
          socket.on("data", (chunk: Buffer) => (answer += chunk.toString()));
          socket.on("close", () => resolve(answer));
          socket.on("error", reject);
        });
      const headersOf = (answer: string): http.IncomingHttpHeaders =>
        Object.fromEntries(
          answer
            .split("\r\n\r\n")[0]!
            .split("\r\n")
            .slice(1)
            .map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]),
        );
      const malformed = await raw("GET / HTTP/1.1\r\nHost: localhost\r\nBad Header\r\n\r\n");
      expect(malformed).toMatch(/^HTTP\/1\.1 400 /);
      expectFullSet(headersOf(malformed), "/");
      const oversized = await raw(`GET / HTTP/1.1\r\nHost: localhost\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`);
      expect(oversized).toMatch(/^HTTP\/1\.1 431 /);
      expectFullSet(headersOf(oversized), "/");
    });
  });
});
