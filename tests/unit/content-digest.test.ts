import { describe, expect, it } from "vitest";
import { digest } from "../../src/content-build/digest.ts";

/** The build's cache keys: equal content gives an equal key, any difference a different one. */
describe("digest", () => {
  const summaries = (titles: string[]) => titles.map((title, index) => ({ slug: `artikel-${index}`, title }));

  it("is the same for equal content, whichever objects hold it", () => {
    const list = summaries(["Pils", "Tripel", "Espresso"]);
    expect(digest(list)).toBe(digest(summaries(["Pils", "Tripel", "Espresso"])));
    // A list built anew from the same summaries (the archive after a publish elsewhere).
    expect(digest(list)).toBe(digest([...list]));
    expect(digest("nieuws", null, 3)).toBe(digest("nieuws", null, 3));
  });

  it("differs for any change: an item, the order, the nesting or a primitive", () => {
    const list = summaries(["Pils", "Tripel", "Espresso"]);
    const keys = [
      digest(list),
      digest(summaries(["Pils", "Tripel", "Espresso!"])),
      digest([list[1], list[0], list[2]]),
      digest(list.slice(0, 2)),
      digest([list]),
      digest(list.slice(0, 2), list.slice(2)),
      digest(["a,b"]),
      digest(["a", "b"]),
      digest(["/nieuws", "/en/nieuws"]),
      digest(["/en/nieuws", "/nieuws"]),
      digest(["/nieuws", null]),
      digest([list[0], "/nieuws"]),
      digest(null),
      digest("null"),
      digest(undefined),
    ];
    expect(new Set(keys).size).toBe(keys.length);
  });
});
