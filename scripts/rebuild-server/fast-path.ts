/**
 * The fast path of a site's pipeline: CMS entry changes are rendered by the warm renderer into a
 * release linked from the live one; anything else (assets, manual and startup builds) takes the
 * full build. Nothing here reads the whole release: the link is made in the background after each
 * swap (the spare), and the site-wide files are rebuilt from the files the renderer wrote.
 */
import { dropRegenerated, finishFastRelease, refreshSearchIndexInBackground } from "../lib/fast-release.ts";
import { createSpareRelease } from "../lib/spare-release.ts";
import type { ScriptHashIndex } from "../lib/script-hash-index.ts";
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

const isPage = (file: string): boolean => file.endsWith(".html");

export function warmFastPath(
  renderer: WarmRenderer,
  site: {
    settings: RuntimeSettings;
    imageOrigin?: string | undefined;
    preview: boolean;
    /** The inline-script hashes of the live release, shared with the full build that fills it. */
    hashes: ScriptHashIndex;
    /** Where the next release is linked in the background: beside the work folder, on its file system. */
    spareDir: string;
  },
): FastPath & { spare: () => { patched: number; copied: number } } {
  const spare = createSpareRelease(site.spareDir);
  return {
    spare: spare.stats,
    discard: () => {
      renderer.discard();
      site.hashes.forget();
      void spare.discard();
    },
    released: (dir) => spare.prepare(dir),
    claim: (dir) => spare.claim(dir),
    close: () => spare.discard(),
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
      // The spare is taken or linked now; the renderer cannot write before the folder exists.
      const fromSpare = await spare.take(liveDir, outDir);
      await dropRegenerated(outDir);
      lap(fromSpare ? "link-spare" : "link");
      const outcome = await renderer.publish(outDir, changes);
      lap("render");
      if (outcome.wide !== null) return outcome;
      Object.assign(ms, outcome.ms);
      await finishFastRelease({
        outDir,
        liveDir,
        written: outcome.rendered,
        removed: outcome.removed,
        hashes: site.hashes,
        settings: site.settings,
        imageOrigin: site.imageOrigin,
        preview: site.preview,
        onStep: lap,
      });
      return {
        wide: null,
        rendered: outcome.rendered.length,
        changed: [...outcome.rendered, ...outcome.removed],
        pageDelta: outcome.created.filter(isPage).length - outcome.removed.filter(isPage).length,
        ms,
      };
    },
  };
}
