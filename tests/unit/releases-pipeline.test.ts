import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import type http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { headerContextFor } from "../../publishing/serving/headers.ts";
import { currentRelease, listReleases, releaseStore, type ReleaseStore } from "../../publishing/releases/releases.ts";
import { commandDeployStep } from "../../publishing/server/deploy.ts";
import { memoryLogger } from "../../publishing/server/log.ts";
import { createSitePipeline, type SiteBuilder } from "../../publishing/server/pipeline.ts";
import type { Trigger } from "../../publishing/server/queue.ts";
import { startStaticServer } from "../../publishing/serving/static-server.ts";
import { runtimeSettingsFor, testStackConfig } from "../../dev/lib/stack-config.ts";
import { writeFakeSite } from "./support/fake-site.ts";

let store: ReleaseStore;
let server: http.Server;
let site: string;
const log = memoryLogger();

const trigger = (id: string): Trigger => ({ source: "test", topic: "ContentManagement.Entry.publish", id, at: "2026-11-22T03:00:00.000Z" });
const fakeBuild =
  (text: string, pages = 3): SiteBuilder =>
  (outDir) =>
    writeFakeSite(outDir, text, pages);
const pipelineWith = (build: SiteBuilder, deploy?: Parameters<typeof createSitePipeline>[0]["deploy"]) =>
  createSitePipeline({ site: "live", store, build, deploy, log });
const home = async (): Promise<string> => (await fetch(`${site}/`)).text();

beforeEach(async () => {
  store = releaseStore(await mkdtemp(path.join(os.tmpdir(), "kp-pipeline-")));
  server = await startStaticServer({
    port: 0,
    root: () => store.current,
    fallbackContext: headerContextFor(runtimeSettingsFor(testStackConfig())),
  });
  site = `http://localhost:${(server.address() as AddressInfo).port}`;
  // The live site before each test: release "old".
  expect((await pipelineWith(fakeBuild("old")).run([trigger("seed")])).result).toBe("success");
  expect(await home()).toContain("old");
});
afterEach(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await rm(store.root, { recursive: true, force: true });
});

describe("publishing pipeline", () => {
  it("puts a good build live and the static server follows the swap without a restart", async () => {
    const record = await pipelineWith(fakeBuild("new")).run([trigger("a")]);
    expect(record).toMatchObject({ result: "success", pages: 6, error: null });
    expect(await home()).toContain("new");
    expect(await listReleases(store)).toHaveLength(2);
    expect(JSON.parse(await readFile(path.join(store.current, "release.json"), "utf8"))).toMatchObject({
      id: record.release,
      pages: 6,
      trigger: "ContentManagement.Entry.publish a",
    });
  });

  it("leaves the live site as it was when the build fails, and reports why", async () => {
    const before = await currentRelease(store);
    const failing: SiteBuilder = async (outDir) => {
      await writeFakeSite(outDir, "half");
      throw new Error('Invalid content: article "nieuw-artikel" field "title": expected string');
    };
    const record = await pipelineWith(failing).run([trigger("b")]);
    expect(record.result).toBe("failed");
    expect(record.error).toContain('article "nieuw-artikel" field "title"');
    expect(await currentRelease(store)).toBe(before);
    expect(await home()).toContain("old");
    expect(existsSync(store.work)).toBe(false);
    expect(log.entries.at(-1)).toMatchObject({ event: "build.failed", site: "live", live: before });
  });

  it("leaves the live site as it was when the build process is killed mid-way", async () => {
    const before = await currentRelease(store);
    // A real child process writes part of a site, then is killed while it is still working.
    const killed: SiteBuilder = (outDir) =>
      new Promise((resolve, reject) => {
        const script = `const fs=require("fs");fs.mkdirSync(${JSON.stringify(outDir)},{recursive:true});` +
          `fs.writeFileSync(${JSON.stringify(path.join(outDir, "index.html"))},"<p>half</p>");` +
          `console.log("written");setInterval(()=>{},1000);`;
        const child = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "pipe", "ignore"] });
        child.stdout.once("data", () => child.kill("SIGKILL"));
        child.on("exit", (code, signal) => (code === 0 ? resolve() : reject(new Error(`build killed (${signal ?? code})`))));
      });
    const record = await pipelineWith(killed).run([trigger("c")]);
    expect(record).toMatchObject({ result: "failed", error: "build killed (SIGKILL)" });
    expect(await currentRelease(store)).toBe(before);
    expect(await home()).toContain("old");
  });

  it("recovers after the rebuild server itself died mid-build: stale work files never go live", async () => {
    await mkdir(store.work, { recursive: true });
    await writeFile(path.join(store.work, "stale.html"), "<p>left by a killed build</p>");
    const record = await pipelineWith(fakeBuild("fresh")).run([trigger("d")]);
    expect(record.result).toBe("success");
    expect(await readdir(store.current)).not.toContain("stale.html");
    expect(await home()).toContain("fresh");
  });

  it("refuses a build whose page count collapsed, keeping the live site", async () => {
    const big = await pipelineWith(fakeBuild("big", 40)).run([trigger("e")]);
    expect(big.result).toBe("success");
    const record = await pipelineWith(fakeBuild("empty", 0)).run([trigger("f")]);
    expect(record.result).toBe("failed");
    expect(record.error).toBe("release checks failed: page count collapsed from 43 to 3");
    expect(await home()).toContain("big");
  });

  it("publishes a first release despite failed checks, since there is nothing to protect yet", async () => {
    const fresh = releaseStore(path.join(store.root, "fresh"));
    const record = await createSitePipeline({
      site: "live",
      store: fresh,
      build: async (outDir) => {
        await writeFakeSite(outDir, "no 404 yet");
        await rm(path.join(outDir, "404.html"));
      },
      log,
    }).run([trigger("first")]);
    expect(record).toMatchObject({ result: "success", problems: ["404.html is missing"] });
    expect(await currentRelease(fresh)).toBe(record.release);
  });

  it("runs the deploy step with the new release after the swap, and reports its failure without undoing the swap", async () => {
    const seen: string[] = [];
    const ok = await pipelineWith(fakeBuild("deployed"), async ({ id, dir }) => {
      seen.push(id);
      expect(await readFile(path.join(dir, "index.html"), "utf8")).toContain("deployed");
    }).run([trigger("g")]);
    expect(ok).toMatchObject({ result: "success", deploy: "ok" });
    expect(seen).toEqual([ok.release]);

    const failed = await pipelineWith(fakeBuild("cdn down"), async () => {
      throw new Error("sync failed");
    }).run([trigger("h")]);
    expect(failed).toMatchObject({ result: "success", deploy: "failed" });
    expect(await home()).toContain("cdn down");
  });

  it("runs a configured deploy command with the release in its environment", async () => {
    const marker = path.join(store.root, "deployed.txt");
    const record = await pipelineWith(
      fakeBuild("cdn"),
      commandDeployStep(`printf '%s %s' "$KP_SITE" "$KP_RELEASE_ID" > '${marker}' && test -f "$KP_RELEASE_DIR/index.html"`),
    ).run([trigger("cmd")]);
    expect(record.deploy).toBe("ok");
    expect(await readFile(marker, "utf8")).toBe(`live ${record.release}`);
    await expect(commandDeployStep("echo sync refused >&2; exit 3")({ site: "live", id: "x", dir: store.root })).rejects.toThrow(
      "deploy command exited 3: sync refused",
    );
  });

  it("runs builds asked for at the same time one after the other (they share the work folder)", async () => {
    let running = 0;
    let overlapped = false;
    const pipeline = pipelineWith(async (outDir) => {
      overlapped ||= running > 0;
      running++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      await writeFakeSite(outDir, "serial");
      running--;
    });
    const records = await Promise.all([pipeline.run([trigger("p1")]), pipeline.run([trigger("p2")])]);
    expect(records.map((r) => r.result)).toEqual(["success", "success"]);
    expect(overlapped).toBe(false);
  });

  it("keeps five releases however many builds run", async () => {
    for (let n = 0; n < 7; n++) await pipelineWith(fakeBuild(`build ${n}`)).run([trigger(`k${n}`)]);
    expect(await listReleases(store)).toHaveLength(5);
    expect(await home()).toContain("build 6");
  });
});
