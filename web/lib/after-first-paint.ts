// Work a page can start a moment later waits for the first paint of its content: requests sent before it share the
// phone's few connections and its bandwidth with the page's own scripts and first reads (decision 057).
import { useEffect, useState } from 'react';

/** In case no paint is ever reported (a browser without paint timing that also hides nothing): start anyway. */
const LATEST_MS = 3000;

let painted: Promise<void> | null = null;

/** Settles just after the browser reports the page's first contentful paint; at once if that is past. */
export function afterFirstPaint(): Promise<void> {
  painted ??= new Promise((resolve) => {
    // A task of its own, after the one that reported the paint.
    const done = () => setTimeout(resolve, 0);
    const paintTiming =
      typeof PerformanceObserver !== 'undefined' &&
      PerformanceObserver.supportedEntryTypes?.includes('paint');
    // A hidden tab paints nothing until it is shown; its work need not wait for that.
    if (!paintTiming || document.visibilityState === 'hidden') return done();
    const fallback = setTimeout(() => finish(), LATEST_MS);
    const observer = new PerformanceObserver((list) => {
      if (list.getEntries().some((entry) => entry.name === 'first-contentful-paint')) finish();
    });
    function finish() {
      clearTimeout(fallback);
      observer.disconnect();
      done();
    }
    observer.observe({ type: 'paint', buffered: true });
  });
  return painted;
}

/** False until the page's first contentful paint (afterFirstPaint), then true. */
export function useAfterFirstPaint(): boolean {
  const [done, setDone] = useState(false);
  useEffect(() => {
    let mounted = true;
    void afterFirstPaint().then(() => mounted && setDone(true));
    return () => {
      mounted = false;
    };
  }, []);
  return done;
}
