import { describe, expect, it } from "vitest";
import { SITEMAP_MAX_PATHS, sitemapFiles, sitemapIndexXml, sitemapXml } from "../../src/core/content/sitemap.ts";

describe("sitemap files", () => {
  it("keeps each group in a file of its own, in order", () => {
    const files = sitemapFiles([
      { name: "paginas", paths: ["/", "/contact"] },
      { name: "nieuws-bier", paths: ["/nieuws/bier/pils"] },
      { name: "nieuws-leeg", paths: [] },
    ]);
    expect(files).toEqual([
      { name: "paginas", paths: ["/", "/contact"] },
      { name: "nieuws-bier", paths: ["/nieuws/bier/pils"] },
      { name: "nieuws-leeg", paths: [] },
    ]);
  });

  it("cuts a group larger than a file may be into numbered files, none over the limit", () => {
    const paths = Array.from({ length: 5 }, (_, index) => `/nieuws/bier/artikel-${index}`);
    expect(sitemapFiles([{ name: "nieuws-bier", paths }], 2)).toEqual([
      { name: "nieuws-bier", paths: paths.slice(0, 2) },
      { name: "nieuws-bier-2", paths: paths.slice(2, 4) },
      { name: "nieuws-bier-3", paths: paths.slice(4) },
    ]);
    // Two <url> entries per path (one per language) stay within the protocol's 50,000 per file.
    expect(SITEMAP_MAX_PATHS * 2).toBeLessThanOrEqual(50_000);
  });

  it("indexes the files by their absolute address", () => {
    const xml = sitemapIndexXml("https://www.example.nl", ["paginas", "nieuws-bier"]);
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1])).toEqual([
      "https://www.example.nl/sitemap-paginas.xml",
      "https://www.example.nl/sitemap-nieuws-bier.xml",
    ]);
    expect(sitemapIndexXml("https://www.example.nl", [])).not.toContain("<sitemap>");
  });

  it("lists each path in both languages with both as alternates", () => {
    const xml = sitemapXml("https://www.example.nl", ["/nieuws/bier/pils"]);
    expect([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1])).toEqual([
      "https://www.example.nl/nieuws/bier/pils",
      "https://www.example.nl/en/nieuws/bier/pils",
    ]);
    expect(xml.match(/hreflang="nl-NL"/g)).toHaveLength(2);
  });
});
