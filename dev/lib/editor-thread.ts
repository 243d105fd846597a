/**
 * The benchmark's editor and visitor on a thread of their own: the CMS calls an editor makes and
 * the polls of the live page until it shows the change, as browsers on other machines make them.
 * On the thread of the publishing server, which is at its busiest the moment a publish goes live,
 * each answer was read only once that thread's own work let it, and the figures counted that wait
 * as publishing time.
 */
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import { postContentAdmin } from "./content-admin-call.ts";

/** One call of the stand-in CMS's content admin: `articles/<slug>/edit` with its JSON body. */
export type AdminCall = { route: string; body: unknown };
/** What the live page must show: a text in its body, or a status. */
export type Expectation = { includes: string } | { status: number };
/** A change measured: the CMS calls, then the polls; `startAt` (epoch ms) replaces the clock's start for a scheduled one. */
export type Measurement = { calls: AdminCall[]; url: string; expect: Expectation; startAt?: number };
/** Epoch milliseconds: `started` when the first call went out, `cmsDone` when the last answered, `seen` when the page showed the change. */
export type Measured = { started: number; cmsDone: number; seen: number };

type Setup = { backendUrl: string; adminSecret: string };
type Request = { type: "measure"; id: number; measurement: Measurement } | { type: "swapped"; at: number } | { type: "close" };
type Reply = { type: "measured"; id: number; measured: Measured } | { type: "failed"; id: number; error: string };

export type EditorThread = {
  measure: (measurement: Measurement) => Promise<Measured>;
  /** Told the moment the live site's pointer moved (epoch ms): the polls quicken from then on. */
  swapped: (at: number) => void;
  close: () => Promise<void>;
};

/** The clock both threads read: epoch milliseconds with performance.now()'s resolution. */
export const epochMs = (): number => performance.timeOrigin + performance.now();

export function startEditorThread(setup: Setup): EditorThread {
  const worker = new Worker(new URL(import.meta.url), { workerData: setup satisfies Setup });
  const pending = new Map<number, PromiseWithResolvers<Measured>>();
  let nextId = 1;
  worker.on("message", (reply: Reply) => {
    const waiting = pending.get(reply.id);
    pending.delete(reply.id);
    if (reply.type === "measured") waiting?.resolve(reply.measured);
    else waiting?.reject(new Error(reply.error));
  });
  worker.on("error", (error) => {
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  });
  const send = (request: Request): void => worker.postMessage(request);
  return {
    measure: (measurement) => {
      const id = nextId++;
      const waiting = Promise.withResolvers<Measured>();
      pending.set(id, waiting);
      send({ type: "measure", id, measurement });
      return waiting.promise;
    },
    swapped: (at) => send({ type: "swapped", at }),
    close: async () => {
      send({ type: "close" });
      await worker.terminate();
    },
  };
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Gives up on a change the live site never shows. */
const GIVE_UP_MS = 300_000;

function runThread(setup: Setup, port: NonNullable<typeof parentPort>): void {
  let lastSwap = 0;
  let swapped = Promise.withResolvers<void>();


  /**
   * Every 5 ms once the live release moved after `started`, until then every 250 ms or at the move:
   * polling every few milliseconds throughout took a share of the cores from the publish measured.
   */
  const pause = (started: number): Promise<void> => (lastSwap > started ? sleep(5) : Promise.race([sleep(250), swapped.promise]));

  const shows = (expect: Expectation, status: number, body: string): boolean => ("status" in expect ? status === expect.status : body.includes(expect.includes));

  const measure = async ({ calls, url, expect, startAt }: Measurement): Promise<Measured> => {
    const started = epochMs();
    for (const { route, body } of calls) await postContentAdmin(setup.backendUrl, setup.adminSecret, route, body);
    const cmsDone = epochMs();
    const from = startAt ?? started;
    for (;;) {
      const response = await fetch(url);
      if (shows(expect, response.status, await response.text())) return { started: from, cmsDone, seen: epochMs() };
      if (epochMs() - from > GIVE_UP_MS) throw new Error(`${url} never showed the change`);
      await pause(from);
    }
  };

  port.on("message", (request: Request) => {
    if (request.type === "close") return port.close();
    if (request.type === "swapped") {
      lastSwap = request.at;
      swapped.resolve();
      swapped = Promise.withResolvers<void>();
      return;
    }
    measure(request.measurement).then(
      (measured) => port.postMessage({ type: "measured", id: request.id, measured } satisfies Reply),
      (error: unknown) => port.postMessage({ type: "failed", id: request.id, error: error instanceof Error ? error.message : String(error) } satisfies Reply),
    );
  });
}

if (!isMainThread && parentPort && (workerData as Partial<Setup> | null)?.backendUrl) runThread(workerData as Setup, parentPort);
