import { useCallback, useEffect, useEffectEvent, useState } from "react";

export type Resource<T> =
  | { status: "loading"; data: T | undefined }
  | { status: "ready"; data: T }
  | { status: "forbidden"; data: undefined }
  | { status: "error"; data: T | undefined; error: unknown };

/**
 * Loads data with `load` whenever `key` changes, aborting the previous load; keeps the last data
 * while the next loads (tables do not jump). A null answer (the API's 403) is "forbidden".
 */
export function useResource<T>(key: string, load: (signal: AbortSignal) => Promise<T | null>): Resource<T> & { reload: () => void } {
  const [attempt, setAttempt] = useState(0);
  const request = `${key}#${attempt}`;
  // The answer of the latest finished request; while `request` moves on it is shown as loading.
  const [settled, setSettled] = useState<{ request: string; resource: Resource<T> }>({
    request: "",
    resource: { status: "loading", data: undefined },
  });
  const run = useEffectEvent((signal: AbortSignal) => load(signal));

  useEffect(() => {
    const controller = new AbortController();
    run(controller.signal).then(
      (data) => {
        if (controller.signal.aborted) return;
        setSettled({ request, resource: data === null ? { status: "forbidden", data: undefined } : { status: "ready", data } });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setSettled((previous) => ({ request, resource: { status: "error", data: previous.resource.data, error } }));
      },
    );
    return () => controller.abort();
  }, [request]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const resource: Resource<T> =
    settled.request === request ? settled.resource : { status: "loading", data: settled.resource.data };
  return { ...resource, reload };
}
