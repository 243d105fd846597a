import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeHeaderFiles } from "../../publishing/build/build-site.ts";
import { headerContextFor } from "../../publishing/serving/headers.ts";
import { adoptBuild, releaseStore, swapLive, writeReleaseInfo, type ReleaseStore } from "../../publishing/releases/releases.ts";
import { startStaticServerProcess, type StaticServerProcess } from "../../publishing/serving/static-server-process.ts";
import { runtimeSettingsFor, testStackConfig } from "../../dev/lib/stack-config.ts";

const settings = runtimeSettingsFor(testStackConfig());
let store: ReleaseStore;
let server: StaticServerProcess;
let port: number;

/** A port nothing listens on at the moment. */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "localhost", resolve));
  const { port: free } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return free;
}

/** Makes a release of one page saying `text` and swaps it live. */
async function release(id: string, text: string): Promise<void> {
  await mkdir(store.work, { recursive: true });
  await writeFile(path.join(store.work, "index.html"), `<!doctype html><title>${text}</title><p>${text}</p>`);
  await writeHeaderFiles(store.work, headerContextFor(settings));
  await writeReleaseInfo(store.work, { id, createdAt: "2026-12-07T23:00:00.000Z", trigger: "test", pages: 1 });
  await adoptBuild(store, store.work, id);
  await swapLive(store, id);
}

beforeAll(async () => {
  store = releaseStore(await mkdtemp(path.join(os.tmpdir(), "kp-static-process-")));
  await release("r1", "Eerste release");
  port = await freePort();
  server = await startStaticServerProcess({ port, host: "localhost", root: store.current, fallbackContext: headerContextFor(settings) });
});
afterAll(async () => {
  await server.close();
  await rm(store.root, { recursive: true, force: true });
});

describe("the static server in a process of its own", () => {
  it("serves the live release with its security headers and follows a swap without a restart", async () => {
    const first = await fetch(`http://localhost:${port}/`);
    expect(first.status).toBe(200);
    expect(await first.text()).toContain("Eerste release");
    expect(first.headers.get("content-security-policy")).toContain("default-src");
    await release("r2", "Tweede release");
    expect(await (await fetch(`http://localhost:${port}/`)).text()).toContain("Tweede release");
  });

  it("reports a port it cannot listen on instead of starting", async () => {
    await expect(
      startStaticServerProcess({ port, host: "localhost", root: store.current, fallbackContext: headerContextFor(settings) }),
    ).rejects.toThrow(/did not start: .*EADDRINUSE/);
  });

  it("frees its port when closed", async () => {
    const other = await freePort();
    const closing = await startStaticServerProcess({ port: other, host: "localhost", root: store.current, fallbackContext: headerContextFor(settings) });
    expect((await fetch(`http://localhost:${other}/`)).status).toBe(200);
    await closing.close();
    await expect(fetch(`http://localhost:${other}/`)).rejects.toThrow();
  });
});
