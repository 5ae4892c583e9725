import { useLayoutEffect, useRef } from "react";

/** A ref that always holds the latest `value`, for callbacks read from effects without re-running them. */
export function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value);
  // A layout effect, so that layout effects declared after it already read this render's value.
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
