import { computed, type ReadableAtom } from "nanostores";
import { keyedResource, type Resource } from "./resource.ts";
import { $selectedAccount } from "./selected-account.ts";

/**
 * A block of the selected account's data: it loads for the account selected now, again when another
 * one is selected or `$params` (filters, an id) changes, and drops an answer that arrives for an
 * account or params no longer current.
 */
export function accountResource<P, T>(
  $params: ReadableAtom<P>,
  fetcher: (account: string, params: P, signal: AbortSignal) => Promise<T | null>,
): Resource<T> {
  const $key = computed([$selectedAccount, $params], (account, params) => ({ account: account ?? "", params }));
  return keyedResource($key, ({ account, params }, signal) => fetcher(account, params, signal));
}
