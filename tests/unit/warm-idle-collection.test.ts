import { describe, expect, it } from "vitest";
import { createIdleCollection, IDLE_COLLECTION_GROWTH } from "../../publishing/warm-renderer/idle-collection.ts";

/** A heap of `used` bytes whose collection leaves `live`. */
function heap(used: number) {
  const state = { used, live: used, collections: 0 };
  const collection = createIdleCollection(
    () => state.used,
    () => {
      state.collections++;
      state.used = state.live;
    },
  );
  return { state, collection };
}

describe("the warm renderer's collection in idle time", () => {
  it("collects once the heap has grown past the share since the last collection, and measures from what is left", () => {
    const { state, collection } = heap(1_000);
    state.used = 1_000 * (1 + IDLE_COLLECTION_GROWTH);
    expect(collection.idle()).toBe(false);
    state.used += 1;
    state.live = 1_050;
    expect(collection.idle()).toBe(true);
    expect(state.collections).toBe(1);
    // The measure is now the 1,050 left: growth to 1,100 is within the share.
    state.used = 1_100;
    expect(collection.idle()).toBe(false);
    state.used = 1_300;
    expect(collection.idle()).toBe(true);
    expect(state.collections).toBe(2);
  });

  it("collects at once when told to (after a full build) and measures from there", () => {
    const { state, collection } = heap(2_000);
    state.live = 500;
    collection.collect();
    expect(state.collections).toBe(1);
    state.used = 600;
    expect(collection.idle()).toBe(true);
  });
});
