import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompress, writeHeaderFiles } from "../../scripts/lib/build-site.ts";
import { headerContextFor } from "../../scripts/lib/headers.ts";
import { adoptBuild, releaseStore, swapLive, type ReleaseStore } from "../../scripts/lib/releases.ts";
import { runtimeSettingsFor, testStackConfig } from "../../scripts/lib/stack-config.ts";
import { startStaticServer } from "../../scripts/static-server.ts";
import { writeFakeSite } from "./support/fake-site.ts";

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
  await writeHeaderFiles(store.work, headerContextFor(settings, { imageOrigin: "https://images.example.com/x" }));
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
});
