import { describe, expect, it } from "vitest";
import { formatDateRange } from "../../src/core/content/dates.ts";
import {
  NEWS_FIRST_PAGE_SIZE,
  NEWS_WINDOW,
  jsonPathOf,
  newestFirst,
  newsPages,
  pagePathOf,
  stableHash,
  windowsOf,
} from "../../src/core/content/pagination.ts";

/** A small seeded generator (LCG), so every run checks the same lists. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Article slugs as a CMS makes them: words and numbers, all different. */
function slugs(count: number, random: () => number): string[] {
  const words = ["bier", "wijn", "horeca", "actie", "nieuw", "tips", "zomer", "fris", "koffie", "statiegeld"];
  return Array.from({ length: count }, (_, index) => {
    const word = (): string => words[Math.floor(random() * words.length)] ?? "x";
    return `${word()}-${word()}-${index}`;
  });
}

const id = (slug: string): string => slug;

/** Each page as what its file shows: its name, its articles and the name of the next page. */
function renderedPages(pages: string[][]): string[] {
  return pages.map((page, index) =>
    [index === 0 ? "" : page[0], page.join(","), pages[index + 1]?.[0] ?? ""].join("|"),
  );
}

/** The pages that differ after a change: new or different ones (removed ones are deleted, not rendered). */
const changedPages = (before: string[][], after: string[][]): number => {
  const old = new Set(renderedPages(before));
  return renderedPages(after).filter((page) => !old.has(page)).length;
};

/** Inserts or removes one article at random places and returns the most pages any one change touched. */
function worstChange(
  list: string[],
  paginate: (items: string[]) => string[][],
  random: () => number,
  trials: number,
): number {
  const before = paginate(list);
  let worst = 0;
  for (let trial = 0; trial < trials; trial++) {
    const at = Math.floor(random() * list.length);
    const after = trial % 2 === 0 ? list.toSpliced(at, 0, `nieuw-artikel-${trial}`) : list.toSpliced(at, 1);
    worst = Math.max(worst, changedPages(before, paginate(after)));
  }
  return worst;
}

describe("news windows", () => {
  const random = seeded(20260303);
  const archive = slugs(3000, random);

  it("hashes a slug the same way every time, spreading similar slugs", () => {
    expect(stableHash("statiegeld-op-blik")).toBe(stableHash("statiegeld-op-blik"));
    expect(stableHash("")).toBe(stableHash(""));
    const buckets = new Array<number>(NEWS_WINDOW.boundaryOneIn).fill(0);
    for (const slug of archive) buckets[stableHash(slug) % NEWS_WINDOW.boundaryOneIn]! += 1;
    for (const count of buckets)
      expect(count).toBeGreaterThan(archive.length / NEWS_WINDOW.boundaryOneIn / 1.3);
  });

  it("keeps every article once and in order, each window within the size bounds, about 9 on average", () => {
    const windows = windowsOf(archive, id);
    expect(windows.flat()).toEqual(archive);
    for (const window of windows) {
      expect(window.length).toBeGreaterThanOrEqual(NEWS_WINDOW.min);
      expect(window.length).toBeLessThanOrEqual(NEWS_WINDOW.max);
    }
    expect(archive.length / windows.length).toBeGreaterThan(8);
    expect(archive.length / windows.length).toBeLessThan(10);
    expect(windowsOf([...archive], id)).toEqual(windows);
  });

  it("honours the bounds for short lists too: fewer than the minimum make one window", () => {
    for (let length = 0; length <= 40; length++) {
      const windows = windowsOf(archive.slice(0, length), id);
      expect(windows.flat()).toEqual(archive.slice(0, length));
      for (const window of windows) {
        if (length >= NEWS_WINDOW.min) expect(window.length).toBeGreaterThanOrEqual(NEWS_WINDOW.min);
        expect(window.length).toBeLessThanOrEqual(NEWS_WINDOW.max);
      }
    }
  });

  it("splits a window that meets no boundary into equal parts", () => {
    const sizes = { min: 5, max: 15, boundaryOneIn: 2 ** 32 - 1 };
    expect(windowsOf(archive.slice(0, 40), id, sizes).map((window) => window.length)).toEqual([13, 14, 13]);
  });

  it("fills the first page with the newest windows until it has 9 articles; an empty list has one empty page", () => {
    const pages = newsPages(archive, id);
    expect(pages.flat()).toEqual(archive);
    expect(pages[0]!.length).toBeGreaterThanOrEqual(NEWS_FIRST_PAGE_SIZE);
    // The first page takes the fewest newest windows that make 9; every later page is one window.
    const windows = windowsOf(archive, id);
    const taken = windows.length - (pages.length - 1);
    expect(windows.slice(0, taken).flat()).toEqual(pages[0]);
    expect(windows.slice(0, taken - 1).flat().length).toBeLessThan(NEWS_FIRST_PAGE_SIZE);
    expect(pages.slice(1)).toEqual(windows.slice(taken));
    expect(newsPages([], id)).toEqual([[]]);
    expect(newsPages(archive.slice(0, 3), id)).toEqual([archive.slice(0, 3)]);
  });

  it("changes only a few pages when one article anywhere comes or goes, where fixed pages of 9 change every later one", () => {
    const changes = seeded(7);
    expect(worstChange(archive, (items) => newsPages(items, id), changes, 600)).toBeLessThanOrEqual(6);
    // The same check fails for numbered pages of 9: every page after the change shifts.
    const fixed = (items: string[]): string[][] =>
      Array.from({ length: Math.ceil(items.length / 9) }, (_, page) => items.slice(page * 9, page * 9 + 9));
    expect(worstChange(archive, fixed, seeded(7), 20)).toBeGreaterThan(100);
  });

  it("builds page and JSON paths from the page's name", () => {
    expect(pagePathOf("/nieuws", null)).toBe("/nieuws");
    expect(pagePathOf("/nieuws/producten", "nieuwe-ipa")).toBe("/nieuws/producten/pagina/nieuwe-ipa");
    expect(jsonPathOf("/nieuws/pagina/nieuwe-ipa")).toBe("/nieuws/pagina/nieuwe-ipa.json");
  });

  it("sorts newest first", () => {
    const sorted = newestFirst([
      { id: "old", publishedAt: "2026-01-01T10:00:00Z" },
      { id: "new", publishedAt: "2026-03-01T10:00:00Z" },
    ]);
    expect(sorted.map((entry) => entry.id)).toEqual(["new", "old"]);
  });
});

describe("the days a further page covers", () => {
  it("names a shared month and year once, in Dutch and in English", () => {
    expect(formatDateRange("2026-03-03T10:00:00Z", "2026-03-12T10:00:00Z", "nl")).toBe("3 t/m 12 maart 2026");
    expect(formatDateRange("2026-03-03T10:00:00Z", "2026-03-12T10:00:00Z", "en")).toBe("March 3–12, 2026");
    expect(formatDateRange("2026-02-27T10:00:00Z", "2026-03-03T10:00:00Z", "nl")).toBe(
      "27 februari t/m 3 maart 2026",
    );
    expect(formatDateRange("2026-02-27T10:00:00Z", "2026-03-03T10:00:00Z", "en")).toBe(
      "February 27 to March 3, 2026",
    );
    expect(formatDateRange("2025-12-30T10:00:00Z", "2026-01-02T10:00:00Z", "nl")).toBe(
      "30 december 2025 t/m 2 januari 2026",
    );
    expect(formatDateRange("2025-12-30T10:00:00Z", "2026-01-02T10:00:00Z", "en")).toBe(
      "December 30, 2025 to January 2, 2026",
    );
  });

  it("counts days in Dutch time, and gives one day as that date", () => {
    expect(formatDateRange("2026-03-03T08:00:00Z", "2026-03-03T23:30:00Z", "nl")).toBe("3 t/m 4 maart 2026");
    expect(formatDateRange("2026-03-03T08:00:00Z", "2026-03-03T12:00:00Z", "en")).toBe("March 3, 2026");
  });
});
