import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { headerContextFor, renderNginxInclude } from "../../publishing/serving/headers.ts";
import { findNginx, NGINX_INCLUDE_FILE, nginxIncludeProblem } from "../../publishing/serving/nginx.ts";
import { checkBuild, currentRelease, releaseStore, type ReleaseStore } from "../../publishing/releases/releases.ts";
import { runtimeSettingsFor, testStackConfig } from "../../dev/lib/stack-config.ts";
import { memoryLogger } from "../../publishing/server/log.ts";
import { createSitePipeline, type SiteBuilder } from "../../publishing/server/pipeline.ts";
import { writeFakeSite } from "./support/fake-site.ts";

/** The include a real build writes, inline-script hashes and all. */
const include = renderNginxInclude(
  headerContextFor(runtimeSettingsFor(testStackConfig()), {
    scriptHashes: ["'sha256-Ya0pUYrC7nM5Cn/056TyVuEiz6dFGrzmkWzgON0pF0U='"],
  }),
);
/** The same with one header line cut short, as a botched edit or a bad escape would leave it. */
const brokenInclude = include.replace(/^(add_header X-Content-Type-Options "nosniff") always;$/m, "$1");

let store: ReleaseStore;
beforeEach(async () => {
  store = releaseStore(await mkdtemp(path.join(os.tmpdir(), "kp-nginx-check-test-")));
});
afterEach(async () => {
  await rm(store.root, { recursive: true, force: true });
});

async function buildWith(dir: string, text: string, headers: string): Promise<void> {
  await writeFakeSite(dir, text, 10);
  await writeFile(path.join(dir, NGINX_INCLUDE_FILE), headers);
}

describe("the release check with nginx", () => {
  it("runs on this machine's nginx (npm test installs it)", () => {
    expect(findNginx(), "nginx is installed: run `npm run provision`").not.toBeNull();
  });

  it("passes a release whose include nginx accepts", async () => {
    await buildWith(store.work, "ok", include);
    expect(await checkBuild(store.work, null)).toEqual({ ok: true, pages: 13, problems: [] });
  });

  it("refuses a release whose include nginx refuses, in nginx's words", async () => {
    expect(brokenInclude).not.toBe(include);
    await buildWith(store.work, "broken", brokenInclude);
    const result = await checkBuild(store.work, null);
    expect(result.ok).toBe(false);
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]).toMatch(
      /^nginx refuses nginx-headers\.conf: \[emerg\] .* in nginx-headers\.conf:\d+$/,
    );
  });

  it("is not run again for an include identical to the live release's, which passed it", async () => {
    const live = path.join(store.root, "live-release");
    await buildWith(live, "live", brokenInclude);
    await buildWith(store.work, "next", brokenInclude);
    expect((await checkBuild(store.work, null, undefined, live)).ok).toBe(true);
    // A different include is checked.
    await writeFile(path.join(live, NGINX_INCLUDE_FILE), include);
    expect((await checkBuild(store.work, null, undefined, live)).ok).toBe(false);
  });

  it("is skipped where nginx is not installed (a CDN deployment)", async () => {
    await buildWith(store.work, "broken", brokenInclude);
    expect(await nginxIncludeProblem(store.work, null)).toBeNull();
  });

  it("keeps the live release when a new build's include is refused", async () => {
    const log = memoryLogger();
    const build =
      (text: string, headers: string): SiteBuilder =>
      (outDir) =>
        buildWith(outDir, text, headers);
    const first = await createSitePipeline({ site: "live", store, build: build("good", include), log }).run(
      [],
    );
    expect(first.result).toBe("success");
    const second = await createSitePipeline({
      site: "live",
      store,
      build: build("bad", brokenInclude),
      log,
    }).run([]);
    expect(second.result).toBe("failed");
    expect(second.error).toContain("nginx refuses nginx-headers.conf");
    expect(await currentRelease(store)).toBe(first.release);
    expect(await readFile(path.join(store.current, NGINX_INCLUDE_FILE), "utf8")).toBe(include);
  });
});
