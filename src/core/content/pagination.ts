/** Articles per page of the archive and of a category, in the static HTML and in each load-more step. */
export const NEWS_PAGE_SIZE = 9;

/** One page of a news list: its items and where the next page lives. */
export type NewsPage<T> = {
  /** 1-based. */
  page: number;
  totalPages: number;
  items: T[];
  /** Site path (unlocalised) of the next static page, or null on the last page. */
  nextPath: string | null;
};

/** Site path of page `page` of a list whose first page is `basePath` (`/nieuws` -> `/nieuws/pagina/2`). */
export function pagePathOf(basePath: string, page: number): string {
  return page <= 1 ? basePath : `${basePath}/pagina/${page}`;
}

/** Path of the JSON file that load-more fetches for a static page. */
export const jsonPathOf = (pagePath: string): string => `${pagePath}.json`;

/** Splits a list into pages; an empty list still has one (empty) page, which shows the empty state. */
export function paginate<T>(items: readonly T[], basePath: string, pageSize = NEWS_PAGE_SIZE): NewsPage<T>[] {
  const totalPages = Math.max(1, Math.ceil(items.length / pageSize));
  return Array.from({ length: totalPages }, (_, index) => {
    const page = index + 1;
    return {
      page,
      totalPages,
      items: items.slice(index * pageSize, page * pageSize),
      nextPath: page < totalPages ? pagePathOf(basePath, page + 1) : null,
    };
  });
}

/** One page of a list without cutting the others: a news page of 5,000 articles needs only its own 9. */
export function pageOf<T>(items: readonly T[], basePath: string, page: number, pageSize = NEWS_PAGE_SIZE): NewsPage<T> {
  const totalPages = Math.max(1, Math.ceil(items.length / pageSize));
  return {
    page,
    totalPages,
    items: items.slice((page - 1) * pageSize, page * pageSize),
    nextPath: page < totalPages ? pagePathOf(basePath, page + 1) : null,
  };
}

/** Newest first, by publication date; ties keep their order. Each date is parsed once. */
export function newestFirst<T extends { publishedAt: string }>(items: readonly T[]): T[] {
  return items
    .map((item) => ({ item, time: Date.parse(item.publishedAt) }))
    .sort((a, b) => b.time - a.time)
    .map((entry) => entry.item);
}
