import type { ArticleSummary, CategoryDetail } from "../core/api/schemas/content.ts";

/** Equal JSON values: what the content API returns (objects, arrays, strings, numbers, booleans, null). */
export function equalJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => equalJson(item, b[index]));
  const aKeys = Object.keys(a);
  if (aKeys.length !== Object.keys(b).length) return false;
  return aKeys.every((key) => Object.hasOwn(b, key) && equalJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/**
 * A category fetched again, holding on to what it kept: each article summary equal to the one it
 * had before is that very object, and a category equal to its previous self is the previous
 * object. A title edit fetches its category's thousands of summaries again; what every later step
 * keeps per object (sorted lists, fingerprints, list windows) then counts only the one that
 * changed.
 */
export function keptSummaries(now: CategoryDetail | null, before: CategoryDetail | null): CategoryDetail | null {
  if (!now || !before) return now;
  const previous = new Map(before.articles.map((summary) => [summary.id, summary]));
  let changed = now.articles.length !== before.articles.length;
  const articles = now.articles.map((summary, index): ArticleSummary => {
    const was = previous.get(summary.id);
    if (was && equalJson(was, summary)) {
      if (before.articles[index] !== was) changed = true;
      return was;
    }
    changed = true;
    return summary;
  });
  if (!changed && equalJson({ ...now, articles: [] }, { ...before, articles: [] })) return before;
  return { ...now, articles };
}
