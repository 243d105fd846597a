import { atom, type ReadableAtom } from "nanostores";

/**
 * One block of data on a portal screen and where it stands. `forbidden` is the client's null: the
 * API refused the call (403 statusCode 2), which the screen shows as "not for you", not as an error.
 */
export type ResourceState<T> =
  | { status: "loading" }
  | { status: "ready"; data: T }
  | { status: "forbidden" }
  | { status: "error"; error: unknown };

export type Resource<T> = {
  $state: ReadableAtom<ResourceState<T>>;
  /** (Re)loads; a slower earlier load that finishes later never overwrites a newer one. */
  load: () => Promise<void>;
  /** Replaces the data after a change the screen made itself (a save answered with the new record). */
  set: (data: T) => void;
};

/**
 * A loader per block, so one failing call never blanks the page: each block has its own loading,
 * error (with retry) and empty states.
 */
export function createResource<T>(fetcher: () => Promise<T | null>): Resource<T> {
  const $state = atom<ResourceState<T>>({ status: "loading" });
  let generation = 0;
  return {
    $state,
    async load() {
      const mine = ++generation;
      $state.set({ status: "loading" });
      try {
        const data = await fetcher();
        if (mine !== generation) return;
        $state.set(data === null ? { status: "forbidden" } : { status: "ready", data });
      } catch (error) {
        if (mine === generation) $state.set({ status: "error", error });
      }
    },
    set(data) {
      generation++;
      $state.set({ status: "ready", data });
    },
  };
}

/** Two blocks' data as one: ready when both are; otherwise the first one that is not (error before loading). */
export function combine<A, B>(a: ResourceState<A>, b: ResourceState<B>): ResourceState<[A, B]> {
  if (a.status === "ready" && b.status === "ready") return { status: "ready", data: [a.data, b.data] };
  for (const status of ["error", "forbidden", "loading"] as const) {
    if (a.status === status) return a as ResourceState<[A, B]>;
    if (b.status === status) return b as ResourceState<[A, B]>;
  }
  return { status: "loading" };
}
