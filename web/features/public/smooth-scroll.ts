// The landing page's smooth scroll (docs/product.md §2, §9: about 1.2 s): a requestAnimationFrame loop with its own easing,
// so the duration is the same in every browser (CSS smooth scrolling picks its own). Pure apart from the injected
// clock, frame scheduler and scroller, so it is unit-tested without a browser.

/** Slow start, fast middle, gentle landing. */
export function easeInOutCubic(t: number): number {
  if (t <= 0) return 0;
  if (t >= 1) return 1;
  return t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2;
}

export interface ScrollDriver {
  now: () => number;
  requestFrame: (callback: (time: number) => void) => number;
  cancelFrame: (id: number) => void;
  scrollTo: (y: number) => void;
}

/** Animates from `from` to `to` over `durationMs`; resolves when done. Returns a cancel function. */
export function animateScroll(
  from: number,
  to: number,
  durationMs: number,
  driver: ScrollDriver,
  onDone: () => void = () => {},
): () => void {
  const start = driver.now();
  let frame = 0;
  let cancelled = false;
  const step = () => {
    if (cancelled) return;
    const t = durationMs > 0 ? (driver.now() - start) / durationMs : 1;
    driver.scrollTo(Math.round(from + (to - from) * easeInOutCubic(t)));
    if (t < 1) frame = driver.requestFrame(step);
    else onDone();
  };
  frame = driver.requestFrame(step);
  return () => {
    cancelled = true;
    driver.cancelFrame(frame);
  };
}

export const browserScrollDriver: ScrollDriver = {
  now: () => performance.now(),
  requestFrame: (callback) => window.requestAnimationFrame(callback),
  cancelFrame: (id) => window.cancelAnimationFrame(id),
  scrollTo: (y) => window.scrollTo(0, y),
};
