import { useEffect, useRef } from "react";

/** A ref that always holds the latest `value`, for callbacks read from effects without re-running them. */
export function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  });
  return ref;
}
