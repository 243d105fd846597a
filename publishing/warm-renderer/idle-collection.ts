/**
 * Garbage collection in the warm renderer's idle time. Each publish leaves garbage in the old
 * generation (the content, paths and plan it replaced), and V8 collects it with a full collection
 * once the heap has grown by its growing factor (30%: client.ts, `HEAP_GROWTH`), in the middle of
 * whatever publish gets there. At 20,000 articles that collection took 0.8 s of one publish's main
 * thread (an unpublish live in 2.9 s, against 1.7 to 1.9 s for the title edits around it). The
 * renderer is told when a release it rendered is live (`idle`) and then collects itself once the
 * heap has grown by half that factor since its last collection: the collections V8 would make,
 * made sooner, while nothing waits for the renderer.
 */

/** The share of growth since the last collection at which idle time collects. */
export const IDLE_COLLECTION_GROWTH = 0.15;

export type IdleCollection = {
  /** Collects now (after a full build) and takes the heap that is left as the new measure. */
  collect: () => void;
  /** Collects when the heap has grown past the measure; true when it did. */
  idle: () => boolean;
};

export function createIdleCollection(heapUsed: () => number, collect: () => void, growth = IDLE_COLLECTION_GROWTH): IdleCollection {
  let afterLast = heapUsed();
  const collectNow = (): void => {
    collect();
    afterLast = heapUsed();
  };
  return {
    collect: collectNow,
    idle: () => {
      if (heapUsed() <= afterLast * (1 + growth)) return false;
      collectNow();
      return true;
    },
  };
}
