import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as v from "valibot";
import { ArticleSchema } from "../../src/core/api/schemas/content.ts";
import { ContentError, createContentApi, undiciTransport, validate, type ContentTransport } from "../../src/content-build/content-api.ts";
import { listingPage } from "../../src/core/content/news.ts";
import { articleRoutes, newsListing, newsListPage, newsLists } from "../../src/content-build/news-lists.ts";
import { urlContextOf } from "../../src/core/content/nav-url.ts";
import { genericPageRefs } from "../../src/core/content/routes.ts";
import { pageCacheKey } from "../../src/content-build/page-cache-key.ts";
import { createSiteData } from "../../src/content-build/site-data.ts";
import { startTestBackend, type TestBackend } from "../support/backend.ts";
import { TEST_ADMIN_SECRET } from "../../stand-in/content-admin.ts";

let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(async () => backend.close());

/** The build's own transport to the stand-in, counting the calls it passes on. */
function countingTransport(): { transport: ContentTransport; calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    transport: (url, headers) => {
      calls.push(url.pathname);
      return undiciTransport(url, headers);
    },
  };
}

describe("content API at build time (against the stand-in)", () => {
  it("sends the subscription key and validates the answer", async () => {
    const api = createContentApi({ apiUrl: backend.api, apiKey: backend.key, preview: false });
    const article = await api.get(
      "/articles/statiegeld-op-blik",
      "en-US",
      ArticleSchema,
      'article "statiegeld-op-blik"',
    );
    expect(article.slug).toBe("statiegeld-op-blik");
    const missing = await api.get("/articles/does-not-exist", "nl-NL", ArticleSchema, 'article "x"', true);
    expect(missing).toBeNull();
  });

  it("names why a request failed, not only that it did", async () => {
    // A port nothing listens on: the connection is refused.
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as net.AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const api = createContentApi({ apiUrl: `http://127.0.0.1:${port}/api`, apiKey: backend.key, preview: false });
    await expect(api.get("/init", "nl-NL", v.unknown(), "the init configuration")).rejects.toThrow(
      /^Could not fetch the init configuration \(nl-NL\) from .*: .*ECONNREFUSED.* \(ECONNREFUSED\)$/,
    );
  });

  it("never has more requests open than its concurrency, however many are asked for at once", async () => {
    let open = 0;
    let peak = 0;
    const api = createContentApi({
      apiUrl: backend.api,
      apiKey: backend.key,
      preview: false,
      concurrency: 2,
      transport: async (url, headers) => {
        peak = Math.max(peak, ++open);
        try {
          return await undiciTransport(url, headers);
        } finally {
          open--;
        }
      },
    });
    const asked = Array.from({ length: 5 }, () => api.get("/articles/statiegeld-op-blik", "nl-NL", ArticleSchema, "article"));
    const articles = await Promise.all(asked);
    expect(articles).toHaveLength(5);
    expect(peak).toBe(2);
  });

  it("fails with the entry and the HTTP status when the key is wrong", async () => {
    const api = createContentApi({ apiUrl: backend.api, apiKey: "wrong", preview: false });
    await expect(api.get("/init", "nl-NL", v.unknown(), "the init configuration")).rejects.toThrow(
      /the init configuration \(nl-NL\).*HTTP 401/,
    );
  });

  it("names the entry and the field of invalid content", () => {
    expect(() => validate(ArticleSchema, { slug: "x", title: 3 }, 'article "x" (nl-NL)')).toThrow(
      ContentError,
    );
    expect(() => validate(ArticleSchema, { slug: "x", title: 3 }, 'article "x" (nl-NL)')).toThrow(
      /Invalid content in article "x" \(nl-NL\): field "id".*field "title"/,
    );
  });

  it("fetches the init, each category and each article once, however often they are asked for", async () => {
    const counter = countingTransport();
    const data = createSiteData(
      createContentApi({ apiUrl: backend.api, apiKey: backend.key, preview: false, transport: counter.transport }),
    );
    const routes = await articleRoutes(data);
    await Promise.all([data.init("nl-NL"), data.init("nl-NL"), newsLists(data), articleRoutes(data)]);
    await Promise.all(routes.map((route) => data.article("nl-NL", route.slug)));
    await Promise.all(routes.map((route) => data.article("nl-NL", route.slug)));
    const count = (path: string): number => counter.calls.filter((call) => call.endsWith(path)).length;
    expect(count("/init")).toBe(1);
    expect(count("/categories")).toBe(2);
    expect(count("/categories/duurzaamheid")).toBe(2);
    expect(count("/articles/statiegeld-op-blik")).toBe(1);
    expect(routes.length).toBeGreaterThan(30);
  });

  it("builds every page the content API lists, menu or not, and the well-known slugs", async () => {
    // A campaign page no menu names, published in the CMS.
    const created = await fetch(`${backend.url}/admin/content/pages`, {
      method: "POST",
      headers: { authorization: `Bearer ${TEST_ADMIN_SECRET}`, "content-type": "application/json" },
      body: JSON.stringify({ slug: "campagne-2027", title: "Campagne", publish: true }),
    });
    expect(created.status).toBe(201);
    const data = createSiteData(
      createContentApi({ apiUrl: backend.api, apiKey: backend.key, preview: false }),
    );
    const init = await data.init("nl-NL");
    const refs = await data.pageRefs("nl-NL");
    expect(refs).toContainEqual({ slug: "geschiedenis", parentSlug: "over-ons" });
    expect(refs).toContainEqual({ slug: "privacy", parentSlug: null });
    expect(refs).toContainEqual({ slug: "home", parentSlug: null });
    // No menu names these: they are built all the same.
    expect(JSON.stringify([init.mainMenu, init.footerMenu, init.topMenu])).not.toContain("campagne-2027");
    expect(refs).toContainEqual({ slug: "campagne-2027", parentSlug: null });
    const generic = genericPageRefs(refs, init.configuration).map((ref) => ref.slug);
    // The homepage lives at /, the special pages have their own routes.
    expect(generic).not.toContain("home");
    expect(generic).not.toContain("klant-worden");
    expect(generic).not.toContain("perfect-fit");
    expect(generic).toContain("contact");
  });

  it("builds news pages newest first with links to the next page, and empty categories", async () => {
    const data = createSiteData(
      createContentApi({ apiUrl: backend.api, apiKey: backend.key, preview: false }),
    );
    const init = await data.init("en-US");
    const ctx = urlContextOf("en", init.configuration, "http://localhost:4321");
    const archive = await newsListing(data, "en-US", null);
    const first = listingPage(archive, await newsListPage(data, "en-US", null, null), ctx);
    expect(first.items[0]?.href).toMatch(/^\/en\/nieuws\/[\w-]+\/[\w-]+$/);
    expect(first.items.length).toBeGreaterThanOrEqual(9);
    // Further pages are named by their newest article, in both languages alike.
    const [further] = (await newsLists(data)).find((list) => list.categorySlug === null)?.pages ?? [];
    expect(first.nextPath).toBe(`/nieuws/pagina/${further}`);
    const second = await newsListPage(data, "en-US", null, further ?? "");
    expect(second.items[0]?.slug).toBe(further);
    expect((await newsListPage(data, "nl-NL", null, further ?? "")).items[0]?.slug).toBe(further);
    const empty = listingPage(
      await newsListing(data, "en-US", "evenementen"),
      await newsListPage(data, "en-US", "evenementen", null),
      ctx,
    );
    expect(empty.items).toEqual([]);
    expect(empty.nextPath).toBeNull();
  });

  it("gives each content page a stable incremental-build key of its own", async () => {
    const data = createSiteData(
      createContentApi({ apiUrl: backend.api, apiKey: backend.key, preview: false }),
    );
    const contact = await pageCacheKey(data, "contact");
    expect(await pageCacheKey(data, "contact")).toBe(contact);
    expect(await pageCacheKey(data, "privacy")).not.toBe(contact);
    const fresh = createSiteData(
      createContentApi({ apiUrl: backend.api, apiKey: backend.key, preview: true }),
    );
    // Preview serves the same published page here, so the key only depends on the content.
    expect(await pageCacheKey(fresh, "contact")).toBe(contact);
  });
});
