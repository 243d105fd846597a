import { atom, type ReadableAtom } from "nanostores";
import { useCallback, useEffect, useState, useSyncExternalStore } from "react";
import type { ApiClient } from "../../core/api/client.ts";
import { api } from "../../core/session/browser-client.ts";
import { accountResource } from "../../core/stores/account-resource.ts";
import type { ResourceState } from "../../core/stores/resource.ts";
import { useTransitionStore } from "./use-transition-store.ts";

/**
 * How a block re-renders when its state changes: "at-once" in one piece, or "in-transition" in slices
 * that give the browser its thread back between them (useTransitionStore), for a screen whose blocks
 * keep their place while they fill in, such as the dashboard with its sized skeletons. Fixed for a
 * component's life.
 */
export type BlockRendering = "at-once" | "in-transition";

/**
 * One block of the selected account's data for a component, with `reload` for the retry button and
 * `set` for a save that answered with the new record. `load` is given the account to load for and
 * the API client to load with: every call of that client is aborted when the load is superseded
 * (another account, other params, a reload). `params` is everything else it depends on (filters,
 * an id, the language): a change loads again, keeping the shown data until the answer is there.
 * `rendering` says how a change of its state re-renders (see BlockRendering).
 */
export function useResource<T>(
  load: (account: string, client: ApiClient) => Promise<T | null>,
  params: unknown = null,
  rendering: BlockRendering = "at-once",
): { state: ResourceState<T>; reload: () => void; set: (data: T) => void } {
  const key = JSON.stringify(params);
  const [block] = useState(() => {
    const $request = atom({ key, load });
    const resource = accountResource($request, (account, request, signal) => request.load(account, api().aborting(signal)));
    // The same function every render, so a block that only gets it re-renders only when its data changes.
    return { ...resource, $request, reload: () => void resource.load() };
  });
  useEffect(() => {
    if (block.$request.get().key !== key) block.$request.set({ key, load });
    // The loader is recreated every render; the block follows the account and `params` only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [block, key]);
  const useFollow = rendering === "in-transition" ? useTransitionStore : useCommittedStore;
  return { state: useFollow(block.$state), reload: block.reload, set: block.set };
}

/**
 * A store's value for a component, subscribed only once the component is committed. `useStore`
 * reads with `get()`, which mounts the store in the render itself, and mounting a block's state
 * starts its load: a render React throws away (a lazy block's retry, interrupted by a store update
 * elsewhere on the page) then sends a request that nobody reads, and the kept render sends it again.
 */
function useCommittedStore<T>($store: ReadableAtom<T>): T {
  const subscribe = useCallback((onChange: () => void) => $store.listen(onChange), [$store]);
  // `value` reads without mounting; an atom always holds one (its initial value until set).
  const snapshot = (): T => $store.value as T;
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
