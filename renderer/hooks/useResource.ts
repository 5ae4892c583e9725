import { useCallback, useEffect, useState } from "react";
import type { IpcResult } from "../../common/result";

export type Resource<T> = { status: "loading" } | { status: "ready"; value: T } | { status: "failed"; message: string };

/** Loads something through the bridge; `reload` fetches it again (keeping what is shown meanwhile). */
export function useResource<T>(load: () => Promise<IpcResult<T>>, deps: readonly unknown[]): [Resource<T>, () => void] {
  const [resource, setResource] = useState<Resource<T>>({ status: "loading" });
  const [generation, setGeneration] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller lists what `load` depends on.
  useEffect(() => {
    let current = true;
    load().then(
      (result) => {
        if (!current) return;
        setResource(
          result.ok ? { status: "ready", value: result.value } : { status: "failed", message: result.error.message },
        );
      },
      (error: unknown) => {
        if (current) setResource({ status: "failed", message: String(error) });
      },
    );
    return () => {
      current = false;
    };
  }, [...deps, generation]);
  const reload = useCallback(() => setGeneration((count) => count + 1), []);
  return [resource, reload];
}

/** The value of a result, or an Error carrying the service's (or main's) message. */
export function unwrap<T>(result: IpcResult<T>): T {
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}
