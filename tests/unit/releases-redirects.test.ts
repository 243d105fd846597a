import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import type http from "node:http";
import type { AddressInfo } from "node:net";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeHeaderFiles } from "../../publishing/build/build-site.ts";
import { headerContextFor } from "../../publishing/serving/headers.ts";
import { nginxIncludeProblem } from "../../publishing/serving/nginx.ts";
import { renderCdnRedirects, renderNginxRedirects, REDIRECTS_FILE } from "../../publishing/serving/redirects.ts";
import { adoptBuild, releaseStore, swapLive, writeReleaseInfo, type ReleaseStore } from "../../publishing/releases/releases.ts";
import { startStaticServer } from "../../publishing/serving/static-server.ts";
import { runtimeSettingsFor, testStackConfig } from "../../dev/lib/stack-config.ts";
import { rawRequest, serveWithNginx } from "../e2e/support/nginx.ts";
import { writeFakeSite } from "./support/fake-site.ts";

/**
 * The release's redirects (redirects.json, rendered by the build) as the static server, nginx and
 * a CDN's `_redirects` answer them; a rollback to a release without them takes them back.
 */
const settings = runtimeSettingsFor(testStackConfig());
const RULES = [
  { from: "/over-ons/oude-naam", to: "/over-ons/nieuwe-naam" },
  { from: "/nieuws/bier/weg", to: null },
  { from: "/en/over-ons/oude-naam", to: "/en/over-ons/nieuwe-naam" },
  { from: "/en/nieuws/bier/weg", to: null },
];

let store: ReleaseStore;
let server: http.Server;
let base: string;

async function release(id: string, redirects: typeof RULES): Promise<void> {
  await rm(store.work, { recursive: true, force: true });
  await writeFakeSite(store.work, id);
  await mkdir(path.join(store.work, "en"), { recursive: true });
  await writeFile(path.join(store.work, "410.html"), "<p>Verwijderd</p>");
  await writeFile(path.join(store.work, "en", "410.html"), "<p>Removed</p>");
  await writeFile(path.join(store.work, REDIRECTS_FILE), JSON.stringify({ redirects }));
  await writeHeaderFiles(store.work, headerContextFor(settings));
  await writeReleaseInfo(store.work, { id, createdAt: "2026-11-27T04:00:00.000Z", trigger: "test", pages: 3 });
  await adoptBuild(store, store.work, id);
  await swapLive(store, id);
}

const get = (url: string) => rawRequest(url);

beforeAll(async () => {
  store = releaseStore(await mkdtemp(path.join(os.tmpdir(), "kp-redirects-")));
  await release("r1", []);
  await release("r2", RULES);
  server = await startStaticServer({ port: 0, root: () => store.current, fallbackContext: headerContextFor(settings) });
  base = `http://localhost:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await rm(store.root, { recursive: true, force: true });
});

describe("redirects of a release", () => {
  it("writes them for a CDN and for nginx, which accepts the include", async () => {
    expect(renderCdnRedirects(RULES)).toContain("/over-ons/oude-naam /over-ons/nieuwe-naam 301\n/nieuws/bier/weg /410 410\n");
    expect(renderCdnRedirects(RULES)).toContain("/en/nieuws/bier/weg /en/410 410");
    expect(await readFile(path.join(store.current, "_redirects"), "utf8")).toBe(renderCdnRedirects(RULES));
    expect(await readFile(path.join(store.current, "nginx-headers.conf"), "utf8")).toContain(renderNginxRedirects(RULES).join("\n"));
    // A path nginx would read otherwise (a space, a variable) is left out of both files.
    expect(renderNginxRedirects([{ from: "/a b", to: "/c" }, { from: "/x", to: "/$host" }])).toEqual([]);
    expect(await nginxIncludeProblem(store.current)).toBeNull();
  });

  it("are answered by the static server: 301 keeping the query, 410 with the gone page of the language", async () => {
    const moved = await get(`${base}/over-ons/oude-naam?utm=mail`);
    expect(moved.status).toBe(301);
    expect(moved.headers.location).toBe("/over-ons/nieuwe-naam?utm=mail");
    expect(moved.headers["content-security-policy"]).toBeDefined();
    expect((await get(`${base}/en/over-ons/oude-naam.html`)).headers.location).toBe("/en/over-ons/nieuwe-naam");
    const gone = await get(`${base}/en/nieuws/bier/weg`);
    expect(gone.status).toBe(410);
    expect(gone.body.toString()).toContain("Removed");
    expect((await get(`${base}/nieuws/bier/weg`)).body.toString()).toContain("Verwijderd");
    // The rules file itself is the operator's.
    expect((await get(`${base}/redirects.json`)).status).toBe(404);
    expect((await get(`${base}/_redirects`)).status).toBe(404);
  });

  it("go back with a rollback to the release before them", async () => {
    await swapLive(store, "r1");
    try {
      expect((await get(`${base}/over-ons/oude-naam`)).status).toBe(404);
      expect((await get(`${base}/nieuws/bier/weg`)).status).toBe(404);
    } finally {
      await swapLive(store, "r2");
    }
    expect((await get(`${base}/over-ons/oude-naam`)).status).toBe(301);
  });

  it("are answered alike by nginx with the documented server block", async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, "127.0.0.1", () => {
        const { port: free } = probe.address() as AddressInfo;
        probe.close(() => resolve(free));
      });
    });
    const nginx = await serveWithNginx(store.current, port);
    try {
      const moved = await get(`${nginx.url}/en/over-ons/oude-naam?utm=mail`);
      expect(moved.status).toBe(301);
      expect(new URL(String(moved.headers.location), nginx.url).pathname + new URL(String(moved.headers.location), nginx.url).search).toBe("/en/over-ons/nieuwe-naam?utm=mail");
      expect(moved.headers["content-security-policy"]).toBeDefined();
      const gone = await get(`${nginx.url}/nieuws/bier/weg`);
      expect(gone.status).toBe(410);
      expect(gone.body.toString()).toContain("Verwijderd");
      expect((await get(`${nginx.url}/en/nieuws/bier/weg.html`)).body.toString()).toContain("Removed");
    } finally {
      await nginx.stop();
    }
  });
});
