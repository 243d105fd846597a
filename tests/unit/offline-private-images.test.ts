import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CACHES } from "../../src/core/offline/cache-names.ts";
import { mayCacheImageOf } from "../../src/core/offline/image-cache.ts";
import { FakeCacheStorage } from "./support/fake-cache-storage.ts";

const site = "http://site.test";
const PORTRAIT = "http://api.test/images/people/anouk.jpg?w=192";
const NEWS_PHOTO = "http://api.test/images/ipa.jpg?w=640";

describe("which pages' images the worker may keep", () => {
  it.each([
    [`${site}/nieuws/bier/ipa`, true],
    [`${site}/`, true],
    [`${site}/en/nieuws`, true],
    [`${site}/mijn-account/dashboard`, false],
    [`${site}/en/mijn-account/dashboard`, false],
    [`${site}/mijn-account`, false],
    [`${site}/bonus/2`, false],
    [`${site}/tht`, false],
    [`${site}/consent`, false],
    [`${site}/mijn-account.html`, false],
    ["http://other.test/nieuws", false],
    [undefined, false],
    ["not a url", false],
  ])("%s: %s", (page, allowed) => {
    expect(mayCacheImageOf(page, site)).toBe(allowed);
  });
});

/**
 * The worker's image route, run with Workbox's own strategy over an in-memory Cache Storage: the
 * pages are the worker's clients, each image request names the page it came from.
 */
/** What Workbox reads of a fetch event: the page's client id, waitUntil and no preload. */
class ExtendableEventStub {
  readonly pending: Promise<unknown>[];
  constructor(pending: Promise<unknown>[]) {
    this.pending = pending;
  }
  waitUntil(promise: Promise<unknown>): void {
    this.pending.push(promise);
  }
}
class FetchEventStub extends ExtendableEventStub {
  readonly preloadResponse = undefined;
  readonly clientId: string;
  constructor(clientId: string, pending: Promise<unknown>[]) {
    super(pending);
    this.clientId = clientId;
  }
}

describe("the worker's image route", () => {
  let storage: FakeCacheStorage;
  const pages = new Map<string, string>();

  beforeEach(() => {
    storage = new FakeCacheStorage();
    vi.stubGlobal("caches", storage);
    vi.stubGlobal("location", new URL(site));
    vi.stubGlobal("ExtendableEvent", ExtendableEventStub);
    vi.stubGlobal("FetchEvent", FetchEventStub);
    vi.stubGlobal("self", { location: new URL(site), caches: storage, clients: { get: async (id: string) => (pages.has(id) ? { url: pages.get(id) } : undefined) } });
    vi.stubGlobal("fetch", async (request: Request) => new Response(`image ${request.url}`, { status: 200, headers: { "content-type": "image/jpeg" } }));
    pages.set("dashboard", `${site}/mijn-account/dashboard`);
    pages.set("article", `${site}/nieuws/bier/ipa`);
  });
  afterEach(() => vi.unstubAllGlobals());

  async function loadImage(url: string, clientId: string): Promise<void> {
    // Workbox reads `self` when it loads: imported once the worker's globals are in place.
    const { StaleWhileRevalidate } = await import("workbox-strategies");
    const { imagePlugins } = await import("../../src/sw/plugins.ts");
    const strategy = new StaleWhileRevalidate({ cacheName: CACHES.images, plugins: imagePlugins(async (id) => pages.get(id)) });
    const pending: Promise<unknown>[] = [];
    const event = new FetchEventStub(clientId, pending) as unknown as FetchEvent;
    const response = await strategy.handle({ request: new Request(url, { mode: "cors" }), event });
    expect(response.status).toBe(200);
    await Promise.all(pending);
  }

  it("keeps the photos of a news page but never the portraits of the dashboard", async () => {
    await loadImage(NEWS_PHOTO, "article");
    await loadImage(PORTRAIT, "dashboard");
    await loadImage(PORTRAIT, "gone");
    expect(storage.snapshot()).toEqual({ [CACHES.images]: [NEWS_PHOTO] });
  });
});
