import { atom } from "nanostores";
import { useEffect, useState } from "react";
import type { ApiClient } from "../../core/api/client.ts";
import { api } from "../../core/session/browser-client.ts";
import { accountResource } from "../../core/stores/account-resource.ts";
import type { ResourceState } from "../../core/stores/resource.ts";
import { useTransitionStore } from "./use-transition-store.ts";

/**
 * One block of the selected account's data for a component, with `reload` for the retry button and
 * `set` for a save that answered with the new record. `load` is given the account to load for and
 * the API client to load with: every call of that client is aborted when the load is superseded
 * (another account, other params, a reload). `params` is everything else it depends on (filters,
 * an id, the language): a change loads again, keeping the shown data until the answer is there.
 */
export function useResource<T>(
  load: (account: string, client: ApiClient) => Promise<T | null>,
  params: unknown = null,
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
  return { state: useTransitionStore(block.$state), reload: block.reload, set: block.set };
}
