import type { nl } from "../search.ts";

/** The English of `../search.ts`: the same keys, so a missing translation is a type error. */
export const en: Record<keyof typeof nl, string> = {
  "search.title": "Search",
  "search.intro": "Search our pages and news articles.",
  "search.label": "Search term",
  "search.submit": "Search",
  "search.header": "Search",
  "search.empty": "Enter a search term.",
  "search.busy": "Searching…",
  "search.count.one": "1 result for ‘{query}’",
  "search.count.other": "{count} results for ‘{query}’",
  "search.none": "No results for ‘{query}’. Try another or a shorter word.",
  "search.failed": "Search is not available right now. Try again later.",
  "search.offline": "You are offline: you will only find pages saved on this device.",
  "search.category": "Category",
  "search.page": "Page",
  "search.results": "Search results",
};
