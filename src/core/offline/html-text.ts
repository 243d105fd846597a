/**
 * Plain text out of small, trusted HTML snippets (our own built pages, Pagefind's excerpts) without
 * a DOM: the worker and unit tests have none, and text nodes built from it can never run markup.
 */

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

/** Decodes the named entities above and numeric ones (`&#39;`, `&#x2019;`). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, name: string) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : match;
    }
    return ENTITIES[name.toLowerCase()] ?? match;
  });
}

/** The text of the first `<h1>` of a page, tags removed and whitespace collapsed; null without one. */
export function firstHeading(html: string): string | null {
  const match = /<h1\b[^>]*>([\s\S]*?)<\/h1>/i.exec(html);
  if (!match?.[1]) return null;
  const text = decodeEntities(match[1].replace(/<[^>]*>/g, "")).replace(/\s+/g, " ").trim();
  return text || null;
}

/** A run of text, highlighted or not, as Pagefind marks its hits in an excerpt. */
export type TextPart = { text: string; mark: boolean };

/** Splits an excerpt with `<mark>` hits into parts; any other markup is dropped. */
export function markedParts(excerpt: string): TextPart[] {
  const parts: TextPart[] = [];
  let mark = false;
  for (const piece of excerpt.split(/(<\/?mark>)/i)) {
    if (/^<mark>$/i.test(piece)) mark = true;
    else if (/^<\/mark>$/i.test(piece)) mark = false;
    else {
      const text = decodeEntities(piece.replace(/<[^>]*>/g, ""));
      if (text) parts.push({ text, mark });
    }
  }
  return parts;
}
