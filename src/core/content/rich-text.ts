import type { RichTextDocument, RichTextNode } from "../api/schemas/rich-text.ts";
import { responsiveImage } from "./images.ts";
import { newsPath, type UrlContext } from "./nav-url.ts";
import { linkTarget } from "../urls/link-target.ts";
import { localizedPath } from "../i18n/locale.ts";

/**
 * A safe, framework-free HTML tree: element names come from a fixed list here, attribute values
 * and text are strings that the renderer escapes. Content can never choose a tag or an attribute
 * name, so no CMS text becomes markup.
 */
export type HtmlNode = string | HtmlElement;
type HtmlElement = { tag: HtmlTag; attrs: Record<string, string>; children: HtmlNode[] };
type HtmlTag =
  | "p" | "h2" | "h3" | "h4" | "ul" | "ol" | "li" | "blockquote" | "hr"
  | "strong" | "em" | "u" | "code" | "a" | "figure" | "img" | "figcaption";

const BLOCK_TAGS = {
  paragraph: "p",
  "heading-2": "h2",
  "heading-3": "h3",
  "heading-4": "h4",
  "unordered-list": "ul",
  "ordered-list": "ol",
  "list-item": "li",
  blockquote: "blockquote",
} as const satisfies Record<string, HtmlTag>;

const MARK_TAGS = { bold: "strong", italic: "em", underline: "u", code: "code" } as const satisfies Record<string, HtmlTag>;

const el = (tag: HtmlTag, attrs: Record<string, string> = {}, children: HtmlNode[] = []): HtmlElement => ({
  tag,
  attrs,
  children,
});

/** Turns a rich-text document into the safe tree; links with other schemes than http(s), mailto, tel become plain text. */
export function richTextToTree(doc: RichTextDocument, ctx: UrlContext): HtmlNode[] {
  return doc.content.flatMap((node) => convert(node, ctx));
}

function convert(node: RichTextNode, ctx: UrlContext): HtmlNode[] {
  switch (node.nodeType) {
    case "text":
      return [node.marks.reduceRight<HtmlNode>((inner, mark) => el(MARK_TAGS[mark], {}, [inner]), node.value)];
    case "hyperlink": {
      const children = node.content.flatMap((child) => convert(child, ctx));
      const target = linkTarget(node.data.uri, ctx.siteOrigin);
      // An unsafe link keeps its words but loses the link.
      if (!target) return children;
      const attrs: Record<string, string> = { href: target.href };
      // A web page elsewhere opens in a new tab; site pages, e-mail and phone links open in place.
      if (!target.internal && target.web) Object.assign(attrs, { target: "_blank", rel: "noopener noreferrer" });
      return [el("a", attrs, children)];
    }
    case "hr":
      return [el("hr")];
    case "embedded-asset-block": {
      const image = responsiveImage(node.data.target, { sizes: "(min-width: 1024px) 720px, 100vw" });
      const attrs = { ...stringify(image), loading: "lazy", decoding: "async" };
      const caption = node.data.target.title ? [el("figcaption", {}, [node.data.target.title])] : [];
      return [el("figure", {}, [el("img", attrs), ...caption])];
    }
    case "embedded-entry-block": {
      const target = node.data.target;
      const href = localizedPath(ctx.lang, newsPath(ctx, target.categorySlug, target.slug));
      return [el("p", {}, [el("a", { href, class: "kp-entry-link" }, [target.title])])];
    }
    default:
      return [el(BLOCK_TAGS[node.nodeType], {}, node.content.flatMap((child) => convert(child, ctx)))];
  }
}

const stringify = (attrs: Record<string, string | number>): Record<string, string> =>
  Object.fromEntries(Object.entries(attrs).map(([name, value]) => [name, String(value)]));

/** True when a document has nothing to show ('This page has no content'). */
export function isEmptyDocument(doc: RichTextDocument | null): boolean {
  return !doc || doc.content.length === 0;
}

const VOID_TAGS = new Set<HtmlTag>(["hr", "img"]);

/** Escapes text for HTML element content and double-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * Serialises the tree with every string escaped. Used by unit tests to check the output and by
 * nothing that trusts API strings: the Astro component renders the tree with its own escaping.
 */
export function treeToHtml(nodes: readonly HtmlNode[]): string {
  return nodes
    .map((node) => {
      if (typeof node === "string") return escapeHtml(node);
      const attrs = Object.entries(node.attrs)
        .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
        .join("");
      if (VOID_TAGS.has(node.tag)) return `<${node.tag}${attrs}>`;
      return `<${node.tag}${attrs}>${treeToHtml(node.children)}</${node.tag}>`;
    })
    .join("");
}
