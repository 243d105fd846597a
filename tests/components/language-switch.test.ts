import { experimental_AstroContainer as AstroContainer } from "astro/container";
import { describe, expect, it } from "vitest";
import LanguageSwitch from "../../src/components/LanguageSwitch.astro";

/** The language switch is a plain link, built with the page, to the same page in the other language. */
const linkOn = async (url: string): Promise<string> => {
  const container = await AstroContainer.create();
  const html = await container.renderToString(LanguageSwitch, { request: new Request(url) });
  return /<a [^>]*>/.exec(html)?.[0] ?? "";
};

const textOn = async (url: string): Promise<string> => {
  const container = await AstroContainer.create();
  const html = await container.renderToString(LanguageSwitch, { request: new Request(url) });
  return html.replace(/<[^>]+>/g, "").trim();
};

describe("the language switch", () => {
  it("links a Dutch page to its English twin, in English", async () => {
    const link = await linkOn("http://localhost:4321/nieuws/bier/nieuw-op-de-tap");
    expect(link).toContain('href="/en/nieuws/bier/nieuw-op-de-tap"');
    expect(link).toContain('hreflang="en"');
    expect(link).toContain('lang="en"');
    expect(await textOn("http://localhost:4321/")).toBe("English");
  });

  it("links an English portal page (also as built, with .html) back to Dutch", async () => {
    expect(await linkOn("http://localhost:4321/en/mijn-account/facturen.html")).toContain('href="/mijn-account/facturen"');
    expect(await linkOn("http://localhost:4321/en")).toContain('href="/"');
    expect(await textOn("http://localhost:4321/en/mijn-account/dashboard")).toBe("Nederlands");
  });
});
