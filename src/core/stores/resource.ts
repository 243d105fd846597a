import { atom, onMount, type ReadableAtom } from "nanostores";
import { ApiContractError, ApiError } from "../api/errors.ts";

/**
 * Why a load failed: `contract`, the API answered 2xx with a body its schema refuses (a bug on one
 * side); `http`, another status than 2xx (a 403 is `forbidden`, not a failure); `network`, no
 * answer at all (offline, a timeout, a refused renewal).
 */
export type FailureKind = "network" | "contract" | "http";

export const failureKind = (error: unknown): FailureKind =>
  error instanceof ApiContractError ? "contract" : error instanceof ApiError ? "http" : "network";

/**
 * One block of data and where it stands. `forbidden` is the client's null: the API refused the call
 * (403 statusCode 2), which a screen shows as "not for you", not as an error. While a next load runs,
 * and after it failed, `data` is what the last good load gave (undefined before one), so a table
 * stays in place instead of jumping.
 */
export type ResourceState<T> =
  | { status: "loading"; data: T | undefined }
  | { status: "ready"; data: T }
  | { status: "forbidden" }
  | { status: "error"; kind: FailureKind; error: unknown; data: T | undefined };

/**
 * Whether a block has answered once (its data, an error, or "not for you"). Until then a screen keeps
 * its loading shape, and a block further down is not shown: the block above, growing from its
 * loading lines to its content, would push down what a phone already showed below it (a layout shift).
 */
export const hasAnswered = (state: ResourceState<unknown>): boolean => state.status !== "loading" || state.data !== undefined;

export type Resource<T> = {
  $state: ReadableAtom<ResourceState<T>>;
  /** (Re)loads; the answer of an earlier load still under way is dropped and its request aborted. */
  load: () => Promise<void>;
  /** Takes data the screen got itself (a save answered with the new record); a load under way is aborted. */
  set: (data: T) => void;
  /** Forgets the data and aborts a load under way (a logout): back to loading with nothing to show. */
  reset: () => void;
};

/** The data a state still holds, if any. */
export const dataOf = <T>(state: ResourceState<T>): T | undefined => ("data" in state ? state.data : undefined);

/**
 * A loader per block, so one failing call never blanks the page: each block has its own loading,
 * error (with retry) and empty states. `fetcher` answers null for a refusal (403).
 */
export function createResource<T>(fetcher: (signal: AbortSignal) => Promise<T | null>): Resource<T> {
  const $state = atom<ResourceState<T>>({ status: "loading", data: undefined });
  let current: AbortController | undefined;
  return {
    $state,
    async load() {
      current?.abort();
      const mine = (current = new AbortController());
      $state.set({ status: "loading", data: dataOf($state.get()) });
      try {
        const data = await fetcher(mine.signal);
        if (mine === current) $state.set(data === null ? { status: "forbidden" } : { status: "ready", data });
      } catch (error) {
        if (mine === current) $state.set({ status: "error", kind: failureKind(error), error, data: dataOf($state.get()) });
      }
    },
    set(data) {
      current?.abort();
      current = undefined;
      $state.set({ status: "ready", data });
    },
    reset() {
      current?.abort();
      current = undefined;
      $state.set({ status: "loading", data: undefined });
    },
  };
}

/**
 * A resource that follows `$key` (the selected account and whatever else the block shows, such as
 * filters): it loads once something listens and again whenever the key changes; the load for a key
 * that is no longer current (an account switched away from) is aborted and its answer dropped. No
 * key yet (undefined) is nothing to load: the block stays loading until one is set.
 */
export function keyedResource<K, T>($key: ReadableAtom<K>, fetcher: (key: K, signal: AbortSignal) => Promise<T | null>): Resource<T> {
  const resource = createResource((signal) => fetcher($key.get(), signal));
  onMount(resource.$state, () => $key.subscribe((key) => void (key === undefined ? undefined : resource.load())));
  return resource;
}

/** Two blocks' data as one: ready when both are; otherwise the first one that is not (error before forbidden before loading). */
export function combine<A, B>(a: ResourceState<A>, b: ResourceState<B>): ResourceState<[A, B]> {
  if (a.status === "ready" && b.status === "ready") return { status: "ready", data: [a.data, b.data] };
  const first = [a, b].find((s) => s.status === "error") ?? [a, b].find((s) => s.status === "forbidden");
  const [da, db] = [dataOf(a), dataOf(b)];
  const data: [A, B] | undefined = da !== undefined && db !== undefined ? [da, db] : undefined;
  if (first?.status === "forbidden") return first;
  if (first?.status === "error") return { ...first, data };
  return { status: "loading", data };
}
