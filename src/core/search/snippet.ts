/**
 * A search hit's snippet as the reader sees it: Pagefind's excerpt is a window of the page's text
 * that can open with the page title (already the hit's heading) and can cut a word in two where the
 * index split it. Here the title is left out, cut words are dropped and each cut is shown as '…'.
 */
import type { TextPart } from "../offline/html-text.ts";

const ELLIPSIS = "…";
const isWordChar = (char: string | undefined): boolean => char !== undefined && /[\p{L}\p{N}]/u.test(char);
const squash = (text: string): string => text.replace(/\s+/g, " ");

/** The parts between two character offsets of their joined text. */
function sliceParts(parts: readonly TextPart[], from: number, to: number): TextPart[] {
  const out: TextPart[] = [];
  let at = 0;
  for (const part of parts) {
    const start = Math.max(from, at);
    const end = Math.min(to, at + part.text.length);
    if (end > start) out.push({ text: part.text.slice(start - at, end - at), mark: part.mark });
    at += part.text.length;
  }
  return out;
}

/** Length of `title` at the start of `text` (case and spacing aside, whole words only), else 0. */
function titleLength(text: string, title: string): number {
  const wanted = squash(title).trim().toLowerCase();
  if (!wanted || !text.toLowerCase().startsWith(wanted) || isWordChar(text[wanted.length])) return 0;
  return wanted.length + (/^[\s.:–-]*/.exec(text.slice(wanted.length))?.[0].length ?? 0);
}

/** The parts between `from` and `to` with every further mention of the title (a caption, say) left out. */
function withoutTitle(parts: readonly TextPart[], text: string, title: string, from: number, to: number): TextPart[] {
  const out: TextPart[] = [];
  const wanted = squash(title).trim();
  let at = from;
  for (let index = from; index < to; index++) {
    // Case counts here: "a new IPA" in a sentence is not the title "New IPA".
    if (!wanted || !text.startsWith(wanted, index) || isWordChar(text[index - 1])) continue;
    const length = titleLength(text.slice(index, to), title);
    if (length === 0) continue;
    out.push(...sliceParts(parts, at, index));
    at = index + length;
    index = at - 1;
  }
  return [...out, ...sliceParts(parts, at, to)];
}

/**
 * The snippet for a hit: `parts` is the excerpt, `content` the page's whole indexed text (to know
 * where the excerpt was cut). Without `content`, a cut is assumed wherever the excerpt does not
 * start or end a sentence.
 */
export function snippetParts(parts: readonly TextPart[], title: string, content?: string): TextPart[] {
  const squashed = parts.map((part) => ({ text: squash(part.text), mark: part.mark }));
  const joined = squashed.map((part) => part.text).join("");
  const lead = joined.length - joined.trimStart().length;
  const clean = sliceParts(squashed, lead, joined.trimEnd().length);
  const text = joined.trim();
  const page = content === undefined ? "" : squash(content).trim();
  const pos = text ? page.indexOf(text) : -1;
  let from = titleLength(text, title);
  let to = text.length;
  if (pos >= 0) {
    // A word the window cut in two is left out rather than shown half.
    if (from === 0 && isWordChar(page[pos - 1]) && isWordChar(text[0])) from = text.indexOf(" ") + 1 || to;
    if (isWordChar(page[pos + to]) && isWordChar(text[to - 1])) to = Math.max(from, text.lastIndexOf(" ", to - 1));
  }
  while (from < to && text[from] === " ") from++;
  while (to > from && text[to - 1] === " ") to--;
  if (from >= to) return [];
  const bodyStart = titleLength(page, title);
  const cutBefore = pos >= 0 ? pos + from > bodyStart : !/^[\p{Lu}\p{N}]/u.test(text.slice(from));
  const cutAfter = pos >= 0 ? pos + to < page.length : !/[.!?]$/.test(text.slice(0, to));
  return [
    ...(cutBefore ? [{ text: `${ELLIPSIS} `, mark: false }] : []),
    ...withoutTitle(clean, text, title, from, to),
    ...(cutAfter ? [{ text: ` ${ELLIPSIS}`, mark: false }] : []),
  ];
}
