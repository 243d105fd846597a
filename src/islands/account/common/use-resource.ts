import { useStore } from "@nanostores/react";
import { useEffect, useMemo } from "react";
import { ApiContractError } from "../../../core/api/errors.ts";
import { createResource, type ResourceState } from "../../../core/portal/resource.ts";

/**
 * One block's data for a component: loads when `deps` change, with `reload` for the retry button
 * and `set` for a save that answered with the new record. Network and HTTP failures stay in the
 * block (error with retry); a contract break is thrown to the island's error boundary.
 */
export function useResource<T>(
  fetcher: () => Promise<T | null>,
  deps: readonly unknown[],
): { state: ResourceState<T>; reload: () => void; set: (data: T) => void } {
  // The fetcher is recreated every render; the resource follows `deps` only, like an effect would.
  const key = JSON.stringify(deps);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const resource = useMemo(() => createResource(fetcher), [key]);
  useEffect(() => {
    void resource.load();
  }, [resource]);
  const state = useStore(resource.$state);
  // A body that breaks the contract is a bug, not a passing failure: the error boundary shows it.
  if (state.status === "error" && state.error instanceof ApiContractError) throw state.error;
  return { state, reload: () => void resource.load(), set: resource.set };
}
