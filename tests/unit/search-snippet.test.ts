import { describe, expect, it } from "vitest";
import { markedParts } from "../../src/core/offline/html-text.ts";
import { snippetParts } from "../../src/core/search/snippet.ts";

const title = "Direct-trade koffie uit Colombia";
const content =
  "Direct-trade koffie uit Colombia. Onze nieuwe koffie komt rechtstreeks van boeren uit Huila, tegen een eerlijke meerprijs. " +
  "Het verhaal begint bij zeventig families die samen een coöperatie vormen.";
const shown = (excerpt: string, withContent: string | undefined = content): string =>
  snippetParts(markedParts(excerpt), title, withContent)
    .map((part) => (part.mark ? `[${part.text}]` : part.text))
    .join("");

describe("search snippets", () => {
  it("leave out the title the hit's heading already shows, without an ellipsis at the body's start", () => {
    expect(shown("Direct-trade koffie uit Colombia. Onze nieuwe koffie komt rechtstreeks van boeren uit Huila, tegen een eerlijke <mark>meerprijs</mark>.")).toBe(
      "Onze nieuwe koffie komt rechtstreeks van boeren uit Huila, tegen een eerlijke [meerprijs]. …",
    );
  });

  it("never start or end mid-word, and show each cut as an ellipsis", () => {
    expect(shown("we koffie komt rechtstreeks van boeren uit Huila, tegen een eerlijke <mark>meerprijs</mark>. Het verhaal beg")).toBe(
      "… koffie komt rechtstreeks van boeren uit Huila, tegen een eerlijke [meerprijs]. Het verhaal …",
    );
    expect(shown("een coöperatie vormen.")).toBe("… een coöperatie vormen.");
  });

  it("keep the marks on the hits and assume cuts when the page's text is not known", () => {
    expect(shown("komt rechtstreeks van <mark>boeren</mark> uit", undefined)).toBe("… komt rechtstreeks van [boeren] uit …");
    expect(shown("Onze nieuwe koffie uit <mark>Huila</mark>.", undefined)).toBe("Onze nieuwe koffie uit [Huila].");
  });

  it("leave out the title where the page repeats it further on, as an image caption", () => {
    expect(shown("waar de koffie vandaan komt. Direct-trade koffie uit Colombia De boeren ontvangen een vaste <mark>meerprijs</mark>.", undefined)).toBe(
      "… waar de koffie vandaan komt. De boeren ontvangen een vaste [meerprijs].",
    );
  });

  it("are empty when the excerpt is only the title", () => {
    expect(shown(title)).toBe("");
  });
});
