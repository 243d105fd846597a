/** Messages between the publishing process and its warm renderer (child.ts) over the IPC channel. */

/**
 * `publish`: `outDir` is an empty folder for the rendered files, `liveDir` the live release they
 * replace files of. `idle`: a release is live and nothing is asked of the renderer now.
 */
export type ParentMessage =
  | { type: "publish"; id: number; outDir: string; liveDir: string; changes: { id: string }[] }
  | { type: "idle" };

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

/**
 * Astro's log level in the child, told through its environment. At "info" Astro logs every page:
 * at 5,000 articles some 37,000 lines, written down a pipe and read again by the publishing
 * process while both sites' first builds share the cores. Nobody reads them unless the build's
 * output is asked for, so the child otherwise logs warnings and errors only (a failed build's
 * headline and tail come from those).
 */
export const BUILD_LOG_LEVEL = "KP_BUILD_LOG_LEVEL";
export type BuildLogLevel = "info" | "warn";
export const buildLogLevel = (outputWanted: boolean): BuildLogLevel => (outputWanted ? "info" : "warn");
/** The child's side: what the parent set, "info" when started some other way. */
export const childLogLevel = (env: NodeJS.ProcessEnv): BuildLogLevel => (env[BUILD_LOG_LEVEL] === "warn" ? "warn" : "info");
