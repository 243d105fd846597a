import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startPublishing, type Publishing } from "../../publishing/server/index.ts";
import type { SiteName } from "../../publishing/server/server.ts";
import type { WarmRenderer } from "../../publishing/warm-renderer/client.ts";
import { runtimeSettingsFor, testStackConfig } from "../../dev/lib/stack-config.ts";

/**
 * The order of both sites' first builds after a start, with renderers that render a two-page site
 * when the test lets them: the finishing steps after them are the real ones.
 */
let root: string;
let publishing: Publishing | undefined;
beforeEach(async () => {
  // Builds must lie inside the project (build-site.ts, isInsideProject).
  await mkdir(path.resolve(".test-data"), { recursive: true });
  root = await mkdtemp(path.resolve(".test-data", "start-order-"));
});
afterEach(async () => {
  await publishing?.close();
  publishing = undefined;
  await rm(root, { recursive: true, force: true, maxRetries: 5 });
});

const page = (title: string): string =>
  `<!doctype html><html lang="nl"><head><title>${title}</title></head><body><main data-pagefind-body><h1>${title}</h1><p>${"Tekst. ".repeat(300)}</p></main></body></html>`;

type Renders = Record<SiteName, PromiseWithResolvers<void>>;

function fakeRenderer(site: SiteName, renders: Renders, events: string[]): WarmRenderer {
  let warm = false;
  return {
    build: async ({ outDir }) => {
      events.push(`${site} renders`);
      await renders[site].promise;
      await mkdir(path.join(outDir, "en"), { recursive: true });
      // The pages the service worker precaches in every build, and a home page.
      for (const file of ["index.html", "offline.html", "en/index.html", "en/offline.html"]) await writeFile(path.join(outDir, file), page(`${site} ${file}`));
      warm = true;
      events.push(`${site} rendered`);
    },
    publish: () => Promise.reject(new Error("no publish in this test")),
    ready: () => warm,
    discard: () => void (warm = false),
    idle: () => void events.push(`${site} idle`),
    hold: () => {
      events.push(`${site} held`);
      return () => events.push(`${site} resumed`);
    },
  };
}

const until = async (condition: () => boolean): Promise<void> => {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
};

describe("both sites' first builds after a start", () => {
  it("render side by side; the preview finishes once the live site is live, and nothing is held", async () => {
    const renders: Renders = { live: Promise.withResolvers(), preview: Promise.withResolvers() };
    const events: string[] = [];
    const config = testStackConfig();
    publishing = await startPublishing({
      releasesDir: root,
      contentApiUrl: "http://localhost:1/unused",
      contentApiKey: "unused",
      live: { siteUrl: "http://localhost:4321", settings: runtimeSettingsFor(config) },
      preview: { siteUrl: "http://localhost:4323", settings: runtimeSettingsFor(config) },
      webhookSecret: "secret",
      adminSecret: "admin",
      port: 0,
      settleMs: 0,
      log: (event, fields) => {
        if (event === "release.live") events.push(`${String(fields?.["site"])} live`);
        if (event === "build.failed") console.error(fields);
      },
      renderer: (site) => fakeRenderer(site, renders, events),
    });
    publishing.trigger("live", "startup");
    publishing.trigger("preview", "startup");
    // The preview renders while the live site still does.
    await until(() => events.length === 2);
    expect(events.toSorted()).toEqual(["live renders", "preview renders"]);

    // Rendered first, the preview still waits for the live site before its finishing steps.
    renders.preview.resolve();
    await until(() => events.includes("preview rendered"));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(events).not.toContain("preview live");

    renders.live.resolve();
    await publishing.sites.live.queue.idle();
    await publishing.sites.preview.queue.idle();
    // Each renderer is told when its release is live: it then has the time to collect its garbage.
    expect(events.slice(2)).toEqual(["preview rendered", "live rendered", "live live", "live idle", "preview live", "preview idle"]);
  });
});
