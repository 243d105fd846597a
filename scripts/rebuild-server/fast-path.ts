/**
 * The fast path of a site's pipeline: CMS entry changes are rendered by the warm renderer into a
 * release linked from the live one; anything else (assets, manual and startup builds) takes the
 * full build.
 */
import { finishLinkedRelease, linkRelease, refreshSearchIndexInBackground } from "../lib/fast-release.ts";
import type { WarmRenderer } from "../lib/warm-renderer/client.ts";
import type { RuntimeSettings } from "../../src/core/settings.ts";
import type { FastPath } from "./pipeline.ts";
import type { Trigger } from "./queue.ts";

/** The entry ids of webhook triggers about entries; null when any trigger is something else. */
export function entryChanges(triggers: readonly Trigger[]): { id: string }[] | null {
  const changes: { id: string }[] = [];
  for (const trigger of triggers) {
    if (trigger.source !== "webhook" || !/^ContentManagement\.Entry\./.test(trigger.topic)) return null;
    changes.push({ id: trigger.id });
  }
  return changes;
}

export function warmFastPath(
  renderer: WarmRenderer,
  site: { settings: RuntimeSettings; imageOrigin?: string | undefined; preview: boolean },
): FastPath {
  return {
    discard: () => renderer.discard(),
    refreshSearchIndex: refreshSearchIndexInBackground,
    publish: async (outDir, { liveDir, triggers }) => {
      const changes = entryChanges(triggers);
      if (!changes) return { wide: "not a content entry change (asset, manual or startup build)" };
      if (!renderer.ready()) return { wide: "no warm renderer yet" };
      const ms: Record<string, number> = {};
      let last = performance.now();
      const lap = (name: string): void => {
        const now = performance.now();
        ms[name] = Math.round(now - last);
        last = now;
      };
      await linkRelease(liveDir, outDir);
      lap("link");
      const outcome = await renderer.publish(outDir, changes);
      lap("render");
      if (outcome.wide !== null) return outcome;
      Object.assign(ms, outcome.ms);
      await finishLinkedRelease({ outDir, liveDir, settings: site.settings, imageOrigin: site.imageOrigin, preview: site.preview, onStep: lap });
      return { wide: null, rendered: outcome.rendered.length, changed: [...outcome.rendered, ...outcome.removed], ms };
    },
  };
}
