import type { ReadableAtom } from "nanostores";
import { startTransition, useEffect, useState } from "react";

/**
 * A store's value for a component, where a change re-renders it as a transition. `useStore` (and
 * React's `useSyncExternalStore` under it) renders every change at once and in one piece, which
 * React cannot split: each answer of the dashboard re-rendering the page became one long task on the
 * main thread. A transition renders in slices that give the browser back its thread every few
 * milliseconds, so input and painting go on while a block fills in.
 *
 * The store is subscribed only once the component is committed: reading `value` does not mount it,
 * and mounting a block's state starts its load, which a render React throws away must never do (it
 * would send a request nobody reads, and the kept render would send it again).
 */
export function useTransitionStore<T>($store: ReadableAtom<T>): T {
  // `value` reads without mounting; an atom always holds one (its initial value until set).
  const [value, setValue] = useState(() => $store.value as T);
  useEffect(() => {
    const follow = (next: T): void => startTransition(() => setValue(() => next));
    const unsubscribe = $store.listen(follow);
    // Subscribing mounted the store, which may have changed it since the render read it.
    follow($store.get());
    return unsubscribe;
  }, [$store]);
  return value;
}
