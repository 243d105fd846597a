import { describe, expect, it } from "vitest";
import { inlineScriptHashes } from "../../publishing/build/inline-scripts.ts";
import { breadcrumbList, homeGraph, jsonLdText, newsArticle, siteIdentity } from "../../src/core/content/structured-data.ts";
import { jsonLdBlocks, nodeProblems } from "../quality/structured-data.ts";

const site = siteIdentity("Dranken & Co", "https://www.example.nl", "en");
const article = {
  title: "Nieuwe IPA </script><script>alert(1)</script> <!-- \u2028",
  excerpt: "Kort & goed",
  publishedAt: "2026-11-20T08:00:00.000Z",
  updatedAt: "2026-11-21T09:30:00.000Z",
  image: { url: "https://cms.example.nl/images/ipa.jpg", title: "IPA", width: 2000, height: 1000 },
};
const page = (data: Parameters<typeof jsonLdText>[0]): string =>
  `<!doctype html><html><head><script type="application/ld+json">${jsonLdText(data)}</script><script>run()</script></head><body></body></html>`;

describe("structured data", () => {
  it("describes an article with everything search engines require, the organisation as author and publisher", () => {
    const node = newsArticle(article, "https://www.example.nl/en/nieuws/bier/ipa", site);
    expect(nodeProblems(node)).toEqual([]);
    expect(node).toMatchObject({
      "@type": "NewsArticle",
      headline: article.title,
      datePublished: article.publishedAt,
      dateModified: article.updatedAt,
      image: ["https://cms.example.nl/images/ipa.jpg?w=1200"],
      inLanguage: "en-US",
      publisher: { "@type": "Organization", name: "Dranken & Co", logo: { url: "https://www.example.nl/logo.svg" } },
    });
    // Without an image, the logo stands in (image is required).
    expect(newsArticle({ ...article, image: null }, "https://www.example.nl/x", site).image).toEqual(["https://www.example.nl/logo.svg"]);
  });

  it("describes the homepage as an organisation and a site with its search", () => {
    const [organization, website] = homeGraph(site, "https://www.example.nl/en/zoeken?q={search_term_string}");
    expect(organization && nodeProblems(organization)).toEqual([]);
    expect(website && nodeProblems(website)).toEqual([]);
    expect(website).toMatchObject({ url: "https://www.example.nl/en", potentialAction: { target: { urlTemplate: "https://www.example.nl/en/zoeken?q={search_term_string}" } } });
  });

  it("keeps CMS text inside its script element and adds no CSP hash", () => {
    const data = [newsArticle(article, "https://www.example.nl/x", site), breadcrumbList([{ name: "</script>", url: "https://www.example.nl/" }, { name: "b", url: "https://www.example.nl/b" }])];
    const text = jsonLdText(data);
    expect(text).not.toMatch(/<|>|&|\u2028/);
    // The parsed data are the CMS's text exactly.
    expect(JSON.parse(text)).toEqual(data);
    const html = page(data);
    const [block, ...more] = jsonLdBlocks(html);
    expect(more).toEqual([]);
    expect(block?.nodes).toEqual(data);
    // Only the executable script is hashed: the data block is never run.
    expect(inlineScriptHashes(html)).toEqual(inlineScriptHashes("<script>run()</script>"));
    // The way it would go wrong: plain JSON closes the element early.
    expect(() => jsonLdBlocks(html.replace(text, JSON.stringify(data)))).toThrow();
  });

  it("names what a node lacks", () => {
    const headless = { ...newsArticle(article, "https://www.example.nl/x", site), headline: undefined };
    expect(nodeProblems({ ...headless, dateModified: "2020-01-01T00:00:00.000Z" })).toEqual([
      "NewsArticle: headline missing or too long",
      "NewsArticle: dateModified missing or before datePublished",
    ]);
    expect(nodeProblems(breadcrumbList([{ name: "Home", url: "/" }]))).toEqual(["BreadcrumbList: fewer than two items", "BreadcrumbList: item 1 lacks a name or URL"]);
  });
});
