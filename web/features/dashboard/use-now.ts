import { useEffect, useState } from 'react';

/** The current time, updated every `intervalMs` (the timer's 1 s tick, docs/product.md §9). */
export function useNow(intervalMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
  return now;
}
