import type { RichTextDocument, RichTextNode } from "../api/schemas/rich-text.ts";

/** A guided page cut into steps: what comes before the first step, the steps, what follows a rule. */
type StepsDocument = {
  intro: RichTextNode[];
  steps: { title: RichTextNode[]; body: RichTextNode[] }[];
  outro: RichTextNode[];
};

/**
 * Cuts a document into steps at each level-2 heading (the perfect-fit page): editors write an
 * ordinary page and the site shows it as numbered steps. A horizontal rule after the steps starts
 * the closing part.
 */
export function splitSteps(doc: RichTextDocument | null): StepsDocument {
  const result: StepsDocument = { intro: [], steps: [], outro: [] };
  let closing = false;
  for (const node of doc?.content ?? []) {
    if (closing) result.outro.push(node);
    else if (node.nodeType === "heading-2") result.steps.push({ title: node.content, body: [] });
    else if (node.nodeType === "hr" && result.steps.length > 0) closing = true;
    else if (result.steps.length === 0) result.intro.push(node);
    else result.steps.at(-1)?.body.push(node);
  }
  return result;
}
