import { useEffect, useState } from 'react';

/** The time now, ticking every `intervalMs`, shifted by `skewMs` (the server's clock minus this screen's). */
export function useWallClock(intervalMs: number, skewMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
  return now + skewMs;
}

/** Which of `count` panels shows: the next one every `intervalMs`, on a loop. */
export function usePanelCycle(count: number, intervalMs: number): number {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const id = setInterval(() => setIndex((i) => i + 1), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
  return count > 0 ? index % count : 0;
}
