/** Messages between the publishing process and its warm renderer (child.ts) over the IPC channel. */

/** `outDir`: an empty folder for the rendered files; `liveDir`: the live release they replace files of. */
export type ParentMessage = { type: "publish"; id: number; outDir: string; liveDir: string; changes: { id: string }[] };

/** What a fast publish did: files relative to the release folder. */
export type PublishOutcome =
  | { wide: string }
  | {
      wide: null;
      rendered: string[];
      /** Of `rendered`, the files the live release did not have. */
      created: string[];
      removed: string[];
      refetched: string[];
      ms: Record<string, number>;
    };

export type ChildMessage =
  | { type: "built"; pages: number }
  | { type: "published"; id: number; outcome: PublishOutcome }
  | { type: "publish-failed"; id: number; error: string };
