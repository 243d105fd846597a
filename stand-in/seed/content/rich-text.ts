/**
 * Small builders for CMS rich text, so the seed reads like the content it produces.
 * Strings passed where nodes are expected become plain text nodes.
 */
import type { RichTextDocument, RichTextNode } from "../../../src/core/api/schemas/rich-text.ts";
import type { SeedImage } from "./images.ts";

type Inline = string | RichTextNode;
type Mark = "bold" | "italic" | "underline" | "code";

const inline = (part: Inline): RichTextNode =>
  typeof part === "string" ? { nodeType: "text", value: part, marks: [] } : part;

export const text = (value: string, ...marks: Mark[]): RichTextNode => ({ nodeType: "text", value, marks });
export const bold = (value: string): RichTextNode => text(value, "bold");
export const italic = (value: string): RichTextNode => text(value, "italic");

export const p = (...parts: Inline[]): RichTextNode => ({ nodeType: "paragraph", content: parts.map(inline) });
export const h2 = (value: string): RichTextNode => ({ nodeType: "heading-2", content: [inline(value)] });
export const h3 = (value: string): RichTextNode => ({ nodeType: "heading-3", content: [inline(value)] });
export const h4 = (value: string): RichTextNode => ({ nodeType: "heading-4", content: [inline(value)] });
export const hr = (): RichTextNode => ({ nodeType: "hr" });

/** A hyperlink; `uri` may be http(s), mailto: or tel: (the site allowlists these schemes). */
export const link = (uri: string, label: string): RichTextNode => ({
  nodeType: "hyperlink",
  data: { uri },
  content: [inline(label)],
});

/** List items hold paragraphs, as in the Contentful document model. */
const items = (entries: (Inline | Inline[])[]): RichTextNode[] =>
  entries.map((entry) => ({
    nodeType: "list-item",
    content: [p(...(Array.isArray(entry) ? entry : [entry]))],
  }));
export const ul = (...entries: (Inline | Inline[])[]): RichTextNode => ({
  nodeType: "unordered-list",
  content: items(entries),
});
export const ol = (...entries: (Inline | Inline[])[]): RichTextNode => ({
  nodeType: "ordered-list",
  content: items(entries),
});

export const quote = (...paragraphs: Inline[]): RichTextNode => ({
  nodeType: "blockquote",
  content: paragraphs.map((paragraph) => (typeof paragraph === "string" ? p(paragraph) : paragraph)),
});

/** An embedded image; its URL is relative to the backend until a response makes it absolute. */
export const asset = (image: SeedImage, title: string): RichTextNode => ({
  nodeType: "embedded-asset-block",
  data: { target: { url: image.url, title, width: image.width, height: image.height } },
});

export const articleLink = (slug: string, categorySlug: string, title: string): RichTextNode => ({
  nodeType: "embedded-entry-block",
  data: { target: { type: "article-link", slug, categorySlug, title } },
});

export const doc = (...content: RichTextNode[]): RichTextDocument => ({ nodeType: "document", content });
