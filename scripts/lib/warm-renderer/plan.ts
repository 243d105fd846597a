/**
 * Which pages a publish renders again, from the live release's paths and the new ones. A path with
 * a cache key (a digest of what it shows) is rendered again when the key changed; a path without
 * one when any content it read while it rendered last changed, or when that is not known. New paths
 * are rendered; paths that are gone are removed.
 */

/** One path Astro builds, as the warm renderer remembers it. */
export type PathState = {
  /** Route component and pathname: the same path of the same route. */
  key: string;
  /** Where Astro renders it (`/nieuws.html`); also its file in the release. */
  requestPath: string;
  cacheKey: string | undefined;
};

export type RenderPlan = {
  /** Keys of the paths to render, in the order Astro lists them. */
  render: string[];
  /** Request paths of files to delete. */
  remove: string[];
};

export function planRender(
  live: readonly PathState[],
  next: readonly PathState[],
  reads: ReadonlyMap<string, readonly string[]>,
  changedKeys: ReadonlySet<string>,
): RenderPlan {
  const before = new Map(live.map((entry) => [entry.key, entry]));
  const render: string[] = [];
  for (const entry of next) {
    const old = before.get(entry.key);
    if (!old || old.requestPath !== entry.requestPath) render.push(entry.key);
    else if (entry.cacheKey !== undefined || old.cacheKey !== undefined) {
      if (entry.cacheKey !== old.cacheKey) render.push(entry.key);
    } else {
      const read = reads.get(entry.requestPath);
      if (!read || read.some((key) => changedKeys.has(key))) render.push(entry.key);
    }
  }
  const kept = new Set(next.map((entry) => entry.requestPath));
  const remove = [...new Set(live.filter((entry) => !kept.has(entry.requestPath)).map((entry) => entry.requestPath))];
  return { render, remove };
}
