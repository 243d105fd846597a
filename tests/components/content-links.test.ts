import { experimental_AstroContainer as AstroContainer } from "astro/container";
import { describe, expect, it } from "vitest";
import CustomerActions from "../../src/components/CustomerActions.astro";
import type { UrlContext } from "../../src/core/content/nav-url.ts";

/** CMS links outside menus and rich text go through the same classifier. */
const ctx: UrlContext = { lang: "nl", homepageSlug: "home", categoryParentSlug: "nieuws", siteOrigin: "http://localhost:4321" };

const rangeLink = async (productRangeUrl: string): Promise<string | null> => {
  const container = await AstroContainer.create();
  const html = await container.renderToString(CustomerActions, { props: { ctx, productRangeUrl } });
  return /<a class="kp-button" [^>]*>/.exec(html)?.[0] ?? null;
};

describe("the product range link (configuration)", () => {
  it("opens an external site in a new tab", async () => {
    expect(await rangeLink("https://assortiment.example.nl/")).toBe(
      '<a class="kp-button" href="https://assortiment.example.nl/" target="_blank" rel="noopener noreferrer">',
    );
  });

  it("treats a look-alike site path as the external link it is", async () => {
    expect(await rangeLink("/\t/evil.example/x")).toBe('<a class="kp-button" href="http://evil.example/x" target="_blank" rel="noopener noreferrer">');
  });

  it("is no link for a scheme outside the allowlist", async () => {
    expect(await rangeLink("javascript:alert(1)")).toBeNull();
    expect(await rangeLink("java\tscript:alert(1)")).toBeNull();
  });
});
