/**
 * The publishing side of the warm renderer (child.ts): starts a child for every full build, which
 * then stays alive to render single changes. At most one child per site; a new full build replaces
 * it, and any doubt about its state (a failed publish, a release that did not go live) discards it,
 * so the next change takes the full build again.
 */
import { fork, type ChildProcess } from "node:child_process";
import path from "node:path";
import { astroBuildEnv, buildFailureMessage, failureHeadline, type BuildOptions } from "../build/build-site.ts";
import { BUILD_LOG_LEVEL, buildLogLevel, type ChildMessage, type ParentMessage, type PublishOutcome } from "./protocol.ts";

const root = path.resolve(import.meta.dirname, "../..");
const CHILD = path.join(import.meta.dirname, "child.ts");

/**
 * The bundler (rolldown) allocates through mimalloc, which by default keeps freed pages a while
 * before giving them back. The warm renderer bundles once and then lives on, so that memory stayed
 * resident through the whole build: returning it at once lowered the peak of a cold build at
 * 20,000 articles from 1.68–1.72 to 1.41–1.47 GB, in the same time. A value set in the environment
 * wins.
 */
const BUNDLER_MEMORY: NodeJS.ProcessEnv = { MIMALLOC_PURGE_DELAY: "0" };

/**
 * V8 grows the heap by a factor of its own choosing after each full collection, up to four times
 * what is in use for a process that allocates fast. Loading 40,000 articles (a request, a parse and
 * a validation each) is such a phase: the heap grew to twice what was in use, and that set the
 * peak. Growing it by 30% at a time lowered the peak of a cold build at 20,000 articles from
 * 1.41–1.47 to 1.27 GB, for about 4% more time. Unlike a cap on the heap's size, a larger archive
 * still builds.
 */
const HEAP_GROWTH = ["--heap-growing-percent=30"];

/** The child makes its full collections outside publishes (child.ts, `collection`). */
const COLLECTION_ON_DEMAND = ["--expose-gc"];

export type WarmRenderer = {
  /** A full `astro build` into `options.outDir` in a new child, which stays warm afterwards. */
  build: (options: Omit<BuildOptions, "settings">) => Promise<void>;
  /**
   * Renders what `changes` affect into `outDir` (an empty folder); `created` and `removed` are
   * against `liveDir`, the live release, and nothing is deleted anywhere.
   */
  publish: (outDir: string, liveDir: string, changes: { id: string }[]) => Promise<PublishOutcome>;
  /** True when a child holds the live release's state. */
  ready: () => boolean;
  /** Ends the child: the next change takes the full build. */
  discard: () => void;
  /** Tells the child a release is live and nothing is asked of it: it may collect its garbage (idle-collection.ts). */
  idle: () => void;
  /**
   * Stops the child where it is (SIGSTOP) until the returned function is called (SIGCONT), for
   * work that must have the cores meanwhile; holds may overlap, the last one given back resumes.
   */
  hold: () => () => void;
};

export function createWarmRenderer(): WarmRenderer {
  let child: ChildProcess | null = null;
  let warm = false;
  let nextId = 1;
  const pending = new Map<number, { resolve: (outcome: PublishOutcome) => void; reject: (error: Error) => void }>();

  const discard = (): void => {
    warm = false;
    child?.kill("SIGKILL");
    child = null;
    for (const { reject } of pending.values()) reject(new Error("the warm renderer was stopped"));
    pending.clear();
  };

  const build: WarmRenderer["build"] = (options) => {
    discard();
    let env: NodeJS.ProcessEnv;
    try {
      env = astroBuildEnv(options);
    } catch (error) {
      return Promise.reject(error as Error);
    }
    const started = fork(CHILD, [], { execArgv: [...process.execArgv, ...HEAP_GROWTH, ...COLLECTION_ON_DEMAND], cwd: root, env: { ...BUNDLER_MEMORY, ...env, [BUILD_LOG_LEVEL]: buildLogLevel(Boolean(options.log)) }, stdio: ["ignore", "pipe", "pipe", "ipc"], execPath: process.execPath });
    child = started;
    if (started.pid !== undefined) options.onProcess?.(started.pid);
    let tail = "";
    let headline: string | null = null;
    const onData = (chunk: Buffer): void => {
      const text = chunk.toString();
      tail = (tail + text).slice(-4000);
      headline ??= failureHeadline(text);
      for (const line of text.split("\n")) if (line.trim()) options.log?.(line);
    };
    started.stdout?.on("data", onData);
    started.stderr?.on("data", onData);
    const stop = (): void => discard();
    options.signal?.addEventListener("abort", stop, { once: true });

    started.on("message", (message: ChildMessage) => {
      if (message.type === "published" || message.type === "publish-failed") {
        const waiting = pending.get(message.id);
        pending.delete(message.id);
        if (message.type === "published") waiting?.resolve(message.outcome);
        else waiting?.reject(new Error(`fast publish failed: ${message.error}`));
      }
    });
    started.on("exit", () => {
      if (child === started) {
        warm = false;
        child = null;
        for (const { reject } of pending.values()) reject(new Error("the warm renderer ended"));
        pending.clear();
      }
    });

    return new Promise<void>((resolve, reject) => {
      started.on("message", (message: ChildMessage) => {
        if (message.type !== "built") return;
        options.signal?.removeEventListener("abort", stop);
        warm = true;
        resolve();
      });
      started.on("exit", (code, signal) => {
        options.signal?.removeEventListener("abort", stop);
        if (options.signal?.aborted) reject(new Error("the build was stopped"));
        else reject(new Error(buildFailureMessage(signal ?? code, headline, tail)));
      });
    });
  };

  const publish: WarmRenderer["publish"] = (outDir, liveDir, changes) => {
    const target = child;
    if (!target || !warm) return Promise.reject(new Error("no warm renderer"));
    const id = nextId++;
    return new Promise<PublishOutcome>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      const message: ParentMessage = { type: "publish", id, outDir, liveDir, changes };
      target.send(message);
    });
  };

  const idle: WarmRenderer["idle"] = () => {
    // A hint: a child that ended meanwhile has nothing to collect (without the callback, a message
    // that cannot be sent is an "error" event on the child).
    if (child && warm) child.send({ type: "idle" } satisfies ParentMessage, () => undefined);
  };

  return { build, publish, ready: () => warm && child !== null, discard, idle, hold: createHolds(() => child) };
}

/**
 * Holds of the process `current()` gives: the first stops it (SIGSTOP), the last one given back
 * resumes that same process (SIGCONT). A process that ended meanwhile is left alone.
 */
export function createHolds(current: () => ChildProcess | null): () => () => void {
  let holds = 0;
  let held: ChildProcess | null = null;
  return () => {
    const child = current();
    if (holds++ === 0 && child && child.exitCode === null && child.signalCode === null) {
      held = child;
      held.kill("SIGSTOP");
    }
    let given = false;
    return () => {
      if (given) return;
      given = true;
      if (--holds > 0 || !held) return;
      if (held.exitCode === null && held.signalCode === null) held.kill("SIGCONT");
      held = null;
    };
  };
}
