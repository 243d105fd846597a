import { experimental_AstroContainer as AstroContainer } from "astro/container";
import { describe, expect, it } from "vitest";
import BaseHead from "../../src/components/BaseHead.astro";
import NavLink from "../../src/components/NavLink.astro";
import RichText from "../../src/components/RichText.astro";
import type { NavigationItem } from "../../src/core/api/schemas/content.ts";
import type { RichTextNode } from "../../src/core/api/schemas/rich-text.ts";
import type { UrlContext } from "../../src/core/content/nav-url.ts";
import { richTextToTree } from "../../src/core/content/rich-text.ts";
import { contentSecurityPolicy, headerContextFor } from "../../publishing/serving/headers.ts";
import { inlineScriptHashes } from "../../publishing/build/inline-scripts.ts";
import { runtimeSettingsFor, testStackConfig } from "../../dev/lib/stack-config.ts";

/**
 * Content rendered by the real templates, then read by the build's inline-script collector: text
 * from the CMS may contain `<script>` in any field and the site's CSP must not change because of it.
 */
const ctx: UrlContext = { lang: "nl", homepageSlug: "home", categoryParentSlug: "nieuws", siteOrigin: "http://localhost:4321" };
const PAYLOAD = "</title><script>alert(1)</script>";

const navItem = (title: string, externalUrl: string): NavigationItem => ({
  id: "x",
  title,
  slug: null,
  parentSlug: null,
  path: null,
  externalUrl,
  menuHeading: false,
  icon: null,
  contentType: "link",
  visibleTo: [],
  userPermissions: [],
  subMenu: [],
});

const richText = (text: string, uri: string): RichTextNode[] => [
  { nodeType: "paragraph", content: [{ nodeType: "text", value: text, marks: ["bold"] }] },
  { nodeType: "hyperlink", data: { uri }, content: [{ nodeType: "text", value: text, marks: [] }] },
];

/** The parts of a page that carry content: head (title, og:title, description, og:image:alt), a menu link, rich text. */
async function renderWith(text: string, href: string): Promise<string> {
  const container = await AstroContainer.create();
  const head = await container.renderToString(BaseHead, {
    props: {
      lang: "nl",
      siteTitle: text,
      title: text,
      description: text,
      keywords: text,
      image: { url: "http://localhost:4010/images/a.jpg", title: text, width: 800, height: 600 },
    },
  });
  const link = await container.renderToString(NavLink, { props: { item: navItem(text, href), ctx } });
  const body = await container.renderToString(RichText, {
    props: { nodes: richTextToTree({ nodeType: "document", content: richText(text, href) }, ctx) },
  });
  return `<!doctype html><html><head>${head}</head><body>${link}${body}</body></html>`;
}

const cspOf = (html: string): string =>
  contentSecurityPolicy(headerContextFor(runtimeSettingsFor(testStackConfig()), { scriptHashes: inlineScriptHashes(html) }), "page");

describe("hostile CMS text and the CSP", () => {
  it.each([
    [PAYLOAD, "https://example.com/?q=</a><script>alert(2)</script>"],
    ["<script>alert(3)</script>", "https://example.com/#<script>alert(4)</script>"],
    ['"><script>alert(5)</script>', "/nieuws?x=<script>alert(6)</script>"],
    ["<svg><script>alert(7)</script></svg>", "https://example.com/'><script>alert(8)</script>"],
  ])("text %j and link %j add no script hash", async (text, href) => {
    const benign = await renderWith("Nieuwe IPA", "https://example.com/");
    const hostile = await renderWith(text, href);
    // The payload really is in the page (escaped where Astro escapes), so the test can fail.
    expect(hostile).toContain("alert(");
    expect(inlineScriptHashes(hostile)).toEqual(inlineScriptHashes(benign));
    expect(cspOf(hostile)).toBe(cspOf(benign));
  });
});
