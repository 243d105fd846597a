/**
 * Pagefind's result data, checked and shaped for the search page. Pagefind writes the index at
 * build time (publishing/build/search-index.ts); its browser API hands back one object per hit.
 */
import * as v from "valibot";
import { markedParts, type TextPart } from "../offline/html-text.ts";
import { snippetParts } from "./snippet.ts";

/** The fields of `await result.data()` the page uses; Pagefind adds more, which are ignored. */
const PagefindResultSchema = v.object({
  url: v.string(),
  excerpt: v.string(),
  /** The page's whole indexed text, to know where the excerpt was cut. */
  content: v.optional(v.string()),
  meta: v.object({ title: v.optional(v.string()), category: v.optional(v.string()) }),
});

/** One hit as the page shows it. */
export type SearchHit = { href: string; title: string; category: string | null; excerpt: TextPart[] };

/** Most hits shown for one query; the rest are rarely what a reader wants and cost a fetch each. */
export const MAX_HITS = 20;

/**
 * A hit from Pagefind's data, or null when it is not one. Pagefind names a page by its built file
 * (`/nieuws/bier/ipa.html`); the site's URLs have no `.html` (astro.config.mjs), nor does `/index`.
 */
export function toHit(data: unknown): SearchHit | null {
  const parsed = v.safeParse(PagefindResultSchema, data);
  if (!parsed.success) return null;
  const { url, excerpt, content, meta } = parsed.output;
  const href = url.replace(/\.html$/, "").replace(/(^|\/)index$/, "$1").replace(/(.)\/$/, "$1") || "/";
  const title = meta.title?.trim() || href;
  return { href, title, category: meta.category?.trim() || null, excerpt: snippetParts(markedParts(excerpt), title, content) };
}

/** The query from a search page URL (`?q=`), trimmed; empty when absent. */
export const queryOf = (search: string): string => (new URLSearchParams(search).get("q") ?? "").trim();
