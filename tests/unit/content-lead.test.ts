import { describe, expect, it } from "vitest";
import type { RichTextDocument, RichTextNode } from "../../src/core/api/schemas/rich-text.ts";
import { withoutRepeatedLead } from "../../src/core/content/lead.ts";

const text = (value: string, marks: ("bold" | "italic")[] = []): RichTextNode => ({ nodeType: "text", value, marks });
const p = (...content: RichTextNode[]): RichTextNode => ({ nodeType: "paragraph", content });
const doc = (...content: RichTextNode[]): RichTextDocument => ({ nodeType: "document", content });
const lead = "Vanaf februari bezorgen wij vanuit Zwolle.";

describe("the article's lead, shown once", () => {
  it("drops a first paragraph that repeats the lead, bold or split over several text nodes", () => {
    const rest = p(text("Met de nieuwe vestiging komen wij dichterbij."));
    expect(withoutRepeatedLead(doc(p(text(lead, ["bold"])), rest), lead)).toEqual(doc(rest));
    expect(withoutRepeatedLead(doc(p(text("Vanaf februari "), text(" bezorgen wij vanuit Zwolle.")), rest), lead)).toEqual(doc(rest));
  });

  it("keeps a body whose first paragraph says something else, or whose lead is only a heading", () => {
    const body = doc(p(text("Iets anders.")), p(text(lead)));
    expect(withoutRepeatedLead(body, lead)).toBe(body);
    const heading = doc({ nodeType: "heading-2", content: [text(lead)] });
    expect(withoutRepeatedLead(heading, lead)).toBe(heading);
    expect(withoutRepeatedLead(body, null)).toBe(body);
    expect(withoutRepeatedLead(null, lead)).toBeNull();
  });
});
