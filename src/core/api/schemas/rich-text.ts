import * as v from "valibot";
import { ImageSchema } from "./common.ts";

/**
 * CMS rich text as structured nodes (the Contentful document model, trimmed to what the site renders).
 * Rendering walks these nodes; nothing from the API is ever injected as raw HTML.
 */
export type RichTextNode =
  | { nodeType: "text"; value: string; marks: ("bold" | "italic" | "underline" | "code")[] }
  | { nodeType: "hyperlink"; data: { uri: string }; content: RichTextNode[] }
  | {
      nodeType:
        | "paragraph"
        | "heading-2"
        | "heading-3"
        | "heading-4"
        | "unordered-list"
        | "ordered-list"
        | "list-item"
        | "blockquote";
      content: RichTextNode[];
    }
  | { nodeType: "hr" }
  | { nodeType: "embedded-asset-block"; data: { target: v.InferOutput<typeof ImageSchema> } }
  | {
      nodeType: "embedded-entry-block";
      data: { target: { type: "article-link"; slug: string; categorySlug: string; title: string } };
    };

const children = v.array(v.lazy((): v.GenericSchema<RichTextNode> => RichTextNodeSchema));

export const RichTextNodeSchema: v.GenericSchema<RichTextNode> = v.variant("nodeType", [
  v.object({
    nodeType: v.literal("text"),
    value: v.string(),
    marks: v.array(v.picklist(["bold", "italic", "underline", "code"])),
  }),
  v.object({ nodeType: v.literal("hyperlink"), data: v.object({ uri: v.string() }), content: children }),
  v.object({
    nodeType: v.picklist([
      "paragraph",
      "heading-2",
      "heading-3",
      "heading-4",
      "unordered-list",
      "ordered-list",
      "list-item",
      "blockquote",
    ]),
    content: children,
  }),
  v.object({ nodeType: v.literal("hr") }),
  v.object({ nodeType: v.literal("embedded-asset-block"), data: v.object({ target: ImageSchema }) }),
  v.object({
    nodeType: v.literal("embedded-entry-block"),
    data: v.object({
      target: v.object({
        type: v.literal("article-link"),
        slug: v.string(),
        categorySlug: v.string(),
        title: v.string(),
      }),
    }),
  }),
]);

export const RichTextDocumentSchema = v.object({
  nodeType: v.literal("document"),
  content: v.array(RichTextNodeSchema),
});
export type RichTextDocument = v.InferOutput<typeof RichTextDocumentSchema>;
