/**
 * The fast path of a site's pipeline: CMS entry changes are rendered by the warm renderer and
 * placed into a release linked from the live one; anything else (assets, manual and startup
 * builds) takes the full build. Nothing here reads the whole release: the link is made in the
 * background after each swap (the spares), and the site-wide files are rebuilt from the files the
 * renderer wrote.
 */
import { mkdir, rm } from "node:fs/promises";
import { dropRegenerated, finishFastRelease, placeRendered, refreshSearchIndexInBackground } from "../build/fast-release.ts";
import { createSparePool } from "../releases/spare-release.ts";
import type { ScriptHashIndex } from "../build/script-hash-index.ts";
import type { WarmRenderer } from "../warm-renderer/client.ts";
import type { RuntimeSettings } from "../../src/core/settings.ts";
import type { FastPath } from "./pipeline.ts";
import type { Trigger } from "./queue.ts";

/**
 * The entry ids of triggers about entries (webhooks about an entry or a scheduled action on one,
 * and the scheduler's own at the scheduled time); null when any trigger is something else.
 */
export function entryChanges(triggers: readonly Trigger[]): { id: string }[] | null {
  const changes: { id: string }[] = [];
  for (const trigger of triggers) {
    const aboutEntry = /^ContentManagement\.(Entry|ScheduledAction)\./.test(trigger.topic);
    if (!(trigger.source === "webhook" || trigger.source === "schedule") || !aboutEntry) return null;
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
  const spare = createSparePool(site.spareDir);
  return {
    spare: spare.stats,
    discard: () => {
      renderer.discard();
      site.hashes.forget();
      void spare.discard();
    },
    released: (dir) => {
      spare.prepare(dir);
      renderer.idle();
    },
    beforeFullRelease: (dir) => spare.fill(dir),
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
      // The release is linked (the spare taken, or a whole copy made) while the renderer works out
      // and renders the change into a folder of its own; the rendered files then replace their links.
      const rendered = `${outDir}.rendered`;
      await rm(rendered, { recursive: true, force: true });
      await mkdir(rendered, { recursive: true });
      const linking = spare.take(liveDir, outDir).then(async (fromSpare) => {
        await dropRegenerated(outDir);
        ms[fromSpare ? "link-spare" : "link"] = Math.round(performance.now() - last);
      });
      // Both have ended before anything is reported: the pipeline empties the work folder on failure.
      const [rendering, linked] = await Promise.allSettled([renderer.publish(rendered, liveDir, changes), linking]);
      lap("render");
      try {
        if (rendering.status === "rejected") throw rendering.reason;
        if (linked.status === "rejected") throw linked.reason;
        if (rendering.value.wide !== null) return rendering.value;
        await placeRendered(rendered, outDir, rendering.value.rendered, rendering.value.removed);
      } finally {
        await rm(rendered, { recursive: true, force: true });
      }
      const outcome = rendering.value;
      lap("place");
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
