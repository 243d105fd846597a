import type { RichTextDocument, RichTextNode } from "../api/schemas/rich-text.ts";

/** The visible text of a node, its children joined. */
function plainText(node: RichTextNode): string {
  if (node.nodeType === "text") return node.value;
  return "content" in node ? node.content.map(plainText).join("") : "";
}

const normalise = (text: string): string => text.replace(/\s+/g, " ").trim().toLowerCase();

/**
 * The body without its first paragraph when that paragraph only repeats the lead (the excerpt the
 * page header already shows): editors often open the body with the excerpt in bold, and the reader
 * should meet it once. Any other body comes back unchanged.
 */
export function withoutRepeatedLead(body: RichTextDocument | null, lead: string | null | undefined): RichTextDocument | null {
  const [first, ...rest] = body?.content ?? [];
  if (!body || !first || !lead || first.nodeType !== "paragraph") return body;
  return normalise(plainText(first)) === normalise(lead) ? { ...body, content: rest } : body;
}
