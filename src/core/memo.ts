/**
 * Remembers the results of a pure function of one string key. A build renders tens of thousands of
 * pages from the same few menus, images and links, and parsing the same URL again for every page is
 * most of what those helpers cost. The cache is bounded (emptied once it holds `limit` keys), so a
 * long-running publishing process whose content keeps changing does not grow with every value it saw.
 * Results are shared between callers: they must be treated as read-only.
 */
export function memoByKey<A extends unknown[], R>(
  limit: number,
  keyOf: (...args: A) => string,
  compute: (...args: A) => R,
): (...args: A) => R {
  const cache = new Map<string, R>();
  return (...args: A): R => {
    const key = keyOf(...args);
    if (cache.has(key)) return cache.get(key) as R;
    const result = compute(...args);
    if (cache.size >= limit) cache.clear();
    cache.set(key, result);
    return result;
  };
}
