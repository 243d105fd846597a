import { describe, expect, it } from "vitest";
import { decodeEntities, firstHeading, markedParts } from "../../src/core/offline/html-text.ts";
import { WARM_LIST_PATH, WarmListSchema, warmUrls } from "../../src/core/offline/warm-list.ts";
import { queryOf, toHit } from "../../src/core/search/results.ts";
import * as v from "valibot";

describe("plain text from HTML", () => {
  it("decodes named and numeric entities and leaves unknown ones", () => {
    expect(decodeEntities("Bier &amp; wijn &lt;3 &#39;t &#x2019; &nbsp;&bogus;")).toBe("Bier & wijn <3 't \u2019 \u00a0&bogus;");
  });

  it("takes the first heading's text", () => {
    expect(firstHeading('<h2>x</h2><h1 id="t">\n  Koffie <span>van</span>\tde boer </h1><h1>2</h1>')).toBe("Koffie van de boer");
    expect(firstHeading("<h1> </h1>")).toBeNull();
    expect(firstHeading("<p>none</p>")).toBeNull();
  });

  it("splits an excerpt into marked and plain parts, dropping other markup", () => {
    expect(markedParts("Het <mark>bier</mark> is &amp; blijft <b>goed</b>")).toEqual([
      { text: "Het ", mark: false },
      { text: "bier", mark: true },
      { text: " is & blijft goed", mark: false },
    ]);
    expect(markedParts("<mark>&lt;script&gt;</mark>")).toEqual([{ text: "<script>", mark: true }]);
  });
});

describe("search hits", () => {
  it("maps Pagefind's data to a hit with a site URL, title, category and excerpt", () => {
    expect(
      toHit({
        url: "/en/nieuws/producten/nieuwe-ipa.html",
        excerpt: "A new <mark>IPA</mark>",
        content: "New IPA A new IPA",
        meta: { title: "New IPA", category: " Products " },
        extra: 1,
      }),
    ).toEqual({
      href: "/en/nieuws/producten/nieuwe-ipa",
      title: "New IPA",
      category: "Products",
      excerpt: [
        { text: "A new ", mark: false },
        { text: "IPA", mark: true },
      ],
    });
  });

  it("handles pages without a category or title, the homepage, and rejects other shapes", () => {
    expect(toHit({ url: "/index.html", excerpt: "", meta: {} })).toMatchObject({ href: "/", title: "/", category: null });
    expect(toHit({ url: "/en/index.html", excerpt: "x", meta: { title: "Home" } })).toMatchObject({ href: "/en", title: "Home" });
    expect(toHit({ url: "/contact.html", excerpt: "x", meta: { title: "Contact" } })?.href).toBe("/contact");
    expect(toHit({ url: 1 })).toBeNull();
    expect(toHit(null)).toBeNull();
  });

  it("reads the query from the URL", () => {
    expect(queryOf("?q=%20bier%20")).toBe("bier");
    expect(queryOf("")).toBe("");
  });
});

describe("the background list", () => {
  const list = {
    build: "b1",
    nl: {
      lists: ["/nieuws", "/nieuws/bier"],
      articles: [
        { href: "/nieuws/bier/a", title: "A", image: "http://img.test/a.jpg?w=640" },
        { href: "/nieuws/bier/b", title: "B", image: null },
        { href: "/nieuws/bier/c", title: "C", image: "http://img.test/c.jpg?w=640" },
      ],
    },
    en: { lists: ["/en/nieuws"], articles: [] },
  };

  it("validates the build's file", () => {
    expect(v.safeParse(WarmListSchema, list).success).toBe(true);
    expect(v.safeParse(WarmListSchema, { ...list, nl: { lists: ["nieuws"], articles: [] } }).success).toBe(false);
    expect(WARM_LIST_PATH).toBe("/offline-news.json");
  });

  it("orders pages before images and keeps the newest articles within the limit", () => {
    expect(warmUrls(list.nl, 2)).toEqual({
      pages: ["/nieuws", "/nieuws/bier", "/nieuws/bier/a", "/nieuws/bier/b"],
      images: ["http://img.test/a.jpg?w=640"],
    });
  });
});
