import { useEffect, useState } from "react";

/** The current time, refreshed every `everyMs`, so that "5 minutes ago" stays true while a screen is open. */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
