// A value that follows another after a pause, as lodash's debounce with maxWait calls a function:
// once `value` has stayed the same for `wait` ms, and while it keeps changing, at the latest
// `maxWait` ms after the change that started the run (the lookup's 200 ms and 500 ms).
import { useEffect, useRef, useState } from "react";

export function useDebounced<T>(value: T, wait: number, maxWait: number): T {
  const [settled, setSettled] = useState(value);
  // When the value first differed from the settled one: the start of the run maxWait counts from.
  const runStart = useRef<number | null>(null);
  useEffect(() => {
    if (Object.is(value, settled)) {
      runStart.current = null;
      return;
    }
    const now = Date.now();
    runStart.current ??= now;
    const timer = setTimeout(() => {
      runStart.current = null;
      setSettled(value);
    }, Math.max(0, Math.min(wait, runStart.current + maxWait - now)));
    return () => clearTimeout(timer);
  }, [value, settled, wait, maxWait]);
  return settled;
}
