import { useEffect, useRef, useState, type ReactNode } from 'react';

interface WhenNearViewProps {
  /** The space kept for the content until it renders, so nothing moves when it does. */
  minHeight: number;
  children: ReactNode;
  /** How close to the window the space must come before the content renders. */
  margin?: string;
}

/**
 * Renders its children once their place comes near the window: heavy content below the fold (the dashboard's charts)
 * then costs nothing to a visitor who never scrolls to it, and nothing while the page's first screen is drawn.
 * Where IntersectionObserver is missing it renders at once.
 */
export function WhenNearView({ minHeight, children, margin = '300px' }: WhenNearViewProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);
  return near ? children : <div ref={ref} style={{ minHeight }} aria-hidden />;
}
