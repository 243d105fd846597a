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

type RenderPlan = {
  /** Keys of the paths to render, in the order Astro lists them. */
  render: string[];
  /** Request paths of files to delete. */
  remove: string[];
  /** The next paths by key: the live ones once this plan's release is live. */
  live: Map<string, PathState>;
};

/** The paths of a release by key, as `planRender` takes them. */
export const byKey = (paths: readonly PathState[]): Map<string, PathState> => new Map(paths.map((entry) => [entry.key, entry]));

export function planRender(
  live: ReadonlyMap<string, PathState>,
  next: readonly PathState[],
  reads: ReadonlyMap<string, readonly string[]>,
  changedKeys: ReadonlySet<string>,
): RenderPlan {
  const nextLive = new Map<string, PathState>();
  const render: string[] = [];
  for (const entry of next) {
    nextLive.set(entry.key, entry);
    const old = live.get(entry.key);
    // The very state object of the live release: same path, same file, same cache key.
    if (old === entry && entry.cacheKey !== undefined) continue;
    if (!old || old.requestPath !== entry.requestPath) render.push(entry.key);
    else if (entry.cacheKey !== undefined || old.cacheKey !== undefined) {
      if (entry.cacheKey !== old.cacheKey) render.push(entry.key);
    } else {
      const read = reads.get(entry.requestPath);
      if (!read || read.some((key) => changedKeys.has(key))) render.push(entry.key);
    }
  }
  const gone: PathState[] = [];
  for (const entry of live.values()) if (!nextLive.has(entry.key)) gone.push(entry);
  // A file another path still renders to stays (rare: a path that moved to another route).
  const kept = gone.length === 0 ? new Set<string>() : new Set(next.map((entry) => entry.requestPath));
  const remove = [...new Set(gone.filter((entry) => !kept.has(entry.requestPath)).map((entry) => entry.requestPath))];
  return { render, remove, live: nextLive };
}

/**
 * The live paths taken over as `listed` (the static-paths pass's own states of the same paths)
 * when a publish with no change would render and remove nothing between them; null when it would.
 * Every later publish gives the pass's states again as the same objects, which the plan passes
 * over at a glance: taken over once after the full build, they spare the first publish a slow
 * comparison of every path of the site (and running that comparison's code for the first time).
 */
export function adoptListing(
  live: ReadonlyMap<string, PathState>,
  listed: readonly PathState[],
  reads: ReadonlyMap<string, readonly string[]>,
): Map<string, PathState> | null {
  const plan = planRender(live, listed, reads, new Set());
  return plan.render.length === 0 && plan.remove.length === 0 ? plan.live : null;
}
