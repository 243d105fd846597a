/**
 * News lists (the archive, a category) are cut into windows by their content, not by position: a
 * window ends after an article whose stable hash meets a condition. Inserting or removing one
 * article then changes only the window around it, where fixed-size pages would shift every later
 * page by one; so a publish re-renders a handful of list pages, not every page after the article.
 */

/** The first page of a list shows its newest windows until it holds at least this many articles. */
export const NEWS_FIRST_PAGE_SIZE = 9;

/**
 * Window sizes. A window ends at the first boundary article once it holds `min` articles; with one
 * article in `boundaryOneIn` a boundary that gives `min - 1 + boundaryOneIn` articles on average,
 * and a window that reaches no boundary by `max` is split into equal parts of at least max/2, so a
 * long run never moves its neighbours. These values average about 9 articles a page (8.8 over
 * thousands of slugs), never fewer than 5 (a page that looks nearly empty) or more than 15.
 */
export const NEWS_WINDOW = { min: 5, max: 15, boundaryOneIn: 6 } as const;

type WindowSizes = { min: number; max: number; boundaryOneIn: number };

/** A 32-bit hash of a string (FNV-1a, then mixed so its low bits are as random as its high ones). */
export function stableHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

/** Cuts a newest-first list into windows; which window an article lands in depends only on the list. */
export function windowsOf<T>(
  items: readonly T[],
  idOf: (item: T) => string,
  sizes: WindowSizes = NEWS_WINDOW,
): T[][] {
  const windows: T[][] = [];
  let current: T[] = [];
  for (const item of items) {
    current.push(item);
    if (current.length >= sizes.min && stableHash(idOf(item)) % sizes.boundaryOneIn === 0) {
      windows.push(current);
      current = [];
    }
  }
  // The oldest articles rarely end on a boundary: too few of them join the window before.
  const previous = windows.at(-1);
  if (current.length > 0 && current.length < sizes.min && previous) previous.push(...current);
  else if (current.length > 0) windows.push(current);
  return windows.flatMap((window) => split(window, sizes.max));
}

/** Equal parts of at most `max` items, in order. */
function split<T>(window: T[], max: number): T[][] {
  const parts = Math.ceil(window.length / max);
  if (parts <= 1) return [window];
  return Array.from({ length: parts }, (_, part) =>
    window.slice(
      Math.round((part * window.length) / parts),
      Math.round(((part + 1) * window.length) / parts),
    ),
  );
}

/**
 * A newest-first list as pages: the first holds the newest windows until it has
 * NEWS_FIRST_PAGE_SIZE articles, each later page one window. An empty list has one empty page.
 */
export function newsPages<T>(
  items: readonly T[],
  idOf: (item: T) => string,
  sizes: WindowSizes = NEWS_WINDOW,
): T[][] {
  const first: T[] = [];
  const windows = windowsOf(items, idOf, sizes);
  while (windows.length > 0 && first.length < NEWS_FIRST_PAGE_SIZE) first.push(...(windows.shift() ?? []));
  return [first, ...windows];
}

/** One page of a news list: its items and where the next page lives. */
export type NewsPage<T> = {
  items: T[];
  /** Site path (unlocalised) of the next page, or null on the last page. */
  nextPath: string | null;
};

/** Site path of a list's page (`/nieuws`, `/nieuws/pagina/<slug>`), its first page at `basePath`. */
export const pagePathOf = (basePath: string, name: string | null): string =>
  name === null ? basePath : `${basePath}/pagina/${name}`;

/** Path of the JSON file that load-more fetches for a static page. */
export const jsonPathOf = (pagePath: string): string => `${pagePath}.json`;

/** Newest first, by publication date; ties keep their order. Each date is parsed once. */
export function newestFirst<T extends { publishedAt: string }>(items: readonly T[]): T[] {
  return items
    .map((item) => ({ item, time: Date.parse(item.publishedAt) }))
    .sort((a, b) => b.time - a.time)
    .map((entry) => entry.item);
}
