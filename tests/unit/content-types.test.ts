import { describe, expect, it } from "vitest";
import { LOCALES, type Locale } from "../../src/core/api/schemas/common.ts";
import {
  CONTENT_KINDS,
  CONTENT_TYPES,
  changeId,
  entryKey,
  kindOfCollection,
  kindOfListKey,
  listKey,
  parseChangeId,
  type ContentKind,
} from "../../src/core/content/content-types.ts";
import type { ContentApi } from "../../src/content-build/content-api.ts";
import { createSiteData } from "../../src/content-build/site-data.ts";
import { nextContent } from "../../src/content-build/warm-step.ts";

/**
 * The content types' registry, and that the warm renderer moves a change of every type it lists
 * without the full build: a type added to the registry that the warm content step cannot place
 * fails here instead of quietly taking the full path on every publish.
 */

/** A content API with no news and one version per entry, answering any collection's entries. */
function memoryApi(kind: ContentKind) {
  const versions = new Map<string, number>();
  const requests: string[] = [];
  const api = {
    get: async (path: string, locale: Locale) => {
      requests.push(`${path} ${locale}`);
      if (path === "/init") return { configuration: { name: "init" }, accountMenu: [] };
      if (path === "/categories") return { categories: [] };
      const slug = new RegExp(`^/${CONTENT_TYPES[kind].collection}/(.+)$`).exec(path)?.[1];
      if (slug === undefined) return null;
      return { slug, title: `${slug} ${versions.get(slug) ?? 0}`, related: [] };
    },
  } as unknown as ContentApi;
  return { api, requests, edit: (slug: string) => versions.set(slug, (versions.get(slug) ?? 0) + 1) };
}

describe("content types", () => {
  it("names an entry's change and cache key by its kind", () => {
    for (const kind of CONTENT_KINDS) {
      expect(parseChangeId(changeId(kind, "een-slug"))).toEqual({ kind, slug: "een-slug" });
      expect(kindOfCollection(CONTENT_TYPES[kind].collection)).toBe(kind);
      expect(entryKey(kind, "nl-NL", "een-slug")).toBe(`${kind}:nl-NL:een-slug`);
    }
    for (const kind of CONTENT_KINDS) expect(kindOfListKey(listKey(kind, "en-US"))).toBe(kind);
    expect(kindOfListKey("all-articles:nl-NL")).toBeNull();
    expect(parseChangeId("4Xk2cmsid")).toBeNull();
    expect(parseChangeId("vacature:x")).toBeNull();
    expect(parseChangeId("article:")).toBeNull();
  });

  it("lists only articles as moved with the news lists (the lists the warm step compares hold articles)", () => {
    expect(CONTENT_KINDS.filter((kind) => CONTENT_TYPES[kind].warmStep === "listed")).toEqual(["article"]);
  });

  it.each(CONTENT_KINDS)("moves a change of a %s on the warm path: the entry fetched again, the others taken over", async (kind) => {
    const memory = memoryApi(kind);
    const old = createSiteData(memory.api);
    for (const locale of LOCALES) {
      await old.init(locale);
      await old.entry(kind, locale, "een");
      await old.entry(kind, locale, "twee");
    }
    memory.edit("een");
    memory.requests.length = 0;
    const { next, step } = await nextContent(old, (seed) => createSiteData(memory.api, { seed }), [{ id: changeId(kind, "een") }]);
    expect(step.wide).toBeNull();
    if (step.wide !== null) return;
    expect(step.refetched).toEqual(["een"]);
    expect([...step.changedKeys].sort()).toEqual(LOCALES.map((locale) => entryKey(kind, locale, "een")).sort());
    const collection = CONTENT_TYPES[kind].collection;
    expect(memory.requests.filter((request) => request.startsWith(`/${collection}/`)).sort()).toEqual(
      LOCALES.map((locale) => `/${collection}/een ${locale}`).sort(),
    );
    expect(await next.entry(kind, "nl-NL", "een")).toMatchObject({ title: "een 1" });
  });

  it("takes the full path for a change it cannot place (an id of no type, in no list)", async () => {
    const memory = memoryApi("page");
    const old = createSiteData(memory.api);
    for (const locale of LOCALES) await old.init(locale);
    const { step } = await nextContent(old, (seed) => createSiteData(memory.api, { seed }), [{ id: "vacature:x" }]);
    expect(step.wide).toMatch(/not an article or page the site knows/);
  });
});
