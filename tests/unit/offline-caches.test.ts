import { describe, expect, it } from "vitest";
import { hasRoomFor } from "../../src/core/offline/budget.ts";
import { CACHES, LIMITS } from "../../src/core/offline/cache-names.ts";
import { clearPrivateCacheStorage, isPrivateEntry } from "../../src/core/offline/clear-private-caches.ts";
import { savedArticlePaths, savedArticles } from "../../src/core/offline/saved-articles.ts";
import { FakeCacheStorage } from "./support/fake-cache-storage.ts";

const site = "http://site.test";

describe("clearPrivateCacheStorage", () => {
  it("deletes foreign caches whole and private entries from ours, keeping public news", async () => {
    const storage = new FakeCacheStorage();
    await storage.seed(CACHES.pages, {
      [`${site}/nieuws`]: "archive",
      [`${site}/nieuws/bier/ipa`]: "article",
      [`${site}/mijn-account/facturen`]: "invoices",
      [`${site}/en/tht`]: "tht",
    });
    await storage.seed(CACHES.images, {
      "http://api.test/images/ipa.jpg?w=640": "jpg",
      "http://api.test/contentfulservice/api/v1/invoices?accountNumber=100001": "[]",
    });
    await storage.seed("workbox-precache-v2-http://site.test/", { [`${site}/offline.html`]: "offline" });
    await storage.seed("portal-data", { [`${site}/whatever`]: "secret" });

    const cleared = await clearPrivateCacheStorage(storage.asCacheStorage, site);

    expect(cleared.caches).toEqual(["portal-data"]);
    expect(cleared.entries.sort()).toEqual(
      [
        `${site}/en/tht`,
        `${site}/mijn-account/facturen`,
        "http://api.test/contentfulservice/api/v1/invoices?accountNumber=100001",
      ].sort(),
    );
    expect(storage.snapshot()).toEqual({
      [CACHES.pages]: [`${site}/nieuws`, `${site}/nieuws/bier/ipa`],
      [CACHES.images]: ["http://api.test/images/ipa.jpg?w=640"],
      "workbox-precache-v2-http://site.test/": [`${site}/offline.html`],
    });
  });

  it("does nothing without the Cache API", async () => {
    expect(await clearPrivateCacheStorage(undefined, site)).toEqual({ caches: [], entries: [] });
  });

  it("recognises API and identity-provider URLs on any origin", () => {
    expect(isPrivateEntry("http://idp.test/oauth/token", site)).toBe(true);
    expect(isPrivateEntry("http://idp.test/.well-known/jwks.json", site)).toBe(true);
    expect(isPrivateEntry("http://api.test/contactservice/api/v2/contacts/contactform", site)).toBe(true);
    expect(isPrivateEntry(`${site}/en/bonus/3`, site)).toBe(true);
    expect(isPrivateEntry("http://other.test/mijn-account", site)).toBe(false);
    expect(isPrivateEntry(`${site}/pagefind/pagefind.js`, site)).toBe(false);
  });
});

describe("saved articles", () => {
  it("lists the cached articles of one language with their headings, by title", async () => {
    const storage = new FakeCacheStorage();
    await storage.seed(CACHES.pages, {
      [`${site}/nieuws`]: "<h1>Nieuws</h1>",
      [`${site}/nieuws/bier/ipa`]: "<main><h1 class='x'>Nieuwe <em>IPA</em> &amp; meer</h1></main>",
      [`${site}/nieuws/koffie/boon`]: "<h1>Alles over de boon</h1>",
      [`${site}/en/nieuws/bier/ipa`]: "<h1>New IPA</h1>",
      [`${site}/nieuws/leeg/zonder-kop`]: "<p>no heading</p>",
    });
    expect(await savedArticles("nl", storage.asCacheStorage)).toEqual([
      { href: "/nieuws/koffie/boon", title: "Alles over de boon" },
      { href: "/nieuws/bier/ipa", title: "Nieuwe IPA & meer" },
    ]);
    expect(await savedArticles("en", storage.asCacheStorage)).toEqual([{ href: "/en/nieuws/bier/ipa", title: "New IPA" }]);
    expect([...(await savedArticlePaths(storage.asCacheStorage))].sort()).toEqual([
      "/en/nieuws/bier/ipa",
      "/nieuws/bier/ipa",
      "/nieuws/koffie/boon",
      "/nieuws/leeg/zonder-kop",
    ]);
  });

  it("is empty before anything was saved or without the Cache API", async () => {
    expect(await savedArticles("nl", new FakeCacheStorage().asCacheStorage)).toEqual([]);
    expect(await savedArticles("nl", undefined)).toEqual([]);
    expect((await savedArticlePaths(undefined)).size).toBe(0);
  });
});

describe("storage budget", () => {
  const limits = { maxUsageBytes: 1000, maxQuotaShare: 0.5 };

  it("stops at the byte cap or at the share of the quota, whichever comes first", () => {
    expect(hasRoomFor({ usage: 500, quota: 10_000 }, 400, limits)).toBe(true);
    expect(hasRoomFor({ usage: 500, quota: 10_000 }, 501, limits)).toBe(false);
    expect(hasRoomFor({ usage: 100, quota: 1000 }, 400, limits)).toBe(true);
    expect(hasRoomFor({ usage: 100, quota: 1000 }, 401, limits)).toBe(false);
  });

  it("uses the real limits by default", () => {
    expect(hasRoomFor({ usage: 0, quota: 10 * LIMITS.maxUsageBytes }, LIMITS.maxUsageBytes)).toBe(true);
    expect(hasRoomFor({ usage: 1, quota: 10 * LIMITS.maxUsageBytes }, LIMITS.maxUsageBytes)).toBe(false);
  });

  it("judges by the cap alone when the browser does not say", () => {
    expect(hasRoomFor({}, 999, limits)).toBe(true);
    expect(hasRoomFor({}, 1001, limits)).toBe(false);
  });
});
