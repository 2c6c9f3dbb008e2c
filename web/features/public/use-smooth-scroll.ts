// Scrolls to a section with the landing page's own easing over TIMINGS.landingScrollMs, or jumps at once when the
// visitor prefers reduced motion. Focus moves to the section afterwards so keyboard and screen-reader users land
// where the eyes do.
import { useCallback, useEffect, useRef } from 'react';
import { useReducedMotion } from '@mantine/hooks';
import { animateScroll, browserScrollDriver } from './smooth-scroll';

export function useSmoothScroll(durationMs: number) {
  const reduceMotion = useReducedMotion();
  const cancel = useRef<(() => void) | null>(null);

  useEffect(() => () => cancel.current?.(), []);

  return useCallback(
    (target: HTMLElement | null) => {
      if (!target) return;
      cancel.current?.();
      const margin = parseFloat(getComputedStyle(target).scrollMarginTop) || 0;
      const to = Math.max(0, target.getBoundingClientRect().top + window.scrollY - margin);
      const land = () => target.focus({ preventScroll: true });
      if (reduceMotion) {
        window.scrollTo(0, to);
        land();
        return;
      }
      // The visitor takes over the moment they scroll or press a key themselves.
      const interrupt = () => cancel.current?.();
      const events = ['wheel', 'touchstart', 'keydown'] as const;
      const stop = animateScroll(window.scrollY, to, durationMs, browserScrollDriver, () => {
        cleanup();
        land();
      });
      const cleanup = () => events.forEach((e) => window.removeEventListener(e, interrupt));
      events.forEach((e) => window.addEventListener(e, interrupt, { passive: true }));
      cancel.current = () => {
        stop();
        cleanup();
      };
    },
    [durationMs, reduceMotion],
  );
}
