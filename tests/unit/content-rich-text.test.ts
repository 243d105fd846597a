import { describe, expect, it } from "vitest";
import type { RichTextDocument, RichTextNode } from "../../src/core/api/schemas/rich-text.ts";
import { escapeHtml, isEmptyDocument, richTextToTree, treeToHtml } from "../../src/core/content/rich-text.ts";
import type { UrlContext } from "../../src/core/content/nav-url.ts";

const ctx: UrlContext = { lang: "en", homepageSlug: "home", categoryParentSlug: "nieuws", siteOrigin: "https://portal.example.nl" };
const doc = (...content: RichTextNode[]): RichTextDocument => ({ nodeType: "document", content });
const text = (value: string, marks: ("bold" | "italic" | "underline" | "code")[] = []): RichTextNode => ({
  nodeType: "text",
  value,
  marks,
});
const link = (uri: string, label: string): RichTextNode => ({ nodeType: "hyperlink", data: { uri }, content: [text(label)] });
const render = (document: RichTextDocument): string => treeToHtml(richTextToTree(document, ctx));

describe("rich text", () => {
  it("renders blocks, lists and marks", () => {
    const html = render(
      doc(
        { nodeType: "heading-2", content: [text("Title")] },
        { nodeType: "paragraph", content: [text("bold", ["bold", "italic"]), text(" plain")] },
        { nodeType: "unordered-list", content: [{ nodeType: "list-item", content: [text("one")] }] },
        { nodeType: "hr" },
      ),
    );
    expect(html).toBe("<h2>Title</h2><p><strong><em>bold</em></strong> plain</p><ul><li>one</li></ul><hr>");
  });

  it("keeps http(s), mailto and tel links; external ones open in a new tab", () => {
    const html = render(
      doc({
        nodeType: "paragraph",
        content: [link("https://example.com", "site"), link("mailto:a@b.nl", "mail"), link("tel:+3120", "call")],
      }),
    );
    expect(html).toContain('<a href="https://example.com/" target="_blank" rel="noopener noreferrer">site</a>');
    expect(html).toContain('<a href="mailto:a@b.nl">mail</a>');
    expect(html).toContain('<a href="tel:+3120">call</a>');
  });

  it("classifies links by where the browser goes: look-alike site paths are external, site URLs internal", () => {
    const html = render(
      doc({
        nodeType: "paragraph",
        content: [
          link("/\t/evil.example", "tab"),
          link("/\n/evil.example", "newline"),
          link("https://portal.example.nl/nieuws", "own"),
          link("/nieuws", "path"),
          link("/.//evil.example", "dot"),
        ],
      }),
    );
    expect(html).toBe(
      '<p><a href="https://evil.example/" target="_blank" rel="noopener noreferrer">tab</a>' +
        '<a href="https://evil.example/" target="_blank" rel="noopener noreferrer">newline</a>' +
        '<a href="/nieuws">own</a><a href="/nieuws">path</a>dot</p>',
    );
  });

  it("turns links with other schemes into plain text", () => {
    const html = render(
      doc({
        nodeType: "paragraph",
        content: [link("javascript:alert(1)", "click"), link("java\tscript:alert(2)", "tab"), link("data:text/html,x", "data")],
      }),
    );
    expect(html).toBe("<p>clicktabdata</p>");
    expect(html).not.toContain("href");
  });

  it("escapes every string from the content, so script payloads stay text", () => {
    const html = render(
      doc({ nodeType: "paragraph", content: [text('<script>alert("x")</script><img src=x onerror=alert(1)>')] }),
    );
    expect(html).not.toMatch(/<script|<img/);
    expect(html).toContain("&#60;script&#62;");
  });

  it("renders embedded images with srcset and size, and article links", () => {
    const html = render(
      doc(
        {
          nodeType: "embedded-asset-block",
          data: { target: { url: "http://img.test/images/a.jpg", title: 'A "quote"', width: 1200, height: 800 } },
        },
        {
          nodeType: "embedded-entry-block",
          data: { target: { type: "article-link", slug: "blik", categorySlug: "duurzaamheid", title: "Blik" } },
        },
      ),
    );
    expect(html).toContain('width="1200" height="800"');
    expect(html).toContain("http://img.test/images/a.jpg?w=320 320w");
    expect(html).toContain('alt="A &#34;quote&#34;"');
    expect(html).toContain('href="/en/nieuws/duurzaamheid/blik"');
  });

  it("knows an empty document", () => {
    expect(isEmptyDocument(null)).toBe(true);
    expect(isEmptyDocument(doc())).toBe(true);
    expect(isEmptyDocument(doc({ nodeType: "hr" }))).toBe(false);
  });

  it("escapes quotes and angle brackets", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe("&#60;a href=&#34;x&#34;&#62;&#39;&#38;&#39;&#60;/a&#62;");
  });
});
